package org.signet.web;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.signet.domain.Field;
import org.signet.domain.FieldRules;
import org.signet.domain.FieldType;
import org.signet.error.Refusal;
import org.signet.http.Form;
import org.signet.json.Json;
import org.signet.json.JsonSyntaxException;
import org.signet.service.Submission;
import org.signet.text.Html;
import org.signet.text.Messages;

/**
 * The signer's fields as one HTML form, for a browser without script
 * (see docs/api/signing.md, Without script): every field the signer fills, shown whatever its condition (a hint says when it is needed), a
 * typed signature and consent. The server checks what is posted as it checks the page's submit, and a
 * refusal comes back as the form again, naming each field refused, with what was typed kept.
 */
final class SigningForm {
    private static final String PREFIX = "f";

    private SigningForm() {}

    /** What the form shows: the values typed so far, and the problems of the last post (none at first). */
    record Filled(Map<Long, String> values, List<String> problems) {}

    /** The fields this form takes: not Signet's own, not the sender's, not a file or a stamp. */
    static List<Field> fillable(List<Field> mine) {
        return mine.stream().filter(f -> !f.type().automatic() && !f.prefilled() && !f.type().attachment()
                && f.type() != FieldType.STAMP && !f.type().image()).toList();
    }

    /** Each field's value as posted: a ticked box as "1", an unticked one as "0", a field left out as "". */
    static Map<Long, String> values(Form form, List<Field> mine) {
        Map<Long, String> values = new LinkedHashMap<>();
        for (Field f : fillable(mine)) {
            String v = form.value(PREFIX + f.id());
            values.put(f.id(), f.type() == FieldType.CHECKBOX ? (v == null ? "0" : "1") : v == null ? "" : v);
        }
        return values;
    }

    /** The submission a posted form makes: its values, the typed signature (when the signer signs), consent. */
    static Submission read(Form form, List<Field> mine) {
        Map<Long, String> values = values(form, mine);
        String typed = form.value("signature_text");
        boolean signs = mine.stream().anyMatch(f -> f.type().image());
        Submission.Image signature = signs && typed != null && !typed.isBlank()
                ? SignatureInput.from(Map.of("method", "type", "text", typed), "signature") : null;
        return new Submission(form.checked("consent"), values, signature, null, Map.of());
    }

    /** The refusal's problems in the signer's words where a field is named: "Postcode: ...". */
    static List<String> problems(Messages m, Refusal e, List<Field> mine) {
        List<String> out = new ArrayList<>();
        if (e.data().get("field_ids") instanceof List<?> ids && "missing_required_fields".equals(e.code())) {
            ids.forEach(id -> out.add(m.get("form.missing", label(m, byId(mine, String.valueOf(id))))));
        } else if (e.data().get("params") instanceof Map<?, ?> params) {
            params.forEach((param, message) -> {
                Field f = byId(mine, String.valueOf(param).replace("values.", ""));
                out.add(f == null ? String.valueOf(message) : label(m, f) + ": " + message);
            });
        } else {
            out.addAll(e.sentences());
        }
        return out;
    }

    private static Field byId(List<Field> mine, String id) {
        return mine.stream().filter(f -> Long.toString(f.id()).equals(id)).findFirst().orElse(null);
    }

    static String label(Messages m, Field f) {
        return f == null ? "" : f.name().isBlank() ? m.get("form.field") : f.name();
    }

    /**
     * The form's body: problems first, then each field (as last posted, at first its default), the signature,
     * consent and the button.
     */
    static Html form(Messages m, String action, List<Field> mine, Filled filled) {
        List<Html> parts = new ArrayList<>();
        for (Field f : fillable(mine)) {
            parts.add(field(m, f, filled.values().getOrDefault(f.id(), Objects.requireNonNullElse(f.rules().defaultValue(),
                    ""))));
        }
        if (mine.stream().anyMatch(f -> f.type().image())) {
            parts.add(Html.of("<p class=\"form-row\"><label class=\"label\" for=\"signature_text\">{}</label>\n"
                    + "<input id=\"signature_text\" class=\"input\" name=\"signature_text\" maxlength=\"200\""
                    + " autocomplete=\"name\" /></p>\n", m.get("form.signature")));
        }
        Html problems = filled.problems().isEmpty() ? Html.EMPTY : Html.of("<div id=\"message\" class=\"message\""
                + " role=\"alert\"><p>{}</p><ul>{}</ul></div>\n", m.get("form.refused"),
                filled.problems().stream().map(p -> Html.of("<li>{}</li>", p)).collect(Html.joining()));
        return Html.of("{}<form id=\"signing-form\" class=\"gate-form\" method=\"post\" action=\"{}\""
                + " novalidate=\"novalidate\">\n{}"
                + "<p class=\"form-row\"><input type=\"checkbox\" id=\"form-consent\" name=\"consent\" value=\"1\" />"
                + " <label for=\"form-consent\">{}</label></p>\n"
                + "<button id=\"form-submit\" class=\"btn btn-primary btn-block\" type=\"submit\">{}</button>\n"
                + "</form>\n", problems, action, Html.join(parts), m.get("consent.agree"), m.get("form.submit"));
    }

