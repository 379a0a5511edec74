package org.signet.web.admin;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.signet.domain.Document;
import org.signet.error.Refusal;
import org.signet.http.Body;
import org.signet.http.Form;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.service.AcceptedFile;
import org.signet.service.AdminSessions.Session;
import org.signet.service.Documents;
import org.signet.service.DrawableText;
import org.signet.service.Templates;
import org.signet.text.FileNames;
import org.signet.text.Html;

/**
 * The templates list (the user's own, an administrator's everyone's) and a new template, made from an uploaded file
 * through the REST upload's intake and limits or from one of the user's documents; a template's own pages are
 * {@link TemplatePage} and {@link TemplateUsePage}.
 */
final class TemplatesPage implements AdminRoutes.Section {
    static final int PER_PAGE = 50;
    /** The documents offered to make a template from, newest first. */
    private static final int DOCUMENTS_OFFERED = 100;
    private static final Set<String> UPLOAD_TEXT = Set.of("name");

    private final Templates templates;
    private final Documents documents;
    private final FormUpload upload;

    TemplatesPage(AdminRoutes.Templating templating, Documents documents) {
        this.templates = templating.templates();
        this.documents = documents;
        this.upload = templating.upload();
    }

    @Override
    public void routes(Router site, AdminRoutes admin) {
        site.get("/admin/templates", admin.page(this::list));
        site.get("/admin/templates/new", admin.page((req, s, v) -> newPage(req, s, v, FormErrors.NONE, 200)));
        // A multipart form: its CSRF token is checked among its text parts, before the file goes through the intake.
        site.post("/admin/templates/new/upload", admin.page(this::upload));
        site.post("/admin/templates/new/from-document", admin.action(this::fromDocument));
        new TemplatePage(templates).routes(site, admin);
        new TemplateUsePage(templates).routes(site, admin);
    }

    private Response list(Request req, Session s, AdminView v) {
        long page = req.query().optLong("page", 1, 1_000_000).orElse(1L);
        req.query().check();
        Templates.Page found = templates.list(s.principal(), null, (int) page, PER_PAGE);
        Html rows = found.items().stream().map(d -> Html.of("<tr><td><a href=\"/admin/templates/{}\">{}</a></td>"
                + "<td class=\"num\">{}</td><td class=\"num\">{}</td><td>{}</td></tr>\n", d.template().id(),
                d.template().name(), v.number(d.slotNumbers().size()), v.number(d.template().totalPages()),
                v.time(d.template().updatedAt()))).collect(Html.joining());
        Html table = rows.isEmpty() ? Html.of("<p id=\"no-templates\">{}</p>\n", v.t("templates.none"))
                : Html.of("{}<table class=\"table\" id=\"templates\">\n<caption class=\"visually-hidden\">{}</caption>\n"
                + "<thead><tr>{}{}{}{}</tr></thead>\n<tbody>\n{}</tbody>\n</table>\n</div>\n",
                v.tableWrap("templates.title"), v.t("templates.title"), v.th("templates.name"),
                v.th("templates.recipients"), v.th("templates.pages"), v.th("templates.updated"), rows);
        long pages = Math.max(1, (found.total() + PER_PAGE - 1) / PER_PAGE);
        Html pager = v.pager(page, pages);
        Html actions = Html.of("<p class=\"actions\"><a class=\"btn btn-primary\" id=\"new-template\" "
                + "href=\"/admin/templates/new\">{}</a></p>\n", v.t("templates.new"));
        return v.page(200, s, "templates", v.m.get("templates.title"), req, Html.join(List.of(actions, table, pager)));
    }

