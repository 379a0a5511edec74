package org.signet.web.admin;

import static org.signet.web.admin.AdminView.esc;

import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.signet.domain.Document;
import org.signet.domain.DocumentDetail;
import org.signet.domain.Field;
import org.signet.domain.Signer;
import org.signet.error.Refusal;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.service.AdminSessions.Session;
import org.signet.service.Documents;
import org.signet.service.Links;
import org.signet.service.Workflow;
import org.signet.http.Form;

/**
 * One document on the administrator pages: its signers with their status, a signing link shown on request, a summary of
 * its fields, the audit trail with the verdict on its hash chain, downloads of the original and the
 * sealed PDF, and reminders. Ownership as the REST interface: 404 when it does not exist, else 403
 * when not the user's.
 */
final class DocumentPage implements AdminRoutes.Section {
    private final Documents documents;
    private final Workflow workflow;
    private final Links links;

    DocumentPage(Documents documents, Workflow workflow, Links links) {
        this.documents = documents;
        this.workflow = workflow;
        this.links = links;
    }

    @Override
    public void routes(Router site, AdminRoutes admin) {
        site.get("/admin/documents/{id}", admin.page(this::show));
        site.get("/admin/documents/{id}/file", admin.page(this::file));
        site.post("/admin/documents/{id}/remind", admin.action(this::remind));
        site.post("/admin/documents/{id}/signers/{signer_id}/link", admin.action(this::showLink));
    }

    private Response show(Request req, Session s, AdminView v) {
        return render(req, s, v, req.pathId("id"), null);
    }

    /**
     * The page with one signer's link in it. The link lets whoever holds it act as the signer, so it
     * is never on the page a GET answers, only on this POST's answer, after the audit event that names
     * the user; like every page, it is sent with {@code Cache-Control: no-store}.
     */
    private Response showLink(Request req, Session s, AdminView v, Form form) {
        long id = req.pathId("id");
        Signer shown = workflow.showLink(s.principal(), id, req.pathId("signer_id"), AdminRoutes.actor(req, s));
        return render(req, s, v, id, shown);
    }

    /** The document page; {@code shown} is the signer whose link was asked for, else null. */
    private Response render(Request req, Session s, AdminView v, long id, Signer shown) {
        DocumentDetail detail = documents.detail(s.principal(), id);
        Documents.Trail trail = documents.trail(s.principal(), id);
        Document d = detail.document();
        String notice = shown == null ? "" : v.notice("document.link_shown", shown.name());
        return v.page(200, s, "documents", d.title(), req, notice + summary(v, d) + downloads(v, d)
                + signers(v, s, d, detail.signers(), shown) + fields(v, detail.fields()) + DocumentTrail.render(v, trail));
    }

    private static String summary(AdminView v, Document d) {
        return "<dl class=\"pairs panel\">\n<dt>" + v.t("documents.state") + "</dt><dd><span id=\"document-state\" class=\"badge badge-"
                + d.status().wire() + "\">" + v.t("state." + d.status().wire()) + "</span></dd>\n"
                + "<dt>" + v.t("document.file") + "</dt><dd>" + esc(d.originalFilename()) + "</dd>\n"
                + "<dt>" + v.t("documents.created") + "</dt><dd>" + v.time(d.createdAt()) + "</dd>\n"
                + "<dt>" + v.t("document.sent") + "</dt><dd>" + v.time(d.sentAt()) + "</dd>\n"
                + "<dt>" + v.t("document.completed") + "</dt><dd>" + v.time(d.completedAt()) + "</dd>\n"
                + "<dt>" + v.t("document.expires") + "</dt><dd>" + v.time(d.expiresAt()) + "</dd>\n</dl>\n";
    }

    private static String downloads(AdminView v, Document d) {
        String base = "/admin/documents/" + d.id() + "/file?version=";
        String signed = d.signedFileId() != null
                ? "<li><a id=\"download-signed\" href=\"" + base + "signed\">" + v.t("document.download_signed") + "</a></li>\n"
                : "<li>" + v.t(d.status().wire().equals("completed") ? "document.seal_pending" : "document.no_signed") + "</li>\n";
        return "<section class=\"panel\" aria-labelledby=\"downloads\">\n<h2 id=\"downloads\">" + v.t("document.downloads")
                + "</h2>\n<ul>\n<li><a id=\"download-original\" href=\"" + base + "original\">"
                + v.t("document.download_original") + "</a></li>\n" + signed + "</ul>\n</section>\n";
    }

