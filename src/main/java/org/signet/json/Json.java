package org.signet.json;

import com.eclipsesource.json.JsonObject;
import com.eclipsesource.json.JsonValue;
import com.eclipsesource.json.ParseException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one door to the JSON library: parses text into plain Java values (Map, List, String,
 * BigDecimal, Boolean, null); writing them back is done here directly ({@link JsonText}). minimal-json is no longer maintained, so
 * nothing outside this package may import it.
 */
public final class Json {
    /** Deeper documents are refused before parsing: the parser recurses once per level. */
    static final int MAX_DEPTH = 256;

    private Json() {}

    public static Object parse(String text) throws JsonSyntaxException {
        checkDepth(text);
        try {
            return toJava(com.eclipsesource.json.Json.parse(text));
        } catch (ParseException e) {
            throw new JsonSyntaxException(e.getMessage());
        } catch (StackOverflowError e) {
            throw new JsonSyntaxException("nesting too deep");
        } catch (OutOfRange e) {
            throw new JsonSyntaxException("the number " + e.getMessage() + " is out of range");
        }
    }

    /** A number whose exponent no BigDecimal can hold; the text is bounded by the body's size limit. */
    private static final class OutOfRange extends RuntimeException {
        private static final long serialVersionUID = 1L;

        OutOfRange(String number) {
            super(number.length() > 40 ? number.substring(0, 40) + "..." : number, null, false, false);
        }
    }

    public static String write(Object value) {
        StringBuilder out = new StringBuilder(256);
        JsonText.write(value, out);
        return out.toString();
    }

    private static void checkDepth(String text) throws JsonSyntaxException {
        int depth = 0;
        boolean inString = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (inString) {
                if (c == '\\') {
                    i++;
                } else if (c == '"') {
                    inString = false;
                }
            } else if (c == '"') {
                inString = true;
            } else if (c == '[' || c == '{') {
                if (++depth > MAX_DEPTH) {
                    throw new JsonSyntaxException("nesting deeper than " + MAX_DEPTH + " levels");
                }
            } else if (c == ']' || c == '}') {
                depth--;
            }
        }
    }

    private static Object toJava(JsonValue v) {
        if (v.isObject()) {
            Map<String, Object> map = new LinkedHashMap<>();
            for (JsonObject.Member m : v.asObject()) {
                map.put(m.getName(), toJava(m.getValue()));
            }
            return map;
        }
        if (v.isArray()) {
            List<Object> list = new ArrayList<>();
            for (JsonValue item : v.asArray()) {
                list.add(toJava(item));
            }
            return list;
        }
        if (v.isString()) {
            return v.asString();
        }
        if (v.isNumber()) {
            // BigDecimal keeps 1e999999999 as one digit and an exponent; only an exponent past the
            // int range cannot be held at all, and that is the client's malformed number.
            try {
                return new BigDecimal(v.toString());
            } catch (NumberFormatException e) {
                throw new OutOfRange(v.toString());
            }
        }
        if (v.isBoolean()) {
            return v.asBoolean();
        }
        return null;
    }
}
