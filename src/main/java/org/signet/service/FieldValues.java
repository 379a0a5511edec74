package org.signet.service;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.signet.domain.FieldType;
import org.signet.domain.NumberOptions;
import org.signet.error.Refusal;
import org.signet.json.Json;
import org.signet.json.JsonSyntaxException;
import org.signet.text.TypedText;

/**
 * What a value given for a field may be, whether a signer types it or a template's
 * variable fills it in ahead of time: a checkbox "1" or "0", a dropdown or radio one of its options, a
 * number within its bounds and decimals, text
 * within its length, held to the text rule (one line in a text field, lines in a textarea) and
 * drawable in the sealed PDF.
 */
final class FieldValues {
    static final int MAX_TEXT = 1000;
    static final int MAX_TEXTAREA = 10_000;

    private FieldValues() {}

    /**
     * A value as it is kept, or why it does not fit: {@code problem} phrased to follow the field's name,
     * and {@code code} the text rule's when that refused it.
     */
    record Fit(String value, String problem, String code) {
        boolean ok() {
            return problem == null;
        }

        static Fit of(String value) {
            return new Fit(value, null, null);
        }

        static Fit not(String problem) {
            return new Fit(null, problem, null);
        }
    }

    /** The values that did not fit, by parameter, refused all at once with the text rule's codes in the details. */
    static final class Refused {
        private final Map<String, String> params = new LinkedHashMap<>();
        private final Map<String, String> codes = new LinkedHashMap<>();

        /** {@code subject} names the value in the sentence: "field 7", "job_title". */
        void add(String param, String subject, Fit fit) {
            params.put(param, subject + " " + fit.problem() + ".");
            if (fit.code() != null) {
                codes.put(param, fit.code());
            }
        }

        void throwIfAny() {
            if (!params.isEmpty()) {
                throw Refusal.invalidParams(params, codes);
            }
        }
    }

    static Fit fit(FieldType type, String optionsJson, String value) {
        return switch (type) {
            case CHECKBOX -> value.equals("1") || value.equals("0") ? Fit.of(value) : Fit.not("takes \"1\" or \"0\"");
            case DROPDOWN, RADIO -> option(optionsJson, text(value, TypedText.Shape.LINE, MAX_TEXT));
            case NUMBER -> number(optionsJson, value);
            case TEXT -> text(value, TypedText.Shape.LINE, MAX_TEXT);
            case TEXTAREA -> text(value, TypedText.Shape.LINES, MAX_TEXTAREA);
            case ATTACHMENT -> Fit.not("takes a file uploaded to the signing link's attachments, not a value");
            default -> Fit.of(value);
        };
    }

    private static Fit text(String value, TypedText.Shape shape, int max) {
        TypedText.Checked checked = TypedText.check(value, shape);
        if (!checked.ok()) {
            return new Fit(null, checked.phrase(), checked.problem().code());
        }
        String kept = checked.text();
        if (kept.length() > max) {
            return Fit.not("is longer than " + max + " characters");
        }
        String undrawable = DrawableText.problem(kept);
        return undrawable == null ? Fit.of(kept) : Fit.not(undrawable);
    }

    /**
     * A number as typed, kept as typed (so the sealed PDF shows what the signer wrote): digits with an
     * optional minus sign and point, within the field's bounds and decimals. Empty leaves it unfilled.
     */
    private static Fit number(String optionsJson, String value) {
        if (value.isEmpty()) {
            return Fit.of(value);
        }
        NumberOptions o = numberOptions(optionsJson);
        if (value.length() > 40 || !value.matches("-?[0-9]+(\\.[0-9]+)?")) {
            return Fit.not("takes a number written with digits, such as 12 or 12.5");
        }
        BigDecimal n = new BigDecimal(value);
        int decimals = value.contains(".") ? value.length() - value.indexOf('.') - 1 : 0;
        if (decimals > o.decimals()) {
            return Fit.not(o.decimals() == 0 ? "takes a whole number" : "takes at most " + o.decimals() + " decimals");
        }
        if (o.min() != null && n.compareTo(o.min()) < 0 || o.max() != null && n.compareTo(o.max()) > 0) {
            return Fit.not("takes a number " + range(o));
        }
        return Fit.of(value);
    }

    private static String range(NumberOptions o) {
        if (o.min() != null && o.max() != null) {
            return "from " + o.min().toPlainString() + " to " + o.max().toPlainString();
        }
        return o.min() != null ? "of at least " + o.min().toPlainString() : "of at most " + o.max().toPlainString();
    }

    /** A number field's options, stored as its JSON object; any whole number when the column is not one. */
    static NumberOptions numberOptions(String json) {
        try {
            return NumberOptions.fromWire(Json.parse(json));
        } catch (JsonSyntaxException e) {
            return NumberOptions.ANY_INTEGER;
        }
    }

    /** An empty value leaves the dropdown unchosen; anything else must be one of its options. */
    private static Fit option(String optionsJson, Fit text) {
        if (!text.ok() || text.value().isEmpty() || options(optionsJson).contains(text.value())) {
            return text;
        }
        return Fit.not("must be one of its options " + options(optionsJson));
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
