package org.signet.domain;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What a field asks of its value beyond its type (see docs/api/workflow.md, Rules on fields): a
 * {@link Validation} the value must pass, a {@link Condition} on another field of the document that
 * decides whether the field is shown at all, and the {@code defaultValue} the signer's page starts with
 * and that stands when the signer gives none. Each may be null; {@link #NONE} has none.
 */
public record FieldRules(Validation validation, Condition condition, String defaultValue) {
    public static final FieldRules NONE = new FieldRules(null, null, null);

    /** The same rules with {@code value} as the default, null for none. */
    public FieldRules withDefault(String value) {
        return new FieldRules(validation, condition, value);
    }

    /**
     * The keys {@code validation}, {@code condition} and {@code default_value} of a field's record, each its
     * object, its text or null.
     */
    public Map<String, Object> wire() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("validation", validation == null ? null : validation.wire());
        m.put("condition", condition == null ? null : condition.wire());
        m.put("default_value", defaultValue);
        return m;
    }

    /**
     * A named format ({@code email}, {@code digits}, {@code date}) or a pattern the whole value must match,
     * with the message shown to the signer when it does not ("" for a named format: its own words are used).
     */
    public record Validation(String format, String pattern, String message) {
        public Validation {
            if ((format == null) == (pattern == null)) {
                throw new IllegalArgumentException("a validation is a format or a pattern, exactly one");
            }
            message = Objects.requireNonNullElse(message, "");
        }

        /** The object a field's {@code validation} key holds, on the wire and at rest. */
        public Map<String, Object> wire() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put(format != null ? "format" : "pattern", format != null ? format : pattern);
            m.put("message", message);
            return m;
        }

        /** Back from {@link #wire()}; null when {@code m} is not one. */
        public static Validation fromWire(Map<?, ?> m) {
            Object format = m.get("format");
            Object pattern = m.get("pattern");
            if ((format instanceof String) == (pattern instanceof String)) {
                return null;
            }
            return new Validation((String) format, (String) pattern, String.valueOf(m.get("message")));
        }
    }

    /**
     * Holds when the field named {@code fieldName} is filled ({@code equals} null) or holds exactly
     * {@code equals}; a field hidden by its own condition counts as empty.
     */
    public record Condition(String fieldName, String equals) {
        public Condition {
            Objects.requireNonNull(fieldName, "fieldName");
        }

        /** The object a field's {@code condition} key holds, on the wire and at rest. */
        public Map<String, Object> wire() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("field_name", fieldName);
            if (equals == null) {
                m.put("filled", true);
            } else {
                m.put("equals", equals);
            }
            return m;
        }

        /** Back from {@link #wire()}; null when {@code m} is not one. */
        public static Condition fromWire(Map<?, ?> m) {
            if (!(m.get("field_name") instanceof String name)) {
                return null;
            }
            return new Condition(name, m.get("equals") instanceof String e ? e : null);
        }

        /** Whether a field of {@code type} holding {@code value} makes this condition hold. */
        public boolean holds(FieldType type, String value) {
            String v = value == null ? "" : value;
            if (equals != null) {
                return equals.equals(v);
            }
            return type == FieldType.CHECKBOX ? v.equals("1") : !v.isBlank();
        }
    }
}
