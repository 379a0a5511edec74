package org.signet.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Parsing into plain values, and the texts that parse but are refused because they could mean two things. */
class JsonTest {
    private static String refusal(String text) {
        return assertThrows(JsonSyntaxException.class, () -> Json.parse(text), text).getMessage();
    }

    @Test
    void parse_object_plainValuesInOrder() throws Exception {
        Map<String, Object> expected = new LinkedHashMap<>();
        expected.put("b", "x");
        expected.put("a", new BigDecimal("1.5"));
        expected.put("n", null);
        expected.put("l", List.of(true, Map.of()));

        assertEquals(expected, Json.parse("{\"b\":\"x\",\"a\":1.5,\"n\":null,\"l\":[true,{}]}"));
        assertEquals(List.of("b", "a", "n", "l"), List.copyOf(((Map<?, ?>) Json.parse(
                "{\"b\":\"x\",\"a\":1.5,\"n\":null,\"l\":[true,{}]}")).keySet()));
    }

    @Test
    void parse_duplicateKey_refusedNamingIt() {
        assertTrue(refusal("{\"email\": \"a@x\", \"email\": \"b@x\"}").contains("the key \"email\" appears twice"));
        // Whatever the values, null among them, and however far apart.
        assertTrue(refusal("{\"a\": null, \"b\": 1, \"a\": null}").contains("\"a\""));
    }

    @Test
    void parse_duplicateKeyAtAnyDepth_refused() {
        assertTrue(refusal("{\"fields\": [{\"signer_id\": 1, \"signer_id\": 2}]}").contains("\"signer_id\""));
        assertTrue(refusal("[[{\"x\": {\"y\": 1, \"y\": 1}}]]").contains("\"y\""));
    }

    @Test
    void parse_sameKeyInDifferentObjects_accepted() throws Exception {
        assertEquals(Map.of("a", Map.of("a", Map.of("a", true))), Json.parse("{\"a\": {\"a\": {\"a\": true}}}"));
        assertEquals(List.of(Map.of("k", "1"), Map.of("k", "2")), Json.parse("[{\"k\": \"1\"}, {\"k\": \"2\"}]"));
    }

    @Test
    void parse_duplicateKeyVeryLong_messageShortened() {
        String key = "k".repeat(10_000);

        String message = refusal("{\"" + key + "\": 1, \"" + key + "\": 2}");

        assertTrue(message.length() < 200, message);
    }

    @Test
    void parse_loneSurrogateEscape_refused() {
        assertTrue(refusal("{\"title\": \"A\\ud800\"}").contains("unpaired surrogate \\ud800"));
        assertTrue(refusal("\"\\udfffA\"").contains("\\udfff"));
        assertTrue(refusal("[\"\\ude00\\ud83d\"]").contains("unpaired surrogate"));
        assertTrue(refusal("{\"\\ud800\": 1}").contains("unpaired surrogate"), "in a key too");
    }

    @Test
    void parse_surrogatePairEscaped_oneCharacter() throws Exception {
        assertEquals("\ud83d\udd8a pen", Json.parse("\"\\ud83d\\udd8a pen\""));
        assertEquals(Map.of("\ud83d\ude00", "x"), Json.parse("{\"\\ud83d\\ude00\": \"x\"}"));
    }

    @Test
    void write_raw_embeddedCharacterForCharacter() {
        Map<String, Object> outer = new LinkedHashMap<>();
        outer.put("id", "7");
        outer.put("data", Json.raw("{\"b\": 1.50, \"a\":\"\\u00e9\"}"));

        assertEquals("{\"id\":\"7\",\"data\":{\"b\": 1.50, \"a\":\"\\u00e9\"}}", Json.write(outer));
    }

    @Test
    void aroundString_headAndTail_makeTheWholeObjectWithTheStreamedString() throws Exception {
        Map<String, Object> rest = new LinkedHashMap<>();
        rest.put("filename", "a \"quoted\" name.pdf");
        rest.put("encoding", "base64");

        Json.Around around = Json.aroundString("content", rest);

        assertEquals("{\"content\":\"", around.head());
        Map<String, Object> expected = new LinkedHashMap<>();
        expected.put("content", "QUJD");
        expected.putAll(rest);
        assertEquals(Json.write(expected), around.head() + "QUJD" + around.tail());
        assertEquals(expected, Json.parse(around.head() + "QUJD" + around.tail()));
    }

    @Test
    void aroundString_noOtherMembers_closesTheObject() {
        Json.Around around = Json.aroundString("content", Map.of());

        assertEquals("{\"content\":\"x\"}", around.head() + "x" + around.tail());
    }
}
