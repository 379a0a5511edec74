package org.signet.web.admin;

import java.util.List;
import org.signet.domain.BulkSend;
import org.signet.error.Refusal;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.service.AdminSessions;
import org.signet.service.AdminSessions.Session;
import org.signet.service.BulkSends;
import org.signet.service.Templates;
import org.signet.text.Html;

/**
 * A bulk send from a template: the rows come as a CSV file or pasted text, every row is checked first through the
 * service the REST bulk send uses and shown with its problems, nothing made; then the sender starts the run, which a
 * single bad row refuses whole, as the interface does. A team's template is sent by its members, not its viewers, and
 * its documents are the team's. The run's own page is {@link BulkRunPage}.
 */
final class BulkSendPages implements AdminRoutes.Section {
    private final Templates templates;
    private final BulkSends bulkSends;
    private final BulkSends.CsvRows csvRows;

    BulkSendPages(AdminRoutes.Templating templating) {
        this.templates = templating.templates();
        this.bulkSends = templating.bulkSends();
        this.csvRows = templating.csvRows();
    }

    @Override
    public void routes(Router site, AdminRoutes admin) {
        site.get("/admin/templates/{id}/bulk", admin.page(TeamWords.page((req, s, v) -> page(req, s, v, null, null,
                200))));
        // A multipart form: its CSRF token is checked among its parts before any row is read.
        site.post("/admin/templates/{id}/bulk", admin.page(TeamWords.page(this::post)));
        new BulkRunPage(bulkSends).routes(site, admin);
    }

    private Response post(Request req, Session s, AdminView v) throws Exception {
        BulkForm form = BulkForm.read(req);
        if (!AdminSessions.csrfMatches(s, form.csrf())) {
            throw AdminRoutes.csrfRefusal();
        }
        long id = req.pathId("id");
        Templates.Detail template = templates.usable(s.principal(), id);
        BulkSends.Rows rows = csvRows.read(form.csv(), template);
        BulkSends.Check check = bulkSends.check(s.principal(), id, rows);
        if (!form.change().equals("send") || !check.clean()) {
            return page(req, s, v, form, check, check.clean() ? 200 : 400);
        }
        try {
            BulkSend b = bulkSends.start(s.principal(), id, rows.problems(), rows.rows(), AdminRoutes.actor(req, s));
            return AdminView.redirect("/admin/bulk-sends/" + b.id(), "bulk_started");
        } catch (Refusal r) {
            // Changed since it was checked (such as the template's variables): the check says what is wrong now.
            return page(req, s, v, form, bulkSends.check(s.principal(), id, csvRows.read(form.csv(), template)), 400);
        }
    }

    /** @param form the form as posted, else null; @param check its rows as checked, else null */
    private Response page(Request req, Session s, AdminView v, BulkForm form, BulkSends.Check check, int status) {
        Templates.Detail template = templates.usable(s.principal(), req.pathId("id"));
        String action = "/admin/templates/" + template.template().id() + "/bulk";
        Html columns = Html.of("<code id=\"bulk-header\">{}</code>", String.join(",", BulkSends.columns(template)));
        Html intro = Html.of("<section class=\"panel\" aria-labelledby=\"bulk-columns\">\n<h2 id=\"bulk-columns\">{}</h2>\n"
                + "<p>{}</p>\n<p class=\"bulk-column-list\">{}</p>\n<p class=\"hint\">{}</p>\n</section>\n",
                v.t("bulk.columns"), v.t("bulk.columns_hint"), columns, v.t("bulk.all_or_nothing"));
        Html result = check == null ? Html.EMPTY : BulkCheckView.render(v, s, action, form, check);
        Html entry = Html.of("<section class=\"panel\" aria-labelledby=\"bulk-rows\">\n<h2 id=\"bulk-rows\">{}</h2>\n"
                + "<form method=\"post\" action=\"{}\" enctype=\"multipart/form-data\" class=\"form\">\n{}"
                + "<label for=\"bulk-file\">{}</label>\n<input id=\"bulk-file\" name=\"file\" type=\"file\" "
                + "accept=\".csv,text/csv\" />\n<label for=\"bulk-csv\">{}</label>\n<textarea id=\"bulk-csv\" name=\"csv\" "
                + "rows=\"8\" spellcheck=\"false\">\n{}</textarea>\n<button type=\"submit\" name=\"change\" value=\"check\" "
                + "class=\"btn btn-primary\" id=\"bulk-check\">{}</button>\n</form>\n</section>\n",
                v.t("bulk.rows"), action, AdminView.csrf(s), v.t("bulk.file"), v.t("bulk.paste"),
                form == null ? "" : form.text(), v.t("bulk.check"));
        return v.page(status, s, "templates", v.m.get("bulk.title", template.template().name()), req,
                Html.join(List.of(result, intro, entry)));
    }
}
