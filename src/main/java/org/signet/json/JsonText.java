package org.signet.json;

import java.util.Collection;
import java.util.Iterator;
import java.util.Map;

/**
 * Writes plain Java values (Map, Collection, String, Number, Boolean, null; {@link Json.Raw} as it is) as JSON text straight
 * into a StringBuilder. Going through minimal-json's tree meant a second copy of every response,
 * node by node, before a character was written; the text is the same (JsonTextTest holds it to that).
 */
final class JsonText {
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private JsonText() {}

    static void write(Object value, StringBuilder out) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof String s) {
            string(s, out);
        } else if (value instanceof Boolean b) {
            out.append(b.booleanValue());
        } else if (value instanceof Integer || value instanceof Long || value instanceof Short) {
            out.append(((Number) value).longValue());
        } else if (value instanceof Number n) {
            number(n.doubleValue(), out);
        } else if (value instanceof Json.Raw raw) {
            out.append(raw.text());
        } else if (value instanceof Map<?, ?> map) {
            object(map, out);
        } else if (value instanceof Collection<?> items) {
            array(items, out);
        } else {
            throw new IllegalArgumentException("cannot write " + value.getClass().getName() + " as JSON");
        }
    }

    private static void object(Map<?, ?> map, StringBuilder out) {
        out.append('{');
        Iterator<? extends Map.Entry<?, ?>> it = map.entrySet().iterator();
        while (it.hasNext()) {
            Map.Entry<?, ?> e = it.next();
            string(String.valueOf(e.getKey()), out);
            out.append(':');
            write(e.getValue(), out);
            if (it.hasNext()) {
                out.append(',');
            }
        }
        out.append('}');
    }

    private static void array(Collection<?> items, StringBuilder out) {
        out.append('[');
        Iterator<?> it = items.iterator();
        while (it.hasNext()) {
            write(it.next(), out);
            if (it.hasNext()) {
                out.append(',');
            }
        }
        out.append(']');
    }

    /** Shortest round-trip text of the double, without a trailing ".0" (72.0 is 72, 1.0E20 stays). */
    private static void number(double d, StringBuilder out) {
        if (Double.isInfinite(d) || Double.isNaN(d)) {
            throw new IllegalArgumentException("Infinite and NaN values not permitted in JSON");
        }
        String s = Double.toString(d);
        out.append(s, 0, s.endsWith(".0") ? s.length() - 2 : s.length());
    }

    /**
     * A quoted string (RFC 8259 section 7): quote and backslash escaped, control characters as \n, \r,
     * \t or \\u00XX, and U+2028 and U+2029, which end a line in JavaScript, as \\u2028 and \\u2029.
     */
    private static void string(String s, StringBuilder out) {
        out.append('"');
        int start = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 0x20 && c != '"' && c != '\\' && c != '\u2028' && c != '\u2029') {
                continue;
            }
            out.append(s, start, i);
            start = i + 1;
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> out.append("\\u").append(HEX[c >> 12 & 15]).append(HEX[c >> 8 & 15])
                        .append(HEX[c >> 4 & 15]).append(HEX[c & 15]);
            }
        }
        out.append(s, start, s.length()).append('"');
    }
}
