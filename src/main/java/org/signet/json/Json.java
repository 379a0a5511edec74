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
        } catch (Ambiguous e) {
            throw new JsonSyntaxException(e.getMessage());
        }
    }

    /** A number whose exponent no BigDecimal can hold; the text is bounded by the body's size limit. */
    private static final class OutOfRange extends RuntimeException {
        private static final long serialVersionUID = 1L;

        OutOfRange(String number) {
            super(shortened(number), null, false, false);
        }
    }

    /**
     * Text that parses but could mean two things (RFC 8259 sections 4 and 8.2): a key given twice in one
     * object, where readers differ on which one counts, or a string holding half a surrogate pair, which
     * is no character at all and would be stored as '?'. Refused rather than guessed at.
     */
    private static final class Ambiguous extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Ambiguous(String message) {
            super(message, null, false, false);
        }
    }

    private static String shortened(String text) {
        return text.length() > 40 ? text.substring(0, 40) + "..." : text;
    }

    public static String write(Object value) {
        StringBuilder out = new StringBuilder(256);
        JsonText.write(value, out);
        return out.toString();
    }

    /**
     * An object whose members keep the order given ({@code name, value, name, value, ...}), for an answer
     * built in one expression; {@code Map.of} would write its members in an order that changes from one
     * run to the next.
     */
    public static Map<String, Object> object(Object... namesAndValues) {
        if (namesAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("a name without a value");
        }
        Map<String, Object> out = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            out.put((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        return out;
    }

    /**
     * JSON text written before and kept as it was, to be written inside a larger value character for
     * character: a webhook's data is stored as text when its event happens, and every delivery signs
     * those same bytes.
     */
    public record Raw(String text) {}

    /** {@code text}, already JSON, to be written as it is. */
    public static Raw raw(String text) {
        return new Raw(text);
    }

    /**
     * The text of an object whose first member is a string that the caller streams: {@code head} ends
     * inside that string's opening quote, {@code tail} starts at its closing quote and holds the members
     * of {@code rest}. The streamed characters must need no escaping (base64 text, for one).
     */
    public record Around(String head, String tail) {}

    /** The object {@code {key: "...", rest...}} cut where the streamed string goes. */
    public static Around aroundString(String key, Map<String, ?> rest) {
        Map<String, Object> whole = new LinkedHashMap<>();
        whole.put(key, "");
        whole.putAll(rest);
        String text = write(whole);
        int cut = write(key).length() + 3; // '{', the quoted key, ':' and the string's opening quote
        return new Around(text.substring(0, cut), text.substring(cut));
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

    /**
     * The string, unless it holds half of a surrogate pair on its own: bodies are decoded as strict
     * UTF-8, so only an escape in the JSON text can put one there.
     */
    private static String string(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isSurrogate(c)) {
                if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                    i++;
                } else {
                    throw new Ambiguous(String.format("the string holds an unpaired surrogate \\u%04x", (int) c));
                }
            }
        }
        return s;
    }

    private static Object toJava(JsonValue v) {
        if (v.isObject()) {
            Map<String, Object> map = new LinkedHashMap<>();
            for (JsonObject.Member m : v.asObject()) {
                // minimal-json keeps every member in order; a map that does not grow has met the key before.
                int before = map.size();
                map.put(string(m.getName()), toJava(m.getValue()));
                if (map.size() == before) {
                    throw new Ambiguous("the key \"" + shortened(m.getName()) + "\" appears twice in one object");
                }
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
            return string(v.asString());
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
