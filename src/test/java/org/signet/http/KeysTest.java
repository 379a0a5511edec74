package org.signet.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.signet.error.Refusal;

class KeysTest {
    private static final Keys SIGNER = Keys.of("name", "email");

    private static Map<String, Object> object(String... keys) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (String k : keys) {
            m.put(k, "x");
        }
        return m;
    }

    @Test
    void unknownIn_keysOutsideTheList_inTheOrderGiven() {
        assertEquals(List.of("phone", "emial"), SIGNER.unknownIn(object("phone", "name", "emial")));
        assertEquals(List.of(), SIGNER.unknownIn(object("email", "name")));
    }

    @Test
    void and_addsKeysWithoutChangingTheFirst() {
        Keys wider = SIGNER.and("pin_code").and(Keys.of("role"));
        assertEquals(List.of(), wider.unknownIn(object("name", "pin_code", "role")));
        assertEquals(List.of("pin_code"), SIGNER.unknownIn(object("pin_code")));
    }

    @Test
    void refuseUnknown_namesEachUnderThePrefix_withTheDetailCode() {
        Refusal r = assertThrows(Refusal.class,
                () -> new Body(object("name", "emial", "phone"), "signers[1].").refuseUnknown(SIGNER));
        assertEquals("rest_invalid_param", r.code());
        assertEquals(List.of("signers[1].emial", "signers[1].phone"),
                List.copyOf(((Map<?, ?>) r.data().get("params")).keySet()));
        assertEquals("unknown_key", ((Map<?, ?>) ((Map<?, ?>) r.data().get("details")).get("signers[1].emial"))
                .get("code"));
    }

    @Test
    void refuseUnknown_allKnown_returnsTheBody() {
        Body b = new Body(object("name"));
        assertSame(b, b.refuseUnknown(SIGNER));
    }

    @Test
    void none_refusesAnyKey_butNotAnEmptyObject() {
        new Body(Map.of()).refuseUnknown(Keys.NONE);
        assertThrows(Refusal.class, () -> new Body(object("notify")).refuseUnknown(Keys.NONE));
    }
}
