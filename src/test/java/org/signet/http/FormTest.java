package org.signet.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.signet.service.Refusal;

/** Reading posted forms: repeated fields, encoding, and a refusal (never a 500) for a malformed body. */
class FormTest {
    @Test
    void parse_decodesRepeatedAndEmptyFields() {
        Form f = Form.parse("name=Ann+B%C3%A9&events=a&events=b&flag&empty=");
        assertEquals("Ann Bé", f.value("name"));
        assertEquals(List.of("a", "b"), f.values("events"));
        assertEquals("", f.value("flag"));
        assertNull(f.value("missing"));
        assertEquals(false, f.body().has("empty"));
    }

    @Test
    void parse_badPercentEncoding_refusedAsInvalid() {
        Refusal r = assertThrows(Refusal.class, () -> Form.parse("name=%zz"));
        assertEquals(Refusal.Kind.INVALID, r.kind());
        assertEquals("invalid_form", r.code());
    }
}
