package org.signet.http;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.signet.error.Refusal;

/** A query string: decoded as UTF-8, a repeated name read by its first value, problems reported all at once. */
class QueryTest {

    @SuppressWarnings("unchecked")
    private static Map<String, String> invalid(Query q) {
        Refusal r = assertThrows(Refusal.class, q::check);
        assertEquals("rest_invalid_param", r.code());
        return (Map<String, String>) r.data().get("params");
    }

    @Test
    void parse_percentAndPlusEncoded_decodedAsUtf8() {
        Query q = Query.parse("search=na%C3%AFve+nda&flag");

        assertEquals(Optional.of("naïve nda"), q.value("search"));
        assertEquals(Optional.of(""), q.value("flag"));
        assertEquals(Optional.empty(), q.value("status"));
    }

    @Test
    void parse_nameGivenTwice_firstValueRead() {
        Query q = Query.parse("page=2&page=9");

        assertEquals(Map.of("page", List.of("2", "9")), q.all());
        assertEquals(Optional.of(2L), q.optLong("page", 1, 100));
    }

    @Test
    void parse_nullOrEmpty_noParameters() {
        assertEquals(Map.of(), Query.parse(null).all());
        assertEquals(Map.of(), Query.parse("").all());
        assertDoesNotThrow(Query.parse(null)::check);
    }

    @Test
    void parse_badEscape_refusedAsInvalidParam() {
        Refusal r = assertThrows(Refusal.class, () -> Query.parse("search=%E"));

        assertEquals("rest_invalid_param", r.code());
    }

    @Test
    void check_everyBadParameter_reportedAtOnce() {
        Query q = Query.parse("page=zero&per_page=500&search=ok");

        q.optLong("page", 1, 1_000_000);
        q.optLong("per_page", 1, 100);
        q.optLineOrBlank("search", 200);
        q.reject("status", "status is not one of draft, sent.");

        assertEquals(Map.of("page", "page is not of type integer.", "per_page", "per_page must be between 1 and 100.",
                "status", "status is not one of draft, sent."), invalid(q));
    }

    @Test
    void optLineOrBlank_blank_noneGiven() {
        Query q = Query.parse("search=+++");

        assertEquals(Optional.empty(), q.optLineOrBlank("search", 200));
        assertDoesNotThrow(q::check);
    }
}
