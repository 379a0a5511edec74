package org.signet.web.admin;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.signet.error.Refusal;
import org.signet.text.Html;

/**
 * A refusal of a posted form, told where it belongs: each parameter's words beside the entry of that name, the rest
 * in a summary at the top of the form. Nothing was changed; the form is shown again with what was entered.
 */
record FormErrors(Map<String, String> byEntry, List<String> general) {
    static final FormErrors NONE = new FormErrors(Map.of(), List.of());

    /** The refusal's parameters and other words, in the page's words where the catalogue has its code. */
    static FormErrors of(Refusal r, AdminView v) {
        Map<String, String> byEntry = new LinkedHashMap<>();
        List<String> general = new ArrayList<>();
        if (r.data().get("params") instanceof Map<?, ?> bad) {
            bad.forEach((k, m) -> byEntry.put(String.valueOf(k), String.valueOf(m)));
        } else if (r.data().get("params") instanceof List<?> missing) {
            missing.forEach(name -> byEntry.put(String.valueOf(name), v.m.get("templates.form_required")));
        } else {
            general.addAll(r.sentences().size() > 1 ? r.sentences() : List.of(v.m.find("error.code." + r.code())
                    .orElse(r.getMessage())));
        }
        return new FormErrors(Map.copyOf(byEntry), List.copyOf(general));
    }

    boolean isEmpty() {
        return byEntry.isEmpty() && general.isEmpty();
    }

    /**
     * The box at the top of the form: the words that concern no entry on it, and a count of those beside entries, so
     * that a screen reader hears at once that the form was refused.
     */
    Html summary(AdminView v, List<String> entriesShown) {
        List<String> words = new ArrayList<>(general);
        byEntry.forEach((entry, w) -> {
            if (!entriesShown.contains(entry)) {
                words.add(w);
            }
        });
        if (isEmpty()) {
            return Html.EMPTY;
        }
        Html items = words.stream().map(w -> Html.of("<li{}>{}</li>\n", v.foreign(w), w)).collect(Html.joining());
        return Html.of("<div class=\"error\" role=\"alert\" id=\"form-errors\">\n<p>{}</p>\n{}</div>\n",
                v.t("templates.form_refused"), items.isEmpty() ? Html.EMPTY : Html.of("<ul>\n{}</ul>\n", items));
    }

    /** The attributes of the entry {@code name} with the id {@code id}: described by its error, when it has one. */
    Html attributes(String name, String id) {
        return byEntry.containsKey(name) ? Html.of(" aria-invalid=\"true\" aria-describedby=\"{}-error\"", id)
                : Html.EMPTY;
    }

    /** The words beside the entry {@code name}, or nothing. */
    Html beside(AdminView v, String name, String id) {
        String words = byEntry.get(name);
        return words == null ? Html.EMPTY : Html.of("<p class=\"field-error\" id=\"{}-error\"{}>{}</p>\n", id,
                v.foreign(words), words);
    }

    /**
     * A labelled one-line entry of {@code type} named {@code name}, holding {@code value}, with its error beside it;
     * {@code label} is text, or markup when it is {@link Html}.
     */
    Html input(AdminView v, String id, String name, Object label, String type, String value, boolean required) {
        return Html.of("<label for=\"{}\">{}</label>\n<input id=\"{}\" name=\"{}\" type=\"{}\" maxlength=\"255\" "
                + "value=\"{}\"{}{} />\n{}", id, label, id, name, type, value,
                required ? Html.trusted(" required=\"required\"") : Html.EMPTY, attributes(name, id), beside(v, name, id));
    }
}
