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
import org.signet.error.Refusal;
import org.signet.json.Json;
import org.signet.json.JsonSyntaxException;
import org.signet.text.TypedText;

/**
 * A JSON request body read as named parameters. Getters record every missing or invalid
 * parameter instead of failing at the first, and {@link #check()} reports them all at once, as
 * WordPress does ({@code rest_missing_callback_param}, then {@code rest_invalid_param}).
 */
public final class Body {
    private final Map<String, Object> values;
    private final String prefix;
    private final List<String> missing = new ArrayList<>();
    private final Map<String, String> invalid = new LinkedHashMap<>();
    /** Why the text rule refused a parameter, by name: a subset of {@code invalid}. */
    private final Map<String, String> codes = new LinkedHashMap<>();

    public Body(Map<String, Object> values) {
        this(values, "");
    }

    /**
     * An object nested in a request, its parameters reported under {@code prefix} (such as
     * {@code signers[1].}) so that a refusal names them as the client sent them.
     */
    public Body(Map<String, Object> values, String prefix) {
        this.values = values;
        this.prefix = prefix;
    }

    /**
     * A request body's bytes read as a JSON object; blank text is an empty object. Anything
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
                throw Refusal.invalidJson("the body must be a JSON object");
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> map = (Map<String, Object>) parsed;
            return new Body(map);
        } catch (JsonSyntaxException e) {
            throw Refusal.invalidJson(e.getMessage());
        }
    }

    private static String utf8Text(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw Refusal.invalidJson("the body is not valid UTF-8");
        }
    }

    /**
     * Refuses at once, naming them under this object's prefix, the keys it holds that are not {@code known}
     * (400 {@code rest_invalid_param}, code {@code unknown_key}); returns this body to read on.
     */
    public Body refuseUnknown(Keys known) {
        known.refuseUnknown(values, prefix);
        return this;
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
            missing.add(prefix + name);
        }
        return v;
    }

    public String requireString(String name) {
        if (values.get(name) == null) {
            missing.add(prefix + name);
            return null;
        }
        return optString(name).orElse(null);
    }

    public Optional<String> optString(String name) {
        Object v = values.get(name);
        if (v == null) {
            return Optional.empty();
        }
        // Only a JSON string: a number is never written out as text, so 1e999999999 costs nothing.
        if (v instanceof String s) {
            return Optional.of(s);
        }
        reject(name, name + " is not of type string.");
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
            reject(name, name + " is not of type integer.");
            return Optional.empty();
        }
        if (parsed < min || parsed > max) {
            reject(name, name + " must be between " + min + " and " + max + ".");
            return Optional.empty();
        }
        return Optional.of(parsed);
    }

    public Long requireLong(String name, long min, long max) {
        if (values.get(name) == null) {
            missing.add(prefix + name);
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
            reject(name, name + " is not of type number.");
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
            reject(name, name + " is not of type boolean.");
        }
        return Optional.ofNullable(b);
    }

    /**
     * A one-line text such as a title or a name (they reach mail headers and bodies), held to the
     * text rule ({@link TypedText}): stripped, 1 to {@code max} characters.
     */
    public Optional<String> optLine(String name, int max) {
        return optString(name).map(s -> typed(name, s, TypedText.Shape.LINE, 1, max));
    }

    /** The same, where a blank value counts as none given (a search box, an optional description). */
    public Optional<String> optLineOrBlank(String name, int max) {
        return optString(name).filter(s -> !s.isBlank()).flatMap(s -> optLine(name, max));
    }

    public String requireLine(String name, int max) {
        String s = requireString(name);
        return s == null ? null : typed(name, s, TypedText.Shape.LINE, 1, max);
    }

    /** Text that may run over lines, such as a description, held to the text rule: stripped, at most {@code max} long. */
    public Optional<String> optText(String name, int max) {
        return optString(name).map(s -> typed(name, s, TypedText.Shape.LINES, 0, max));
    }

    /** The same, required and not blank, such as a reason. */
    public String requireText(String name, int max) {
        String s = requireString(name);
        return s == null ? null : typed(name, s, TypedText.Shape.LINES, 1, max);
    }

    private String typed(String name, String s, TypedText.Shape shape, int min, int max) {
        TypedText.Checked checked = TypedText.check(s, shape);
        if (!checked.ok()) {
            if (!invalid.containsKey(prefix + name)) {
                codes.put(prefix + name, checked.problem().code());
            }
            reject(name, checked.message(name));
            return null;
        }
        String t = checked.text().strip();
        if (t.length() < min || t.length() > max) {
            reject(name, name + " must be " + (min == 0 ? "at most " : min + " to ") + max + " characters.");
            return null;
        }
        return t;
    }

    /** Records a parameter that failed a rule checked by the caller. */
    public void reject(String name, String message) {
        invalid.putIfAbsent(prefix + name, message);
    }

    /** Throws for the missing parameters first, then the invalid ones; does nothing when all are well. */
    public void check() {
        if (!missing.isEmpty()) {
            throw Refusal.missingParams(missing);
        }
        if (!invalid.isEmpty()) {
            throw Refusal.invalidParams(invalid, codes);
        }
    }
}
