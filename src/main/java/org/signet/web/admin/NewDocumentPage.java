package org.signet.web.admin;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.signet.domain.Document;
import org.signet.error.Refusal;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.service.AdminSessions.Session;
import org.signet.service.Documents;
import org.signet.service.DraftDetails;
import org.signet.text.Html;

/**
 * The first step of a new document: a PDF, PNG or JPG uploaded with a file chooser or dropped on the page, its title
 * optional. The file goes through the upload of the REST interface ({@link FormUpload}) with its limits and checks,
 * its text parts read as {@code POST /documents/upload} reads them; a refusal is said beside the file, and the draft
 * made goes on to its recipients. Without script the form posts as it is; with it, {@code compose.js} takes a dropped
 * file and shows the upload's progress.
 */
final class NewDocumentPage implements AdminRoutes.Section {
    static final String PATH = "/admin/documents/new";
    static final String MODULE = "/assets/admin/compose.js";

    private final Documents documents;
    private final FormUpload upload;
    private final AdminRoutes.DraftText draftText;

    NewDocumentPage(Documents documents, AdminRoutes.Drafting drafting) {
        this.documents = documents;
        this.upload = drafting.upload();
        this.draftText = drafting.text();
    }

    @Override
    public void routes(Router site, AdminRoutes admin) {
        site.get(PATH, admin.page((req, s, v) -> form(req, s, v, 200, null, "")));
        // A multipart body, which the pages' form reader does not take: its token is checked among its text parts.
        site.post(PATH, admin.page(this::receive));
    }

    private Response receive(Request req, Session s, AdminView v) throws IOException {
        FormUpload.Received<DraftDetails> draft;
        // The title as sent, to be shown again when the file is refused.
        AtomicReference<String> title = new AtomicReference<>("");
        try {
            draft = upload.receiveForm(req, s, draftText.fields(), text -> {
                title.set(text.getOrDefault("title", ""));
                return draftText.read().apply(text);
            });
        } catch (Refusal r) {
            if (r.code().equals("csrf")) {
                throw r;
            }
            return form(req, s, v, r.status(), r, title.get());
        }
        DraftDetails details = draft.text().titledAfter(draft.file().originalFilename());
        Document d = documents.create(s.user().id(), draft.file(), details, AdminRoutes.actor(req, s));
        return AdminView.redirect(RecipientsPage.path(d.id()), "uploaded");
    }

    /** The upload form; {@code refused} is why the last upload was not taken, or null. */
    private static Response form(Request req, Session s, AdminView v, int status, Refusal refused, String title) {
        boolean titleBad = refused != null && refused.data().get("params") instanceof Map<?, ?> bad
                && bad.containsKey("title");
        Html fileError = refused == null || titleBad ? Html.EMPTY : RefusalWords.beside(v, "file", refused);
        Html titleError = titleBad ? RefusalWords.beside(v, "title", refused) : Html.EMPTY;
        Html body = Html.of("{}<form method=\"post\" action=\"{}\" enctype=\"multipart/form-data\" class=\"form panel\" "
                + "id=\"upload-form\" data-sending=\"{}\" data-failed=\"{}\">\n{}"
                + "<label for=\"title\">{}</label>\n"
                + "<input id=\"title\" name=\"title\" type=\"text\" maxlength=\"255\" value=\"{}\" aria-describedby=\"title-hint{}\"{} />\n"
                + "<p class=\"hint\" id=\"title-hint\">{}</p>\n{}"
                + "<div class=\"drop-zone\" id=\"drop-zone\">\n<label for=\"file\">{}</label>\n"
                + "<input id=\"file\" name=\"file\" type=\"file\" required=\"required\" accept=\"{}\" "
                + "aria-describedby=\"file-hint{}\"{} />\n<p class=\"hint\" id=\"file-hint\">{}</p>\n{}</div>\n"
                + "<div class=\"upload-progress\" id=\"upload-progress-box\" hidden=\"hidden\">\n"
                + "<label for=\"upload-progress\">{}</label>\n"
                + "<progress id=\"upload-progress\" max=\"100\" value=\"0\"></progress>\n</div>\n"
                + "<p id=\"upload-status\" role=\"status\"></p>\n"
                + "<button type=\"submit\" class=\"btn btn-primary\" id=\"upload-submit\">{}</button>\n</form>\n"
                + "<script type=\"module\" src=\"{}\"></script>\n",
                DraftSteps.render(v, null, DraftSteps.Step.UPLOAD), PATH, v.m.get("compose.uploading"),
                v.m.get("compose.upload_failed"), AdminView.csrf(s), v.t("compose.title_label"), title,
                titleBad ? " title-error" : "", invalid(titleBad), v.t("compose.title_hint"), titleError,
                v.t("compose.file"), FormUpload.DOCUMENT_TYPES, fileError.isEmpty() ? "" : " file-error",
                invalid(!fileError.isEmpty()),
                v.t("compose.file_hint"), fileError, v.t("compose.progress"), v.t("compose.upload"), MODULE);
        return v.page(status, s, "documents", v.m.get("compose.new_title"), req, body);
    }

    private static Html invalid(boolean bad) {
        return bad ? Html.trusted(" aria-invalid=\"true\"") : Html.EMPTY;
    }
}