    private String signers(AdminView v, Session s, Document d, List<Signer> signers, Signer shown) {
        if (signers.isEmpty()) {
            return section(v, "signers", "document.signers", "<p>" + v.t("document.no_signers") + "</p>\n");
        }
        StringBuilder rows = new StringBuilder();
        for (Signer p : signers) {
            rows.append("<tr><td>").append(esc(p.name())).append("<div class=\"muted\">").append(esc(p.email()))
                    .append("</div></td><td>").append(v.t("role." + p.role().wire())).append("</td><td class=\"num\">")
                    .append(v.number(p.signingOrder())).append("</td><td><span class=\"badge\">").append(v.t("signer." + p.status().wire()))
                    .append("</span></td><td>").append(v.time(p.signedAt() != null ? p.signedAt() : p.declinedAt()))
                    .append("</td><td>").append(link(v, s, d, p, shown)).append("</td></tr>\n");
        }
        String remindAll = d.status().inProgress()
                ? v.button(s, "/admin/documents/" + d.id() + "/remind", "document.remind_all", "btn-secondary", "") : "";
        return section(v, "signers", "document.signers", v.tableWrap("document.signers") + "<table class=\"table\" id=\"signers\">\n"
                + "<caption class=\"visually-hidden\">" + v.t("document.signers") + "</caption>\n<thead><tr>"
                + v.th("document.signer") + v.th("document.role") + v.th("document.order") + v.th("documents.state")
                + v.th("document.finished") + v.th("document.link") + "</tr></thead>\n<tbody>\n" + rows
                + "</tbody>\n</table>\n</div>\n" + remindAll);
    }

    /**
     * While the signer still has something to do: the button that shows their link (or, once asked
     * for, the link to copy) and a reminder.
     */
    private String link(AdminView v, Session s, Document d, Signer p, Signer shown) {
        if (!Workflow.waiting(d, p)) {
            return "";
        }
        String remind = p.invited() && p.role() != Signer.Role.VIEWER
                ? v.button(s, "/admin/documents/" + d.id() + "/remind", "document.remind", "btn-quiet",
                        "<input type=\"hidden\" name=\"signer_id\" value=\"" + p.id() + "\" />\n") : "";
        String show = shown != null && shown.id() == p.id() ? copy(v, p)
                : v.button(s, "/admin/documents/" + d.id() + "/signers/" + p.id() + "/link", "document.show_link",
                        "btn-quiet", "");
        return show + remind;
    }

    /** The link in a read-only field, with the button admin.js copies it with. */
    private String copy(AdminView v, Signer p) {
        String id = "link-" + p.id();
        return "<div class=\"copy\"><label class=\"visually-hidden\" for=\"" + id + "\">" + v.t("document.link_of", p.name())
                + "</label><input id=\"" + id + "\" class=\"link-field\" type=\"text\" readonly=\"readonly\" value=\""
                + esc(links.signing(p)) + "\" />"
                + "<button type=\"button\" class=\"btn btn-quiet copy-button\" data-copy=\"" + id + "\" data-copied=\""
                + v.t("document.copied") + "\">" + v.t("document.copy") + "</button></div>\n";
    }

    private static String fields(AdminView v, List<Field> fields) {
        Map<String, int[]> byType = new TreeMap<>();
        for (Field f : fields) {
            int[] c = byType.computeIfAbsent(f.type().wire(), k -> new int[3]);
            c[0]++;
            c[1] += f.required() ? 1 : 0;
            c[2] += f.value() == null || f.value().isEmpty() ? 0 : 1;
        }
        StringBuilder rows = new StringBuilder();
        byType.forEach((type, c) -> rows.append("<tr><th scope=\"row\">").append(v.t("field." + type))
                .append("</th><td class=\"num\">").append(v.number(c[0])).append("</td><td class=\"num\">")
                .append(v.number(c[1])).append("</td><td class=\"num\">").append(v.number(c[2])).append("</td></tr>\n"));
        String body = fields.isEmpty() ? "<p>" + v.t("document.no_fields") + "</p>\n"
                : "<table class=\"table compact\" id=\"fields\">\n<caption class=\"visually-hidden\">" + v.t("document.fields")
                + "</caption>\n<thead><tr>" + v.th("document.field_type") + v.th("document.field_count")
                + v.th("document.field_required") + v.th("document.field_filled") + "</tr></thead>\n<tbody>\n" + rows
                + "</tbody>\n</table>\n";
        return section(v, "fields", "document.fields", body);
    }

    private Response file(Request req, Session s, AdminView v) {
        String version = req.query("version").orElse("");
        if (!version.equals("original") && !version.equals("signed")) {
            throw Refusal.invalidParam("version", v.m.get("document.version_invalid"));
        }
        Documents.Download file = documents.download(s.principal(), req.pathId("id"), version, AdminRoutes.actor(req, s));
        return Response.download(file.filename(), file.mediaType(), file.size(), out -> {
            try (InputStream in = file.open()) {
                in.transferTo(out);
            }
        });
    }

    private Response remind(Request req, Session s, AdminView v, Form form) {
        long id = req.pathId("id");
        Optional<Long> signer = Optional.ofNullable(form.value("signer_id")).filter(x -> x.matches("\\d{1,18}"))
                .map(Long::parseLong);
        workflow.remind(s.principal(), id, signer, AdminRoutes.actor(req, s));
        return AdminView.redirect("/admin/documents/" + id, "reminded");
    }

    /**
     * A panel with its heading. It is no landmark of its own: its table's scrolling region already
     * carries the same name, and two landmarks of one name leave a screen reader's list ambiguous.
     */
    private static String section(AdminView v, String id, String headingKey, String body) {
        return "<section class=\"panel\">\n<h2 id=\"" + id + "-heading\">" + v.t(headingKey)
                + "</h2>\n" + body + "</section>\n";
    }
}
