package org.signet.web.admin;

import java.util.Optional;
import org.signet.domain.Document;
import org.signet.domain.DocumentPatch;
import org.signet.domain.LegalHold;
import org.signet.http.Body;
import org.signet.http.Form;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.service.AdminSessions.Session;
import org.signet.service.Documents;
import org.signet.service.LegalHolds;
import org.signet.text.Html;

/**
 * How long one document is kept, on its page (see README.md, Your data): its own retention period, set or given
 * back to the site's, and a legal hold placed with its reason or released, each through the service the REST
 * interface uses and recorded in its audit trail.
 */
final class DocumentRetention implements AdminRoutes.Section {
    private static final int MAX_REASON = 1000;

    private final Documents documents;
    private final LegalHolds holds;

    DocumentRetention(Documents documents, LegalHolds holds) {
        this.documents = documents;
        this.holds = holds;
    }

    @Override
    public void routes(Router site, AdminRoutes admin) {
        site.post("/admin/documents/{id}/retention", admin.action(this::setDays));
        site.post("/admin/documents/{id}/hold", admin.action(this::hold));
        site.post("/admin/documents/{id}/hold/release", admin.action((req, s, v, form) -> {
            holds.release(s.principal(), req.pathId("id"), AdminRoutes.actor(req, s));
            return AdminView.redirect("/admin/documents/" + req.pathId("id"), "hold_released");
        }));
    }

    /** The panel on the document's page: its period and its hold, each with the form that changes it. */
    Html panel(AdminView v, Session s, Document d) {
        Optional<LegalHold> hold = holds.of(s.principal(), d.id());
        String base = "/admin/documents/" + d.id();
        Html days = Html.of("<form method=\"post\" action=\"{}/retention\" class=\"form\" id=\"retention-form\">\n{}"
                + "<label for=\"retention-days\">{}</label>\n<input id=\"retention-days\" name=\"retention_days\" "
                + "type=\"number\" min=\"0\" max=\"36500\" inputmode=\"numeric\" value=\"{}\" "
                + "aria-describedby=\"retention-hint\" />\n<p id=\"retention-hint\" class=\"hint\">{}</p>\n"
                + "<button id=\"retention-save\" type=\"submit\" class=\"btn btn-secondary\">{}</button>\n</form>\n", base,
                AdminView.csrf(s), v.t("document.retention_days"), d.retentionDays() == null ? "" : d.retentionDays(),
                v.t("document.retention_hint"), v.t("document.retention_save"));
        Html held = hold.map(h -> Html.of("<p id=\"hold-state\" data-held=\"true\">{}</p>\n{}",
                v.t("document.held", v.time(h.placedAt()), h.reason()),
                v.button(s, base + "/hold/release", "document.hold_release", "btn-secondary", Html.EMPTY)))
                .orElseGet(() -> Html.of("<p id=\"hold-state\" data-held=\"false\">{}</p>\n"
                        + "<form method=\"post\" action=\"{}/hold\" class=\"form\" id=\"hold-form\">\n{}"
                        + "<label for=\"hold-reason\">{}</label>\n<input id=\"hold-reason\" name=\"reason\" type=\"text\" "
                        + "maxlength=\"1000\" required=\"required\" />\n"
                        + "<button id=\"hold-place\" type=\"submit\" class=\"btn btn-secondary\">{}</button>\n</form>\n",
                        v.t("document.not_held"), base, AdminView.csrf(s), v.t("document.hold_reason"),
                        v.t("document.hold_place")));
        return Html.of("<section class=\"panel\">\n<h2 id=\"retention-heading\">{}</h2>\n{}{}</section>\n",
                v.t("document.retention"), days, held);
    }

    /** Sets the document's own period; an empty one gives it back to the site's. */
    private Response setDays(Request req, Session s, AdminView v, Form form) {
        long id = req.pathId("id");
        Body b = form.body();
        // An empty field is no value at all (see Form#body): the site's period again.
        Integer days = b.optLong("retention_days", 0, 36_500).map(Long::intValue).orElse(null);
        b.check();
        documents.update(s.principal(), id, new DocumentPatch(null, false, null, false, null, null, false, null, null,
                null, true, days), AdminRoutes.actor(req, s));
        return AdminView.redirect("/admin/documents/" + id, "retention_saved");
    }

    private Response hold(Request req, Session s, AdminView v, Form form) {
        long id = req.pathId("id");
        Body b = form.body();
        String reason = b.requireText("reason", MAX_REASON);
        b.check();
        holds.hold(s.principal(), id, reason, AdminRoutes.actor(req, s));
        return AdminView.redirect("/admin/documents/" + id, "hold_placed");
    }
}
