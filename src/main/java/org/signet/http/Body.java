package org.signet.http;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

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
        if (v instanceof String s) {
            return Optional.of(s);
        }
        if (v instanceof BigDecimal n) {
            return Optional.of(n.toPlainString());
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
        Long parsed = toLong(v);
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
        try {
            double d = v instanceof BigDecimal n ? n.doubleValue() : Double.parseDouble(String.valueOf(v));
            if (v instanceof Boolean || !Double.isFinite(d)) {
                throw new NumberFormatException();
            }
            return Optional.of(d);
        } catch (NumberFormatException e) {
            invalid.put(name, name + " is not of type number.");
            return Optional.empty();
        }
    }

    /** true/false, "true"/"false", 1/0 or "1"/"0". */
    public Optional<Boolean> optBool(String name) {
        Object v = values.get(name);
        if (v == null) {
            return Optional.empty();
        }
        String s = String.valueOf(v);
        if (v instanceof Boolean b) {
            return Optional.of(b);
        }
        if (s.equals("1") || s.equalsIgnoreCase("true")) {
            return Optional.of(true);
        }
        if (s.equals("0") || s.equalsIgnoreCase("false")) {
            return Optional.of(false);
        }
        invalid.put(name, name + " is not of type boolean.");
        return Optional.empty();
    }

    /** Records a parameter that failed a rule checked by the caller. */
    public void reject(String name, String message) {
        invalid.putIfAbsent(name, message);
    }

    /** Throws for the missing parameters first, then the invalid ones; does nothing when all are well. */
    public void check() {
        if (!missing.isEmpty()) {
            throw ApiException.missingParams(missing);
        }
        if (!invalid.isEmpty()) {
            throw ApiException.invalidParams(invalid);
        }
    }

    static Long toLong(Object v) {
        try {
            if (v instanceof BigDecimal n) {
                return n.longValueExact();
            }
            if (v instanceof String s && s.matches("-?\\d{1,18}")) {
                return Long.parseLong(s);
            }
        } catch (ArithmeticException e) {
            return null;
        }
        return null;
    }
}