    private static Html field(Messages m, Field f, String value) {
        String id = PREFIX + f.id();
        Html hint = hint(m, f);
        String label = label(m, f) + (f.required() ? " " + m.get("form.required") : "");
        if (f.type() == FieldType.RADIO) {
            List<String> options = options(f.options());
            List<Html> choices = new ArrayList<>();
            for (int i = 0; i < options.size(); i++) {
                String o = options.get(i);
                choices.add(Html.of("<span class=\"form-choice\"><input type=\"radio\" id=\"{}\" name=\"{}\""
                        + " value=\"{}\"{} /> <label for=\"{}\">{}</label></span>\n", id + "-" + i, id, o,
                        o.equals(value) ? Html.trusted(" checked=\"checked\"") : Html.EMPTY, id + "-" + i, o));
            }
            return Html.of("<fieldset class=\"form-row\"><legend class=\"label\">{}</legend>\n{}{}</fieldset>\n",
                    label, Html.join(choices), hint);
        }
        Html control = switch (f.type()) {
            case CHECKBOX -> Html.of("<input type=\"checkbox\" id=\"{}\" name=\"{}\" value=\"1\"{} />", id, id,
                    "1".equals(value) ? Html.trusted(" checked=\"checked\"") : Html.EMPTY);
            case TEXTAREA -> Html.of("<textarea id=\"{}\" class=\"input\" name=\"{}\" rows=\"4\">{}</textarea>", id, id,
                    value);
            case DROPDOWN -> Html.of("<select id=\"{}\" class=\"input\" name=\"{}\"><option value=\"\">{}</option>{}"
                    + "</select>", id, id, m.get("form.choose"), options(f.options()).stream().map(o -> Html.of(
                    "<option value=\"{}\"{}>{}</option>", o, o.equals(value) ? Html.trusted(" selected=\"selected\"")
                            : Html.EMPTY, o)).collect(Html.joining()));
            default -> Html.of("<input type=\"text\" id=\"{}\" class=\"input\" name=\"{}\" value=\"{}\"{} />", id, id,
                    value, f.type() == FieldType.NUMBER ? Html.trusted(" inputmode=\"decimal\"") : Html.EMPTY);
        };
        return Html.of("<p class=\"form-row\"><label class=\"label\" for=\"{}\">{}</label>\n{}{}</p>\n", id, label,
                control, hint);
    }

    /** When the field is needed, and what its value must be: the sender's message, or the format's words. */
    /** The whole page: the document's title, what to do, and the form. */
    static String page(Messages m, String title, Html form) {
        Html body = Html.of("<main id=\"main\" class=\"gate\">\n<div class=\"card gate-card\">\n"
                + "<h1 class=\"gate-title\">{}</h1>\n<p>{}</p>\n{}</div>\n</main>\n", title, m.get("form.intro"), form);
        return PageHtml.document(m, title, "sign-form", false, body);
    }

    private static Html hint(Messages m, Field f) {
        List<String> says = new ArrayList<>();
        FieldRules.Condition c = f.rules().condition();
        if (c != null) {
            says.add(c.equals() == null ? m.get("form.when_filled", c.fieldName())
                    : m.get("form.when_equals", c.fieldName(), c.equals()));
        }
        FieldRules.Validation v = f.rules().validation();
        if (v != null) {
            says.add(!v.message().isEmpty() ? v.message() : m.get("form.format." + v.format()));
        }
        return says.isEmpty() ? Html.EMPTY : Html.of("<span class=\"hint\">{}</span>", String.join(" ", says));
    }

    private static List<String> options(String json) {
        try {
            return Json.parse(json) instanceof List<?> list ? list.stream().map(String::valueOf).toList() : List.of();
        } catch (JsonSyntaxException e) {
            return List.of();
        }
    }
}
