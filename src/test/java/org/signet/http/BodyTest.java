package org.signet.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.signet.json.Json;
import org.signet.service.Refusal;

/** A JSON body read as named parameters: every problem collected, missing before invalid, all at once (S2). */
class BodyTest {
    @SuppressWarnings("unchecked")
    private static Body body(String json) {
        try {
            return new Body((Map<String, Object>) Json.parse(json));
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static Refusal refusal(Body b) {
        return assertThrows(Refusal.class, b::check);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, String> invalid(Body b) {
        Refusal r = refusal(b);
        assertEquals("rest_invalid_param", r.code());
        assertEquals(Refusal.Kind.INVALID, r.kind());
        return (Map<String, String>) r.data().get("params");
    }

    @Test
    void optString_onlyJsonStrings() {
        Body b = body("{\"a\": \"x\", \"n\": 1.5, \"big\": 1e999999999, \"t\": true, \"o\": {}, \"l\": []}");

        assertEquals(Optional.of("x"), b.optString("a"));
        for (String name : List.of("n", "big", "t", "o", "l")) {
            assertEquals(Optional.empty(), b.optString(name), name);
        }
        assertEquals(List.of("n", "big", "t", "o", "l"), List.copyOf(invalid(b).keySet()));
    }

    @Test
    void optString_absentOrNull_empty() {
        Body b = body("{\"n\": null}");

        assertEquals(Optional.empty(), b.optString("n"));
        assertEquals(Optional.empty(), b.optString("absent"));
        b.check();
    }

    @Test
    void optLong_numbersAndNumericStringsInRange() {
        Body b = body("{\"a\": 5, \"b\": \"-5\", \"c\": \"7\"}");

        assertEquals(Optional.of(5L), b.optLong("a", 1, 10));
        assertEquals(Optional.of(-5L), b.optLong("b", -10, 10));
        assertEquals(Optional.of(7L), b.optLong("c", 1, 10));
        b.check();
    }

    @Test
    void optLong_outOfRangeOrNotAnInteger_invalid() {
        Body b = body("{\"low\": 0, \"neg\": \"-5\", \"frac\": 1.5, \"exp\": 1e3, \"huge\": 1e999999999, "
                + "\"tiny\": 1e-999999999, \"bool\": true, \"word\": \"seven\"}");

        for (String name : List.of("low", "neg", "frac", "exp", "huge", "tiny", "bool", "word")) {
            assertEquals(Optional.empty(), b.optLong(name, 1, 100), name);
        }
        Map<String, String> params = invalid(b);
        assertEquals(8, params.size(), params.toString());
        assertEquals("low must be between 1 and 100.", params.get("low"));
        assertEquals("frac is not of type integer.", params.get("frac"));
    }

    @Test
    void optNumber_finiteOnly() {
        Body b = body("{\"x\": 72.5, \"s\": \"10\", \"inf\": 1e999999999, \"b\": false}");

        assertEquals(Optional.of(72.5), b.optNumber("x"));
        assertEquals(Optional.of(10.0), b.optNumber("s"));
        assertEquals(Optional.empty(), b.optNumber("inf"));
        assertEquals(Optional.empty(), b.optNumber("b"));
        assertEquals(List.of("inf", "b"), List.copyOf(invalid(b).keySet()));
    }

    @Test
    void optBool_wordPressForms() {
        Body b = body("{\"a\": true, \"b\": \"TRUE\", \"c\": 1, \"d\": \"0\", \"e\": \"false\", \"f\": \"yes\", \"g\": 2}");

        assertEquals(Optional.of(true), b.optBool("a"));
        assertEquals(Optional.of(true), b.optBool("b"));
        assertEquals(Optional.of(true), b.optBool("c"));
        assertEquals(Optional.of(false), b.optBool("d"));
        assertEquals(Optional.of(false), b.optBool("e"));
        assertEquals(Optional.empty(), b.optBool("f"));
        assertEquals(Optional.empty(), b.optBool("g"));
        assertEquals(List.of("f", "g"), List.copyOf(invalid(b).keySet()));
    }

    @Test
    void optLine_strippedAndOneLine() {
        Body b = body("{\"t\": \"  Lease  \", \"nl\": \"a\\nb\", \"nul\": \"a\\u0000\", \"blank\": \"   \", "
                + "\"long\": \"" + "x".repeat(256) + "\"}");

        assertEquals(Optional.of("Lease"), b.optLine("t", 255));
        for (String name : List.of("nl", "nul", "blank", "long")) {
            assertTrue(b.optLine(name, 255).isEmpty(), name);
        }
        Map<String, String> params = invalid(b);
        assertEquals("nl must be 1 to 255 characters, without line breaks or control characters.", params.get("nl"));
        assertEquals(4, params.size());
    }

    @Test
    void check_missingReportedBeforeInvalid_allNamesAtOnce() {
        Body b = body("{\"count\": \"many\"}");
        b.requireString("name");
        b.requireLong("count", 1, 10);
        b.require("events");

        Refusal r = refusal(b);

        assertEquals("rest_missing_callback_param", r.code());
        assertEquals(List.of("name", "events"), r.data().get("params"));
    }

    @Test
    void reject_keepsTheFirstMessagePerParameter() {
        Body b = body("{}");
        b.reject("title", "first");
        b.reject("title", "second");

        assertEquals(Map.of("title", "first"), invalid(b));
    }

    @Test
    void hasAndIsNull_tellAbsentFromExplicitNull() {
        Body b = body("{\"n\": null, \"v\": 1}");

        assertTrue(b.has("n") && b.isNull("n"));
        assertTrue(b.has("v") && !b.isNull("v"));
        assertTrue(!b.has("x") && !b.isNull("x"));
        assertNull(b.raw("n"));
    }
}
