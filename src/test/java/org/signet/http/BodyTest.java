package org.signet.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.signet.error.Refusal;
import org.signet.json.Json;

/** A JSON body read as named parameters: every problem collected, missing before invalid, all at once. */
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
    void fromJson_ambiguousText_invalidJsonNamingWhy() {
        Map<String, String> bodies = Map.of(
                "{\"email\": \"a@x\", \"email\": \"b@x\"}", "the key \"email\" appears twice",
                "{\"title\": \"A\\ud800\"}", "unpaired surrogate \\ud800",
                "{\"title\": \"\\udc00B\"}", "unpaired surrogate \\udc00");
        bodies.forEach((json, why) -> {
            Refusal e = assertThrows(Refusal.class, () -> Body.fromJson(json.getBytes(StandardCharsets.UTF_8)));
            assertEquals("rest_invalid_json", e.code(), json);
            assertEquals(400, e.status());
            assertTrue(e.getMessage().contains(why), e.getMessage());
        });
    }

    @Test
    void fromJson_surrogateEncodedAsUtf8Bytes_invalidJson() {
        // U+D800 written as if it were a character (CESU-8 style): not UTF-8, so never a '?' in storage.
        byte[] body = {'{', '"', 't', '"', ':', '"', 'A', (byte) 0xed, (byte) 0xa0, (byte) 0x80, '"', '}'};

        Refusal e = assertThrows(Refusal.class, () -> Body.fromJson(body));

        assertEquals("rest_invalid_json", e.code());
        assertTrue(e.getMessage().contains("not valid UTF-8"), e.getMessage());
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
                + "\"long\": \"" + "x".repeat(256) + "\", \"end\": \"Lease\\n\"}");

        assertEquals(Optional.of("Lease"), b.optLine("t", 255));
        for (String name : List.of("nl", "nul", "blank", "long", "end")) {
            assertTrue(b.optLine(name, 255).isEmpty(), name);
        }
        Map<String, String> params = invalid(b);
        assertEquals("nl must be one line, without line breaks.", params.get("nl"));
        assertEquals("nul must not contain control characters.", params.get("nul"));
        assertEquals("blank must be 1 to 255 characters.", params.get("blank"));
        assertEquals(5, params.size());
    }

    @Test
    void optLine_textRuleRefusal_carriesItsCodeInDetails() {
        Body b = body("{\"title\": \"fdp\\u202e.exe\", \"name\": \"x\"}");
        b.optLine("title", 255);
        b.optLine("name", 0);

        Refusal r = refusal(b);

        assertEquals(Map.of("title", Map.of("code", "text_direction_control",
                "message", "title must not contain bidirectional overrides, embeddings or isolates.")),
                r.data().get("details"), "a length is no text rule: only title has details");
        assertEquals(List.of("title", "name"), List.copyOf(((Map<?, ?>) r.data().get("params")).keySet()));
    }

    @Test
    void optLine_decomposedText_keptInNfc() {
        Body b = body("{\"name\": \"Zoe\\u0308 Ma\\u0301rquez\"}");

        assertEquals(Optional.of("Zo\u00eb M\u00e1rquez"), b.optLine("name", 255));
        b.check();
    }

    @Test
    void optLineOrBlank_blankIsNoneAndTheRuleStillHolds() {
        Body b = body("{\"q\": \"  \", \"e\": \"\", \"s\": \" nda \", \"c\": \"a\\u001b\"}");

        assertEquals(Optional.empty(), b.optLineOrBlank("q", 200));
        assertEquals(Optional.empty(), b.optLineOrBlank("e", 200));
        assertEquals(Optional.empty(), b.optLineOrBlank("absent", 200));
        assertEquals(Optional.of("nda"), b.optLineOrBlank("s", 200));
        assertEquals(Optional.empty(), b.optLineOrBlank("c", 200));
        assertEquals(List.of("c"), List.copyOf(invalid(b).keySet()));
    }

    @Test
    void optText_linesKeptAsLfAndStripped() {
        Body b = body("{\"d\": \" one\\r\\ntwo\\n\", \"empty\": \"\", \"tab\": \"a\\tb\", \"cr\": \"a\\rb\"}");

        assertEquals(Optional.of("one\ntwo"), b.optText("d", 100));
        assertEquals(Optional.of(""), b.optText("empty", 100));
        assertEquals(Optional.empty(), b.optText("tab", 100));
        assertEquals(Optional.empty(), b.optText("cr", 100));
        Map<String, String> params = invalid(b);
        assertEquals("tab must not contain control characters other than line breaks.", params.get("tab"));
        assertEquals("cr must break lines with LF or CRLF only.", params.get("cr"));
    }

    @Test
    void requireText_blankOrTooLong_invalid() {
        Body b = body("{\"r\": \" \\n \", \"long\": \"" + "x".repeat(11) + "\"}");

        assertNull(b.requireText("r", 10));
        assertNull(b.requireText("long", 10));
        assertNull(b.requireText("absent", 10));
        assertEquals("rest_missing_callback_param", refusal(b).code());
    }

    @Test
    void prefix_namesNestedParametersAsSent() {
        Body missing = new Body(Map.of(), "signers[1].");
        missing.requireLine("name", 10);
        Body bad = new Body(Map.of("name", "\u0000"), "signers[1].");
        bad.requireLine("name", 10);

        assertEquals(List.of("signers[1].name"), refusal(missing).data().get("params"));
        assertEquals(Map.of("signers[1].name", "name must not contain control characters."), invalid(bad));
        assertTrue(((Map<?, ?>) refusal(bad).data().get("details")).containsKey("signers[1].name"));
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
