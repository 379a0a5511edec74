package org.signet.web.admin;

import java.io.InputStream;
import java.util.ArrayList;
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
import org.signet.service.LegalHolds;
import org.signet.service.Links;
import org.signet.service.Workflow;
import org.signet.http.Form;
import org.signet.text.Html;

/**
 * One document on the administrator pages: its signers with each one's progress, followed without a reload while it
 * is out ({@link DocumentProgress}), a signing link shown on request, a summary of its fields, the audit trail with the
 * verdict on its hash chain, downloads of the original, the sealed PDF and the certificate, reminders, recall and
 * deletion and the ways on for a draft ({@link DocumentFollowing}), and how long it is kept ({@link DocumentRetention}). Ownership as the REST
 * interface: 404 when it does not exist, else 403 when not the user's.
 */
final class DocumentPage implements AdminRoutes.Section {
    private final Documents documents;
    private final Workflow workflow;
    private final Links links;
    private final DocumentRetention retention;
    private final DocumentFollowing following;
    private final DocumentProgress progress;
    private final TeamPanel team;

    DocumentPage(Documents documents, Workflow workflow, Links links, LegalHolds holds, TeamPanel team) {
        this.documents = documents;
        this.workflow = workflow;
        this.links = links;
        this.retention = new DocumentRetention(documents, holds);
        this.following = new DocumentFollowing(documents);
        this.progress = new DocumentProgress(documents);
        this.team = team;
    }

    @Override
    public void routes(Router site, AdminRoutes admin) {
        site.get("/admin/documents/{id}", admin.page(this::show));
        site.get("/admin/documents/{id}/file", admin.page(this::file));
        site.post("/admin/documents/{id}/remind", admin.action(this::remind));
        site.post("/admin/documents/{id}/signers/{signer_id}/link", admin.action(this::showLink));
        retention.routes(site, admin);
        following.routes(site, admin);
        progress.routes(site, admin);
        team.routes(site, admin);
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
        Html notice = shown == null ? Html.EMPTY : v.notice("document.link_shown", shown.name());
        return v.page(200, s, "documents", d.title(), req, Html.join(List.of(notice, summary(v, d),
                team.panel(v, s, d.id(), d),
                DocumentFollowing.panel(v, d, detail.signers()),
                downloads(v, d),
                signers(v, s, d, detail.signers(), shown), fields(v, detail.fields()), retention.panel(v, s, d),
                DocumentTrail.render(v, trail))));
    }

    private static Html summary(AdminView v, Document d) {
        return Html.of("<dl class=\"pairs panel\">\n<dt>{}</dt><dd><span id=\"document-state\" class=\"badge badge-{}\" data-state=\"{}\">{}"
                + "</span></dd>\n<dt>{}</dt><dd>{}</dd>\n<dt>{}</dt><dd>{}</dd>\n<dt>{}</dt><dd>{}</dd>\n"
                + "<dt>{}</dt><dd>{}</dd>\n<dt>{}</dt><dd>{}</dd>\n{}</dl>\n", v.t("documents.state"), d.status().wire(), d.status().wire(),
                v.t("state." + d.status().wire()), v.t("document.file"), d.originalFilename(), v.t("documents.created"),
                v.time(d.createdAt()), v.t("document.sent"), v.time(d.sentAt()), v.t("document.completed"),
                v.time(d.completedAt()), v.t("document.expires"), v.time(d.expiresAt()), sendMessage(v, d));
    }

    /** The message the last send put in the invitations, kept as the sender wrote it, lines and all. */
    private static Html sendMessage(AdminView v, Document d) {
        return d.sendMessage() == null ? Html.EMPTY : Html.of("<dt>{}</dt><dd id=\"send-message\" class=\"pre-line\">{}</dd>\n",
                v.t("compose.message_shown"), d.sendMessage());
    }

    private static Html downloads(AdminView v, Document d) {
        String base = "/admin/documents/" + d.id() + "/file?version=";
        Html signed = d.signedFileId() != null
                ? Html.of("<li><a id=\"download-signed\" href=\"{}signed\">{}</a></li>\n", base, v.t("document.download_signed"))
                : Html.of("<li>{}</li>\n",
                        v.t(d.status().wire().equals("completed") ? "document.seal_pending" : "document.no_signed"));
        return Html.of("<section class=\"panel\" aria-labelledby=\"downloads\">\n<h2 id=\"downloads\">{}"
                + "</h2>\n<ul>\n<li><a id=\"download-original\" href=\"{}original\">{}</a></li>\n{}{}</ul>\n</section>\n",
                v.t("document.downloads"), base, v.t("document.download_original"), signed,
                DocumentFollowing.certificateLink(v, d));
    }

