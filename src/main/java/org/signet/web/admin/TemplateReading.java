package org.signet.web.admin;

import org.signet.domain.TemplateSlot;
import org.signet.service.Templates;
import org.signet.text.Html;

/**
 * A template as a team's viewer reads it: what it is and whom it is sent to, without the forms that change or use it,
 * which their role does not allow (see docs/api/teams.md).
 */
final class TemplateReading {
    private TemplateReading() {}

    static Html render(AdminView v, Templates.Detail d) {
        Html rows = TemplatePage.slots(d).stream().map(slot -> row(v, d, slot)).collect(Html.joining());
        Html recipients = rows.isEmpty() ? Html.EMPTY : Html.of("{}<table class=\"table\" id=\"slots\">\n"
                + "<caption class=\"visually-hidden\">{}</caption>\n<thead><tr>{}{}{}{}</tr></thead>\n<tbody>\n{}</tbody>\n"
                + "</table>\n</div>\n", v.tableWrap("templates.recipients"), v.t("templates.recipients"),
                v.th("templates.recipient_column"), v.th("templates.role"), v.th("templates.order"),
                v.th("templates.field_count"), rows);
        return Html.of("<p id=\"template-read-only\" class=\"hint\">{}</p>\n<section class=\"panel\" "
                + "aria-labelledby=\"template-details\">\n<h2 id=\"template-details\">{}</h2>\n<p>{}</p>\n<p>{}</p>\n"
                + "</section>\n<section class=\"panel\">\n<h2 id=\"template-recipients\">{}</h2>\n{}</section>\n",
                v.t("teams.template.read_only"), v.t("templates.details"), d.template().description(),
                v.t("templates.file_summary", d.template().originalFilename(), v.number(d.template().totalPages())),
                v.t("templates.recipients"), recipients);
    }

    private static Html row(AdminView v, Templates.Detail d, TemplateSlot slot) {
        long fields = d.fields().stream().filter(f -> f.signerSlot() == slot.slot()).count();
        return Html.of("<tr><th scope=\"row\">{}</th><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td></tr>\n",
                v.t("templates.recipient", slot.slot()), v.t("role." + slot.role().wire()), v.number(slot.signingOrder()),
                v.number(fields));
    }
}
