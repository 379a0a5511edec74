package org.signet.web.admin;

import java.io.InputStream;
import java.util.List;
import org.signet.domain.Document;
import org.signet.domain.DocumentPatch;
import org.signet.domain.DocumentStatus;
import org.signet.domain.Signer;
import org.signet.http.Form;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.service.AdminSessions.Session;
import org.signet.service.Documents;
import org.signet.text.Html;

/**
 * What a sender does with a document on its page besides reminding: recall it to draft (its signing links stop
 * until it is sent again) and delete a draft, each after a page that asks to confirm; download its certificate of
 * completion; and, for a draft, the ways on to its recipients, its fields and its sending. Each change goes through
 * the service the REST interface uses ({@code PUT /documents/{id}} with status draft, the deletion), so its audit
 * events, webhooks and refusals are the same.
 */
final class DocumentFollowing {
    private final Documents documents;

    DocumentFollowing(Documents documents) {
        this.documents = documents;
    }

    void routes(Router site, AdminRoutes admin) {
        site.get("/admin/documents/{id}/recall", admin.page((req, s, v) -> confirm(req, s, v, "recall")));
        site.post("/admin/documents/{id}/recall", admin.action(this::recall));
        site.get("/admin/documents/{id}/delete", admin.page((req, s, v) -> confirm(req, s, v, "delete")));
        site.post("/admin/documents/{id}/delete", admin.action(this::delete));
        site.get("/admin/documents/{id}/certificate", admin.page(this::certificate));
    }

    /**
     * The panel of what may be done next: for a draft its recipients, fields, sending and deletion; for a document
     * that is out and that nobody has signed or declined yet, the recall. Nothing for a document that has ended.
     */
    static Html panel(AdminView v, Document d, List<Signer> signers) {
        String base = "/admin/documents/" + d.id();
        Html actions;
        if (d.status() == DocumentStatus.DRAFT) {
            actions = Html.of("<li><a id=\"follow-recipients\" class=\"btn btn-secondary\" href=\"{}/recipients\">{}</a></li>\n"
                    + "<li><a id=\"follow-fields\" class=\"btn btn-secondary\" href=\"{}/fields\">{}</a></li>\n"
                    + "<li><a id=\"follow-send\" class=\"btn btn-primary\" href=\"{}/send\">{}</a></li>\n"
                    + "<li><a id=\"follow-delete\" class=\"btn btn-quiet\" href=\"{}/delete\">{}</a></li>\n", base,
                    v.t("follow.recipients"), base, v.t("follow.fields"), base, v.t("follow.send"), base,
                    v.t("follow.delete"));
        } else if (d.status().inProgress() && signers.stream().noneMatch(Signer::acted)) {
            actions = Html.of("<li><a id=\"follow-recall\" class=\"btn btn-secondary\" href=\"{}/recall\">{}</a></li>\n",
                    base, v.t("follow.recall"));
        } else {
            return Html.EMPTY;
        }
        return Html.of("<section class=\"panel\">\n<h2 id=\"follow-heading\">{}</h2>\n<ul class=\"follow-actions\">\n{}"
                + "</ul>\n</section>\n", v.t("follow.heading"), actions);
    }

    /** The certificate's line among the downloads, once the sealed PDF it is cut from is stored. */
    static Html certificateLink(AdminView v, Document d) {
        return d.signedFileId() == null ? Html.EMPTY : Html.of("<li><a id=\"download-certificate\" "
                + "href=\"/admin/documents/{}/certificate\">{}</a></li>\n", d.id(), v.t("follow.download_certificate"));
    }

    /**
     * The page that asks before a recall or a deletion ({@code what}): what will happen, the button that does it and
     * the way back. It reads the document first, so another user's answers as the document page does.
     */
    private Response confirm(Request req, Session s, AdminView v, String what) {
        Document d = documents.detail(s.principal(), req.pathId("id")).document();
        String base = "/admin/documents/" + d.id();
        Html body = Html.of("<section class=\"panel follow-confirm\">\n<p id=\"follow-warning\">{}</p>\n<div class=\"follow-choice\">\n"
                + "{}<a id=\"follow-cancel\" class=\"btn btn-quiet\" href=\"{}\">{}</a>\n</div>\n</section>\n",
                v.t("follow." + what + "_warning", d.title()), v.button(s, base + "/" + what, "follow." + what + "_confirm",
                        "btn-danger", Html.EMPTY), base, v.t("follow.cancel"));
        return v.page(200, s, "documents", v.m.get("follow." + what + "_title"), req, body);
    }

    private Response recall(Request req, Session s, AdminView v, Form form) {
        long id = req.pathId("id");
        documents.update(s.principal(), id, DocumentPatch.status(DocumentStatus.DRAFT), AdminRoutes.actor(req, s));
        return AdminView.redirect("/admin/documents/" + id, "follow_recalled");
    }

    private Response delete(Request req, Session s, AdminView v, Form form) {
        documents.deleteDraft(s.principal(), req.pathId("id"));
        return AdminView.redirect("/admin/documents", "follow_deleted");
    }

    private Response certificate(Request req, Session s, AdminView v) {
        Documents.Download file = documents.certificate(s.principal(), req.pathId("id"), AdminRoutes.actor(req, s));
        return Response.download(file.filename(), file.mediaType(), file.size(), out -> {
            try (InputStream in = file.open()) {
                in.transferTo(out);
            }
        });
    }
}