    private Html signers(AdminView v, Session s, Document d, List<Signer> signers, Signer shown) {
        if (signers.isEmpty()) {
            return section(v, "signers", "document.signers", Html.of("<p>{}</p>\n", v.t("document.no_signers")));
        }
        List<Html> rows = new ArrayList<>();
        for (Signer p : signers) {
            rows.add(Html.of("<tr><td>{}<div class=\"muted\">{}</div></td><td>{}</td><td class=\"num\">{}</td>"
                    + "<td>{}</td><td>{}</td><td>{}</td></tr>\n", p.name(), p.email(),
                    v.t("role." + p.role().wire()), v.number(p.signingOrder()), DocumentProgress.badge(v, p),
                    v.time(p.signedAt() != null ? p.signedAt() : p.declinedAt()), link(v, s, d, p, shown)));
        }
        Html remindAll = d.status().inProgress()
                ? v.button(s, "/admin/documents/" + d.id() + "/remind", "document.remind_all", "btn-secondary", Html.EMPTY)
                : Html.EMPTY;
        return section(v, "signers", "document.signers", Html.of("{}<table class=\"table\" id=\"signers\">\n"
                + "<caption class=\"visually-hidden\">{}</caption>\n<thead><tr>{}{}{}{}{}{}</tr></thead>\n<tbody>\n{}"
                + "</tbody>\n</table>\n</div>\n{}{}", v.tableWrap("document.signers"), v.t("document.signers"),
                v.th("document.signer"), v.th("document.role"), v.th("document.order"), v.th("documents.state"),
                v.th("document.finished"), v.th("document.link"), Html.join(rows), DocumentProgress.watch(v, d), remindAll));
    }

    /**
     * While the signer still has something to do: the button that shows their link (or, once asked
     * for, the link to copy) and a reminder.
     */
    private Html link(AdminView v, Session s, Document d, Signer p, Signer shown) {
        if (!Workflow.waiting(d, p)) {
            return Html.EMPTY;
        }
        Html remind = p.invited() && p.role() != Signer.Role.VIEWER
                ? v.button(s, "/admin/documents/" + d.id() + "/remind", "document.remind", "btn-quiet",
                        Html.of("<input type=\"hidden\" name=\"signer_id\" value=\"{}\" />\n", p.id())) : Html.EMPTY;
        Html show = shown != null && shown.id() == p.id() ? copy(v, p)
                : v.button(s, "/admin/documents/" + d.id() + "/signers/" + p.id() + "/link", "document.show_link",
                        "btn-quiet", Html.EMPTY);
        return show.then(remind);
    }

    /** The link in a read-only field, with the button admin.js copies it with. */
    private Html copy(AdminView v, Signer p) {
        String id = "link-" + p.id();
        return Html.of("<div class=\"copy\"><label class=\"visually-hidden\" for=\"{}\">{}</label>"
                + "<input id=\"{}\" class=\"link-field\" type=\"text\" readonly=\"readonly\" value=\"{}\" />"
                + "<button type=\"button\" class=\"btn btn-quiet copy-button\" data-copy=\"{}\" data-copied=\"{}\">{}"
                + "</button></div>\n", id, v.t("document.link_of", p.name()), id, links.signing(p), id,
                v.t("document.copied"), v.t("document.copy"));
    }

    private static Html fields(AdminView v, List<Field> fields) {
        Map<String, int[]> byType = new TreeMap<>();
        for (Field f : fields) {
            int[] c = byType.computeIfAbsent(f.type().wire(), k -> new int[3]);
            c[0]++;
            c[1] += f.required() ? 1 : 0;
            c[2] += f.value() == null || f.value().isEmpty() ? 0 : 1;
        }
        List<Html> rows = new ArrayList<>();
        byType.forEach((type, c) -> rows.add(Html.of("<tr><th scope=\"row\">{}</th><td class=\"num\">{}</td>"
                + "<td class=\"num\">{}</td><td class=\"num\">{}</td></tr>\n", v.t("field." + type), v.number(c[0]),
                v.number(c[1]), v.number(c[2]))));
        Html body = fields.isEmpty() ? Html.of("<p>{}</p>\n", v.t("document.no_fields"))
                : Html.of("<table class=\"table compact\" id=\"fields\">\n<caption class=\"visually-hidden\">{}"
                + "</caption>\n<thead><tr>{}{}{}{}</tr></thead>\n<tbody>\n{}</tbody>\n</table>\n", v.t("document.fields"),
                v.th("document.field_type"), v.th("document.field_count"), v.th("document.field_required"),
                v.th("document.field_filled"), Html.join(rows));
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
    private static Html section(AdminView v, String id, String headingKey, Html body) {
        return Html.of("<section class=\"panel\">\n<h2 id=\"{}-heading\">{}</h2>\n{}</section>\n", id, v.t(headingKey), body);
    }
}
