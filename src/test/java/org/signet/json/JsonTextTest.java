package org.signet.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.eclipsesource.json.JsonArray;
import com.eclipsesource.json.JsonObject;
import com.eclipsesource.json.JsonValue;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The direct writer against minimal-json's tree, which wrote Signet's responses before: the same text. */
class JsonTextTest {
    /** What Json.write did before: build minimal-json's tree, then print it. */
    private static JsonValue tree(Object value) {
        if (value == null) {
            return JsonValue.valueOf((String) null);
        } else if (value instanceof String s) {
            return JsonValue.valueOf(s);
        } else if (value instanceof Boolean b) {
            return JsonValue.valueOf(b);
        } else if (value instanceof Integer || value instanceof Long || value instanceof Short) {
            return JsonValue.valueOf(((Number) value).longValue());
        } else if (value instanceof Number n) {
            return JsonValue.valueOf(n.doubleValue());
        } else if (value instanceof Map<?, ?> map) {
            JsonObject o = new JsonObject();
            map.forEach((k, v) -> o.add(String.valueOf(k), tree(v)));
            return o;
        }
        JsonArray a = new JsonArray();
        ((Collection<?>) value).forEach(i -> a.add(tree(i)));
        return a;
    }

    private static void assertSameText(Object value) {
        assertEquals(tree(value).toString(), Json.write(value));
    }

    @Test
    void write_everyKindOfValue_sameTextAsTheTree() {
        Map<String, Object> document = new LinkedHashMap<>();
        document.put("id", "7");
        document.put("title", "Mutual NDA \"Acme\" / Blue\\Harbor");
        document.put("expires_at", null);
        document.put("signers", List.of(Map.of("name", "Ann"), Map.of("name", "Bob")));
        document.put("empty", List.of());
        document.put("nothing", Map.of());
        document.put("flags", Arrays.asList(true, false, null));
        Map<Object, Object> numberKeys = new LinkedHashMap<>();
        numberKeys.put(1, "one");
        document.put("numbers", Arrays.asList(0, -1, Long.MAX_VALUE, Long.MIN_VALUE, (short) 3, 72.0, 72.5, -0.0,
                0.1, 1e20, 1.5e-7, Double.MAX_VALUE, Double.MIN_VALUE, 3.0f, new BigDecimal("595.28"), (byte) 5,
                numberKeys));

        assertSameText(document);
        assertSameText("top-level string");
        assertSameText(42L);
        assertSameText(null);
    }

    @Test
    void write_everyCharacterThatMightBeEscaped_sameTextAsTheTree() {
        StringBuilder all = new StringBuilder();
        for (char c = 0; c < 0x300; c++) {
            all.append(c);
        }
        all.append("\u2027\u2028\u2029\u202a\ud83d\ude00\ud800\uffff");

        assertSameText(all.toString());
        assertSameText(Map.of(all.toString(), all.toString()));
    }

    @Test
    void write_randomStrings_sameTextAsTheTree() {
        Random random = new Random(12);
        List<Object> strings = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            char[] chars = new char[random.nextInt(20)];
            for (int j = 0; j < chars.length; j++) {
                chars[j] = random.nextInt(4) == 0 ? (char) random.nextInt(0x40) : (char) random.nextInt(0x10000);
            }
            strings.add(new String(chars));
        }

        assertSameText(strings);
    }

    @Test
    void write_notJson_refusedAsBefore() {
        assertEquals("Infinite and NaN values not permitted in JSON",
                assertThrows(IllegalArgumentException.class, () -> Json.write(List.of(Double.NaN))).getMessage());
        assertThrows(IllegalArgumentException.class, () -> Json.write(Double.POSITIVE_INFINITY));
        assertThrows(IllegalArgumentException.class, () -> Json.write(new Object()));
    }
}
