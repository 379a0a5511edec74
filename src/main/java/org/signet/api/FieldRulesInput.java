package org.signet.api;

import java.math.BigDecimal;
import java.util.Map;
import java.util.function.Consumer;
import org.signet.domain.FieldRules;
import org.signet.domain.FieldType;
import org.signet.domain.NumberOptions;
import org.signet.service.FieldValidation;
import org.signet.text.TypedText;

/**
 * Reads what a field object says beyond its place and type (see docs/api/workflow.md, Rules on fields):
 * its {@code validation}, its {@code condition} and a number field's {@code options}. Each problem goes
 * to {@code error}, phrased to follow "Field n: ", and the part is then left out.
 */
final class FieldRulesInput {
    private static final int MAX_EQUALS = 255;

    private final Map<?, ?> m;
    private final Consumer<String> error;

    FieldRulesInput(Map<?, ?> m, Consumer<String> error) {
        this.m = m;
        this.error = error;
    }

    FieldRules read(FieldType type) {
        return new FieldRules(validation(type), condition(), null);
    }

    private FieldRules.Validation validation(FieldType type) {
        Object v = m.get("validation");
        if (v == null) {
            return null;
        }
        if (type != null && !type.textLike()) {
            error.accept("validation is only for text and textarea fields.");
            return null;
        }
        if (v instanceof String format) {
            return FieldValidation.isFormat(format) ? new FieldRules.Validation(format, null, "") : unknownFormat(v);
        }
        if (!(v instanceof Map<?, ?> o) || o.keySet().stream().anyMatch(k -> !"pattern".equals(k)
                && !"message".equals(k) && !"format".equals(k))) {
            error.accept("validation must be a named format (email, digits, date) or an object with pattern "
                    + "and message.");
            return null;
        }
        String message = line(o.get("message"), "validation.message", FieldValidation.MAX_MESSAGE);
        if (o.get("format") != null) {
            return FieldValidation.isFormat(String.valueOf(o.get("format")))
                    ? new FieldRules.Validation((String) o.get("format"), null, message) : unknownFormat(o.get("format"));
        }
        return pattern(o.get("pattern"), message);
    }

    private FieldRules.Validation unknownFormat(Object v) {
        error.accept("validation '" + v + "' is not a named format: use email, digits or date, or give a pattern.");
        return null;
    }

    private FieldRules.Validation pattern(Object p, String message) {
        if (!(p instanceof String pattern) || pattern.isEmpty() || pattern.length() > FieldValidation.MAX_PATTERN) {
            error.accept("validation.pattern must be a regular expression of 1 to " + FieldValidation.MAX_PATTERN
                    + " characters.");
            return null;
        }
        if (message == null) {
            return null;
        }
        if (message.isEmpty()) {
            error.accept("validation.message is required with a pattern: it is what the signer reads.");
            return null;
        }
        String problem = FieldValidation.patternProblem(pattern);
        if (problem != null) {
            error.accept("validation.pattern " + problem + ".");
            return null;
        }
        return new FieldRules.Validation(null, pattern, message);
    }

    private FieldRules.Condition condition() {
        Object v = m.get("condition");
        if (v == null) {
            return null;
        }
        if (!(v instanceof Map<?, ?> o) || !(o.get("field_name") instanceof String name) || name.isEmpty()
                || (o.get("equals") == null) == (o.get("filled") == null)
                || o.keySet().stream().anyMatch(k -> !"field_name".equals(k) && !"equals".equals(k)
                        && !"filled".equals(k))) {
            error.accept("condition must be an object with field_name and either equals or \"filled\": true.");
            return null;
        }
        if (o.get("filled") != null) {
            if (!Boolean.TRUE.equals(o.get("filled"))) {
                error.accept("condition.filled can only be true.");
                return null;
            }
            return new FieldRules.Condition(name, null);
        }
        String equals = equalsValue(o.get("equals"));
        return equals == null ? null : new FieldRules.Condition(name, equals);
    }

    /** The value compared with, as field values are kept: a boolean as a checkbox's "1" or "0". */
    private String equalsValue(Object v) {
        if (v instanceof Boolean b) {
            return b ? "1" : "0";
        }
        if (v instanceof BigDecimal n) {
            return n.stripTrailingZeros().toPlainString();
        }
        return line(v, "condition.equals", MAX_EQUALS);
    }

    private String line(Object v, String key, int max) {
        if (v == null) {
            return "";
        }
        TypedText.Checked checked = v instanceof String s ? TypedText.check(s, TypedText.Shape.LINE) : null;
        if (checked != null && !checked.ok()) {
            error.accept(checked.message(key));
            return null;
        }
        if (checked == null || checked.text().length() > max) {
            error.accept(key + " must be a string of at most " + max + " characters.");
            return null;
        }
        return checked.text();
    }

    /** A number field's options: {@code min} and {@code max} (each optional, min not above max), {@code decimals}. */
    NumberOptions numberOptions() {
        Object v = m.get("options");
        if (v == null) {
            return NumberOptions.ANY_INTEGER;
        }
        if (!(v instanceof Map<?, ?> o) || o.keySet().stream().anyMatch(k -> !"min".equals(k) && !"max".equals(k)
                && !"decimals".equals(k))) {
            error.accept("a number field's options must be an object with min, max and decimals.");
            return null;
        }
        BigDecimal min = bound(o.get("min"), "options.min");
        BigDecimal max = bound(o.get("max"), "options.max");
        Object d = o.get("decimals");
        if (d != null && !(d instanceof BigDecimal dec && dec.signum() >= 0
                && dec.compareTo(BigDecimal.valueOf(NumberOptions.MAX_DECIMALS)) <= 0 && dec.scale() <= 0)) {
            error.accept("options.decimals must be an integer from 0 to " + NumberOptions.MAX_DECIMALS + ".");
            return null;
        }
        if (min != null && max != null && min.compareTo(max) > 0) {
            error.accept("options.min must not be greater than options.max.");
            return null;
        }
        return new NumberOptions(min, max, d == null ? 0 : ((BigDecimal) d).intValue());
    }

    private BigDecimal bound(Object v, String key) {
        if (v != null && !(v instanceof BigDecimal n && n.abs().compareTo(BigDecimal.valueOf(1e15)) < 0)) {
            error.accept(key + " must be a number.");
            return null;
        }
        return (BigDecimal) v;
    }
}
