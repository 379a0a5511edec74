package org.signet.service;

import java.util.List;
import org.signet.domain.FieldType;
import org.signet.json.Json;
import org.signet.json.JsonSyntaxException;

/**
 * What a value given for a field may be (S7, S11), whether a signer types it or a template's
 * variable fills it in ahead of time: a checkbox "1" or "0", a dropdown one of its options, text
 * within its length and drawable in the sealed PDF.
 */
final class FieldValues {
    static final int MAX_TEXT = 1000;
    static final int MAX_TEXTAREA = 10_000;

    private FieldValues() {}

    /** Why {@code value} does not fit the field, phrased to follow the field's name; null when it does. */
    static String problem(FieldType type, String optionsJson, String value) {
        String undrawable = type == FieldType.CHECKBOX ? null : DrawableText.problem(value);
        return undrawable != null ? undrawable : switch (type) {
            case CHECKBOX -> value.equals("1") || value.equals("0") ? null : "takes \"1\" or \"0\"";
            case DROPDOWN -> value.isEmpty() || options(optionsJson).contains(value) ? null
                    : "must be one of its options " + options(optionsJson);
            case TEXT -> value.length() <= MAX_TEXT ? null : "is longer than " + MAX_TEXT + " characters";
            case TEXTAREA -> value.length() <= MAX_TEXTAREA ? null : "is longer than " + MAX_TEXTAREA + " characters";
            default -> null;
        };
    }

    /** A dropdown's options, stored as a JSON array of strings; none when the column is not one. */
    static List<String> options(String json) {
        try {
            return Json.parse(json) instanceof List<?> list ? list.stream().map(String::valueOf).toList() : List.of();
        } catch (JsonSyntaxException e) {
            return List.of();
        }
    }
}
