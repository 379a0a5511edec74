package org.signet.http;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.signet.json.Json;
import org.signet.json.JsonSyntaxException;
import org.signet.service.Refusal;

/**
 * A JSON request body read as named parameters. Getters record every missing or invalid
 * parameter instead of failing at the first, and {@link #check()} reports them all at once, as
 * WordPress does ({@code rest_missing_callback_param}, then {@code rest_invalid_param}).
 */
public final class Body {
    private final Map<String, Object> values;
    private final List<String> missing = new ArrayList<>();
    private final Map<String, String> invalid = new LinkedHashMap<>();

    public Body(Map<String, Object> values) {
        this.values = values;
    }

    /**
     * A request body's bytes read as a JSON object (S2); blank text is an empty object. Anything
     * else, including text that is not UTF-8, is 400 {@code rest_invalid_json}.
     */
    public static Body fromJson(byte[] utf8) {
        String text = utf8Text(utf8);
        if (text.isBlank()) {
            return new Body(Map.of());
        }
        try {
            Object parsed = Json.parse(text);
            if (!(parsed instanceof Map<?, ?>)) {
                throw ApiException.invalidJson("the body must be a JSON object");
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> map = (Map<String, Object>) parsed;
            return new Body(map);
        } catch (JsonSyntaxException e) {
            throw ApiException.invalidJson(e.getMessage());
        }
    }

    private static String utf8Text(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw ApiException.invalidJson("the body is not valid UTF-8");
        }
    }

    public boolean has(String name) {
        return values.containsKey(name);
    }

    /** Present with an explicit JSON null. */
    public boolean isNull(String name) {
        return values.containsKey(name) && values.get(name) == null;
    }

    public Object raw(String name) {
        return values.get(name);
    }

    /** Any value, recorded as missing when absent or null; its type is the caller's to check. */
    public Object require(String name) {
        Object v = values.get(name);
        if (v == null) {
            missing.add(name);
        }
        return v;
    }

    public String requireString(String name) {
        if (values.get(name) == null) {
            missing.add(name);
            return null;
        }
        return optString(name).orElse(null);
    }

    public Optional<String> optString(String name) {
        Object v = values.get(name);
        if (v == null) {
            return Optional.empty();
        }
        // Only a JSON string (S2): a number is never written out as text, so 1e999999999 costs nothing.
        if (v instanceof String s) {
            return Optional.of(s);
        }
        invalid.put(name, name + " is not of type string.");
        return Optional.empty();
    }

    /** An integer (a JSON number or a numeric string, as WordPress accepts) within [min, max]. */
    public Optional<Long> optLong(String name, long min, long max) {
        Object v = values.get(name);
        if (v == null) {
            return Optional.empty();
        }
        Long parsed = Values.integer(v);
        if (parsed == null) {
            invalid.put(name, name + " is not of type integer.");
            return Optional.empty();
        }
        if (parsed < min || parsed > max) {
            invalid.put(name, name + " must be between " + min + " and " + max + ".");
            return Optional.empty();
        }
        return Optional.of(parsed);
    }

    public Long requireLong(String name, long min, long max) {
        if (values.get(name) == null) {
            missing.add(name);
            return null;
        }
        return optLong(name, min, max).orElse(null);
    }

    public Optional<Double> optNumber(String name) {
        Object v = values.get(name);
        if (v == null) {
            return Optional.empty();
        }
        Double d = Values.number(v);
        if (d == null) {
            invalid.put(name, name + " is not of type number.");
        }
        return Optional.ofNullable(d);
    }

    /** true/false, "true"/"false", 1/0 or "1"/"0". */
    public Optional<Boolean> optBool(String name) {
        Object v = values.get(name);
        if (v == null) {
            return Optional.empty();
        }
        Boolean b = Values.bool(v);
        if (b == null) {
            invalid.put(name, name + " is not of type boolean.");
        }
        return Optional.ofNullable(b);
    }

    /**
     * A one-line text such as a title or a name (they reach mail headers and bodies): stripped, 1 to
     * {@code max} characters, no line breaks or other control characters.
     */
    public Optional<String> optLine(String name, int max) {
        return optString(name).map(s -> line(name, s, max));
    }

    public String requireLine(String name, int max) {
        String s = requireString(name);
        return s == null ? null : line(name, s, max);
    }

    private String line(String name, String s, int max) {
        if (!Values.isLine(s, max)) {
            reject(name, name + " must be 1 to " + max + " characters, without line breaks or control characters.");
            return null;
        }
        return s.strip();
    }

    /** Records a parameter that failed a rule checked by the caller. */
    public void reject(String name, String message) {
        invalid.putIfAbsent(name, message);
    }

    /** Throws for the missing parameters first, then the invalid ones; does nothing when all are well. */
    public void check() {
        if (!missing.isEmpty()) {
            throw Refusal.missingParams(missing);
        }
        if (!invalid.isEmpty()) {
            throw Refusal.invalidParams(invalid);
        }
    }
}
