package org.signet.web.admin;

import java.util.List;
import java.util.stream.Collectors;
import org.signet.service.AdminSessions.Session;
import org.signet.service.BulkSends;
import org.signet.service.Templates;
import org.signet.text.Html;

/**
 * What checking a bulk send's rows found, before anything is sent: the problems of the whole, each row with its
 * problems beside it (row number, column, words), and, when every row is clean, the form that starts the run with the
 * same rows.
 */
final class BulkCheckView {
    private BulkCheckView() {}

    static Html render(AdminView v, Session s, String action, BulkForm form, BulkSends.Check check) {
        Html whole = check.problems().stream().map(p -> Html.of("<li{}>{}</li>\n", v.foreign(p), p))
                .collect(Html.joining());
        Html summary = check.clean()
                ? Html.of("<div class=\"notice\" role=\"status\" id=\"bulk-summary\">{}</div>\n",
                        v.t("bulk.ready", v.number(check.rows().size())))
                : Html.of("<div class=\"error\" role=\"alert\" id=\"bulk-summary\">\n<p>{}</p>\n{}</div>\n",
                        v.t("bulk.refused", v.number(check.rows().size()), v.number(check.badRows())),
                        whole.isEmpty() ? Html.EMPTY : Html.of("<ul>\n{}</ul>\n", whole));
        // Not a landmark of its own: the scrolling box of its table is one by the same name.
        return Html.of("<section class=\"panel\">\n<h2 id=\"bulk-check-heading\">{}"
                + "</h2>\n{}{}{}</section>\n", v.t("bulk.checked"), summary, table(v, check), check.clean()
                ? send(v, s, action, form, check) : Html.EMPTY);
    }

    private static Html table(AdminView v, BulkSends.Check check) {
        if (check.rows().isEmpty()) {
            return Html.EMPTY;
        }
        Html rows = check.rows().stream().map(r -> Html.of("<tr id=\"bulk-row-{}\" class=\"{}\"><th scope=\"row\" "
                + "class=\"num\">{}</th><td>{}</td><td>{}</td></tr>\n", r.number(), r.ok() ? "row-ok" : "row-bad",
                v.number(r.number()), recipients(r.signers()), problems(v, r))).collect(Html.joining());
        return Html.of("{}<table class=\"table\" id=\"checked-rows\">\n<caption class=\"visually-hidden\">{}</caption>\n"
                + "<thead><tr>{}{}{}</tr></thead>\n<tbody>\n{}</tbody>\n</table>\n</div>\n", v.tableWrap("bulk.checked"),
                v.t("bulk.checked"), v.th("bulk.row"), v.th("bulk.recipients"), v.th("bulk.result"), rows);
    }

    private static String recipients(List<Templates.SlotSigner> signers) {
        return signers.stream().map(s -> s.name() + " <" + s.email() + ">").collect(Collectors.joining(", "));
    }

    private static Html problems(AdminView v, BulkSends.RowCheck row) {
        if (row.ok()) {
            return Html.of("<span class=\"badge badge-completed\">{}</span>", v.t("bulk.row_ok"));
        }
        Html items = row.problems().stream().map(p -> Html.of("<li>{}<span{}>{}</span></li>\n", p.column().isEmpty()
                ? Html.EMPTY : Html.of("<code>{}</code>: ", p.column()), v.foreign(p.words()), p.words()))
                .collect(Html.joining());
        return Html.of("<ul class=\"bulk-problems\">\n{}</ul>", items);
    }

    private static Html send(AdminView v, Session s, String action, BulkForm form, BulkSends.Check check) {
        return Html.of("<form method=\"post\" action=\"{}\" enctype=\"multipart/form-data\" class=\"form\">\n{}"
                + "<input type=\"hidden\" name=\"csv\" value=\"{}\" />\n<button type=\"submit\" name=\"change\" value=\"send\" "
                + "class=\"btn btn-primary\" id=\"bulk-send\">{}</button>\n</form>\n", action, AdminView.csrf(s),
                form.text(), v.t("bulk.send", v.number(check.rows().size())));
    }
}
