package org.signet.service;

import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.Map;
import org.signet.domain.FieldRules;

/**
 * A field's validation as the server holds a value to it at submit (the signer's page runs the same
 * check as the signer types, see sign/rules.js). Patterns run on RE2 (re2j), whose time grows with
 * the input only linearly: a pattern such as {@code (a+)+$}, which makes {@code java.util.regex}
 * backtrack exponentially, cannot stall a request. The whole value must match, as HTML's
 * {@code pattern} attribute has it.
 */
public final class FieldValidation {
    /** The longest pattern a field may carry: enough for any real format, small enough to compile at once. */
    public static final int MAX_PATTERN = 500;
    /** The longest message a field may carry. */
    public static final int MAX_MESSAGE = 200;

    /** The named formats, each a pattern and the message a signer reads in English when it fails. */
    private static final Map<String, Named> FORMATS = Map.of(
            "email", new Named("[^@\\s]+@[^@\\s]+\\.[^@\\s]+", "must be an email address, such as name@example.com"),
            "digits", new Named("[0-9]+", "must be digits only"),
            "date", new Named("[0-9]{4}-[0-9]{2}-[0-9]{2}", "must be a date written as YYYY-MM-DD"));

    private record Named(String pattern, String message) {}

    private FieldValidation() {}

    /** Whether {@code name} is a named format. */
    public static boolean isFormat(String name) {
        return FORMATS.containsKey(name);
    }

    /** Why re2j cannot use {@code pattern}, or null when it can; the length is checked by the caller. */
    public static String patternProblem(String pattern) {
        try {
            Pattern.compile(pattern);
            return null;
        } catch (PatternSyntaxException e) {
            return "is not a regular expression Signet can run: " + e.getDescription();
        }
    }

    /**
     * Why {@code value} fails {@code v}, to follow the field's name: the field's own message when it has
     * one, else the format's words; null when it passes. An empty value passes: whether one is needed is
     * the field's {@code is_required}.
     */
    public static String failure(FieldRules.Validation v, String value) {
        if (value.isEmpty() || passes(v, value)) {
            return null;
        }
        if (!v.message().isEmpty()) {
            return v.message();
        }
        return v.format() != null ? FORMATS.get(v.format()).message() : "does not have the form asked for";
    }

    private static boolean passes(FieldRules.Validation v, String value) {
        String pattern = v.format() != null ? FORMATS.get(v.format()).pattern() : v.pattern();
        if (!Pattern.compile(pattern).matches(value)) {
            return false;
        }
        return !"date".equals(v.format()) || realDate(value);
    }

    private static boolean realDate(String value) {
        try {
            LocalDate.parse(value);
            return true;
        } catch (DateTimeParseException e) {
            return false;
        }
    }
}
