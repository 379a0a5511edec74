package org.signet.web.admin;

import org.signet.text.Html;

/**
 * The field editor's settings of the field chosen: whom it is for, its label, whether it is required, the text
 * shown while it is empty, the choices of a dropdown or radio group, the value it starts with, and on a template
 * the variable that prefills it. The script fills them from the field chosen and writes every change back to it.
 */
final class EditorSettings {
    private EditorSettings() {}

    static Html render(AdminView v, EditedFields.Model model) {
        Html prefill = model.assigneeKey().equals("signer_slot") ? Html.of("<div class=\"setting\" data-for=\"prefill\">\n"
                + "<label for=\"setting-prefill\">{}</label>\n<input id=\"setting-prefill\" type=\"text\" maxlength=\"64\""
                + " aria-describedby=\"setting-prefill-hint\" />\n<p id=\"setting-prefill-hint\" class=\"hint\">{}</p>\n"
                + "</div>\n", v.t("editor.prefill"), v.t("editor.prefill_hint")) : Html.EMPTY;
        return Html.of("<section class=\"editor-settings\" aria-labelledby=\"settings-heading\">\n"
                + "<h2 id=\"settings-heading\">{}</h2>\n<p id=\"settings-none\" class=\"hint\">{}</p>\n"
                + "<form id=\"settings-form\" class=\"form\" hidden=\"hidden\">\n"
                + "<p id=\"settings-which\" class=\"settings-which\"></p>\n"
                + "<label for=\"setting-recipient\">{}</label>\n<select id=\"setting-recipient\">\n{}</select>\n"
                + "<label for=\"setting-name\">{}</label>\n<input id=\"setting-name\" type=\"text\" maxlength=\"100\" />\n"
                + "<div class=\"choice\"><input id=\"setting-required\" type=\"checkbox\" />"
                + " <label for=\"setting-required\">{}</label></div>\n"
                + "<label for=\"setting-placeholder\">{}</label>\n"
                + "<input id=\"setting-placeholder\" type=\"text\" maxlength=\"255\" />\n"
                + "<div class=\"setting\" data-for=\"options\">\n<label for=\"setting-options\">{}</label>\n"
                + "<textarea id=\"setting-options\" rows=\"4\"></textarea>\n</div>\n"
                + "<div class=\"setting\" data-for=\"default\">\n<label for=\"setting-default\">{}</label>\n"
                + "<input id=\"setting-default\" type=\"text\" maxlength=\"1000\" aria-describedby=\"setting-default-hint\" />\n"
                + "<p id=\"setting-default-hint\" class=\"hint\">{}</p>\n</div>\n{}"
                + "<button id=\"setting-remove\" type=\"button\" class=\"btn btn-danger\">{}</button>\n"
                + "</form>\n</section>\n", v.t("editor.settings"), v.t("editor.settings_none"), v.t("editor.recipient"),
                recipientOptions(v, model), v.t("editor.label"), v.t("editor.required"), v.t("editor.placeholder"),
                v.t("editor.options"), v.t("editor.default"), v.t("editor.default_hint"), prefill, v.t("editor.remove"));
    }

    /** One option per recipient, named with their role so two of one name can be told apart. */
    static Html recipientOptions(AdminView v, EditedFields.Model model) {
        return model.recipients().stream().map(r -> Html.of("<option value=\"{}\">{} ({})</option>\n", r.id(), name(v, r),
                v.t("role." + r.role()))).collect(Html.joining());
    }

    /** A recipient's name; a template's slot has none, so it is called by its number. */
    static String name(AdminView v, EditedFields.Recipient r) {
        return r.name().isEmpty() ? v.m.get("editor.slot", r.id()) : r.name();
    }
}
