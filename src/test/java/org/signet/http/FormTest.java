package org.signet.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.signet.error.Refusal;

/** Reading posted forms: repeated fields, encoding, and a refusal (never a 500) for a malformed body. */
class FormTest {
    @Test
    void parse_decodesRepeatedAndEmptyFields() {
        Form f = Form.parse("name=Ann+B%C3%A9&events=a&events=b&flag&empty=");
        assertEquals("Ann Bé", f.value("name"));
        assertEquals(List.of("a", "b"), f.values("events"));
        assertEquals("", f.value("flag"));
        assertNull(f.value("missing"));
        assertEquals(false, Form.parse("name=x&empty=").body().has("empty"));
    }

    @Test
    void parse_badPercentEncoding_refusedAsInvalid() {
        Refusal r = assertThrows(Refusal.class, () -> Form.parse("name=%zz"));
        assertEquals(Refusal.Kind.INVALID, r.kind());
        assertEquals("invalid_form", r.code());
    }

    @Test
    void parse_bytesThatAreNotUtf8_refusedNeverReplaced() {
        for (String encoded : List.of("name=A%ED%A0%80", "name=%C3", "name=%FF", "name=%E9t%E9", "name=\ufffd", "n%C3=x",
                "name=%4")) {
            Refusal r = assertThrows(Refusal.class, () -> Form.parse(encoded), encoded);
            assertEquals("invalid_form", r.code(), encoded);
        }
        assertEquals("\ud83d\udd8a pen", Form.parse("name=%F0%9F%96%8A+pen").value("name"));
    }

    @Test
    void body_fieldGivenTwice_refusedNamingIt() {
        Form f = Form.parse("name=Ann&name=Eve");
        Refusal r = assertThrows(Refusal.class, f::body);

        assertEquals("rest_invalid_param", r.code());
        assertEquals(java.util.Map.of("name", "name is sent more than once."), r.data().get("params"));
        assertEquals(List.of("a", "b"), Form.parse("events=a&events=b").values("events"), "lists are read as lists");
    }
}
