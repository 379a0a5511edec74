package org.signet.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.signet.support.InputDeadline;

/**
 * Any text through {@link Json#parse}: a plain Java value or a {@link JsonSyntaxException}, nothing
 * else (no parser exception, no stack overflow), within a time bound; and what was parsed is written
 * back by {@link JsonText} as JSON that parses to the same value.
 */
@Tag("jazzer")
class JsonFuzzTest {
    private static final InputDeadline DEADLINE = new InputDeadline(Duration.ofSeconds(5));

    @FuzzTest(maxDuration = "5m")
    void parse_anyText_valueOrSyntaxErrorAndWritesBack(byte[] input) throws Exception {
        String text = new String(input, StandardCharsets.UTF_8);
        DEADLINE.run(() -> parseAndWriteBack(text));
    }

    private static void parseAndWriteBack(String text) throws JsonSyntaxException {
        Object value;
        try {
            value = Json.parse(text);
        } catch (JsonSyntaxException e) {
            assertNotNull(e.getMessage());
            return;
        }
        if (!fitsDouble(value)) {
            // Responses never carry a client's number; JsonText writes doubles, which cannot hold it.
            return;
        }
        String written = Json.write(value);
        assertEquals(normal(value), normal(Json.parse(written)), "written back as " + written);
    }

    /** True when every number in the value is a finite double. */
    private static boolean fitsDouble(Object value) {
        if (value instanceof BigDecimal n) {
            return Double.isFinite(n.doubleValue());
        }
        if (value instanceof Map<?, ?> m) {
            return m.values().stream().allMatch(JsonFuzzTest::fitsDouble);
        }
        if (value instanceof List<?> l) {
            return l.stream().allMatch(JsonFuzzTest::fitsDouble);
        }
        return true;
    }

    /** The value with numbers as doubles, the precision JsonText writes them with. */
    private static Object normal(Object value) {
        if (value instanceof BigDecimal n) {
            return n.doubleValue() + 0.0;
        }
        if (value instanceof Map<?, ?> m) {
            Map<Object, Object> out = new LinkedHashMap<>();
            m.forEach((k, v) -> out.put(k, normal(v)));
            return out;
        }
        if (value instanceof List<?> l) {
            List<Object> out = new ArrayList<>();
            l.forEach(v -> out.add(normal(v)));
            return out;
        }
        assertTrue(value == null || value instanceof String || value instanceof Boolean, String.valueOf(value));
        return value;
    }
}