    private Response newPage(Request req, Session s, AdminView v, FormErrors errors, int status) {
        Html uploadForm = Html.of("<section class=\"panel\" aria-labelledby=\"from-file\">\n<h2 id=\"from-file\">{}</h2>\n"
                + "{}<form method=\"post\" action=\"/admin/templates/new/upload\" enctype=\"multipart/form-data\" "
                + "class=\"form\">\n{}{}<label for=\"template-file\">{}</label>\n<input id=\"template-file\" name=\"file\" "
                + "type=\"file\" accept=\"{}\" required=\"required\""
                + "{} />\n<p class=\"hint\">{}</p>\n{}<button type=\"submit\" class=\"btn btn-primary\" id=\"upload-template\">"
                + "{}</button>\n</form>\n</section>\n", v.t("templates.from_file"), errors.summary(v, List.of("name", "file")),
                AdminView.csrf(s), errors.input(v, "upload-name", "name", v.t("templates.name_optional"), "text", "", false),
                v.t("templates.file"), FormUpload.DOCUMENT_TYPES, errors.attributes("file", "template-file"),
                v.t("templates.file_hint"),
                errors.beside(v, "file", "template-file"), v.t("templates.upload"));
        return v.page(status, s, "templates", v.m.get("templates.new"), req, uploadForm.then(fromDocumentForm(v, s)));
    }

    private Html fromDocumentForm(AdminView v, Session s) {
        List<Document> offered = documents.list(s.principal(), null, null, 1, DOCUMENTS_OFFERED).items();
        if (offered.isEmpty()) {
            return Html.of("<section class=\"panel\" aria-labelledby=\"from-document\">\n<h2 id=\"from-document\">{}</h2>\n"
                    + "<p>{}</p>\n</section>\n", v.t("templates.from_document"), v.t("templates.no_documents"));
        }
        Html options = offered.stream().map(d -> Html.of("<option value=\"{}\">{}</option>\n", d.id(), d.title()))
                .collect(Html.joining());
        return Html.of("<section class=\"panel\" aria-labelledby=\"from-document\">\n<h2 id=\"from-document\">{}</h2>\n"
                + "<form method=\"post\" action=\"/admin/templates/new/from-document\" class=\"form\">\n{}"
                + "<label for=\"source-document\">{}</label>\n<select id=\"source-document\" name=\"document_id\">\n{}"
                + "</select>\n<label for=\"document-template-name\">{}</label>\n<input id=\"document-template-name\" "
                + "name=\"name\" type=\"text\" maxlength=\"255\" required=\"required\" />\n"
                + "<button type=\"submit\" class=\"btn btn-primary\">{}</button>\n</form>\n</section>\n",
                v.t("templates.from_document"), AdminView.csrf(s), v.t("templates.document"), options,
                v.t("templates.name"), v.t("templates.make"));
    }

    private Response upload(Request req, Session s, AdminView v) throws Exception {
        try {
            FormUpload.Received<String> got = upload.receiveForm(req, s, UPLOAD_TEXT, TemplatesPage::name);
            AcceptedFile f = got.file();
            String chosen = got.text() != null ? got.text()
                    : DrawableText.drawablePart(FileNames.withoutExtension(f.originalFilename()));
            long id = templates.upload(s.principal(), f, chosen.isBlank() ? v.m.get("templates.untitled") : chosen, "")
                    .template().id();
            return AdminView.redirect("/admin/templates/" + id, "templates_created");
        } catch (Refusal r) {
            if (r.code().equals("csrf")) {
                throw r;
            }
            return newPage(req, s, v, FormErrors.of(r, v), r.status());
        }
    }

    /** The name the form gives, or null for the file's; refused as the REST upload refuses it. */
    private static String name(Map<String, String> text) {
        Body b = new Body(new LinkedHashMap<>(Map.of("name", text.getOrDefault("name", ""))));
        String name = text.getOrDefault("name", "").isBlank() ? null : b.requireLine("name", 255);
        DrawableText.check("name", name, b::reject);
        b.check();
        return name;
    }

    private Response fromDocument(Request req, Session s, AdminView v, Form form) {
        Body b = form.body();
        Long documentId = b.requireLong("document_id", 1, Long.MAX_VALUE);
        String name = b.requireLine("name", 255);
        DrawableText.check("name", name, b::reject);
        b.check();
        long id = templates.fromDocument(s.principal(), documentId, name, "").template().id();
        return AdminView.redirect("/admin/templates/" + id, "templates_created");
    }
}
