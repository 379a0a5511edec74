package org.signet.web.admin;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.signet.domain.Document;
import org.signet.domain.Membership;
import org.signet.domain.TeamRole;
import org.signet.error.Refusal;
import org.signet.http.Body;
import org.signet.http.Form;
import org.signet.http.Query;
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
 * The templates list (the user's own and their teams', an administrator's everyone's, narrowed by the team switcher)
 * and a new template, made from an uploaded file through the REST upload's intake and limits or from one of the user's
 * documents, the chosen team's when a team's list was shown; a template's own pages are {@link TemplatePage} and
 * {@link TemplateUsePage}.
 */
final class TemplatesPage implements AdminRoutes.Section {
    static final int PER_PAGE = 50;
    /** The documents offered to make a template from, newest first. */
    private static final int DOCUMENTS_OFFERED = 100;
    private static final Set<String> UPLOAD_TEXT = Set.of("name");

    private final Templates templates;
    private final Documents documents;
    private final FormUpload upload;
    /** The REST template upload's reading of a name, so the page refuses what the interface refuses. */
    private final Function<Map<String, String>, String> uploadName;
    private final AdminRoutes.TeamWork teamWork;

    TemplatesPage(AdminRoutes.Templating templating, Documents documents, AdminRoutes.TeamWork teamWork) {
        this.templates = templating.templates();
        this.documents = documents;
        this.upload = templating.upload();
        this.uploadName = templating.uploadName();
        this.teamWork = teamWork;
    }

    @Override
    public void routes(Router site, AdminRoutes admin) {
        site.get("/admin/templates", admin.page(this::list));
        site.get("/admin/templates/new", admin.page((req, s, v) -> newPage(req, s, v, FormErrors.NONE, 200)));
        // A multipart form: its CSRF token is checked among its text parts, before the file goes through the intake.
        site.post("/admin/templates/new/upload", admin.page(TeamWords.page(this::upload)));
        site.post("/admin/templates/new/from-document", admin.action(TeamWords.action(this::fromDocument)));
        new TemplatePage(templates, new TeamPanel(teamWork, TeamPanel.Kind.TEMPLATE)).routes(site, admin);
        new TemplateUsePage(templates).routes(site, admin);
    }

    private Response list(Request req, Session s, AdminView v) {
        Query q = req.query();
        long page = q.optLong("page", 1, 1_000_000).orElse(1L);
        TeamSwitcher.Choice team = TeamSwitcher.read(v, q);
        q.check();
        Templates.Page found = team.personal() ? templates.listPersonal(s.principal(), null, (int) page, PER_PAGE)
                : templates.list(s.principal(), team.teamId(), null, (int) page, PER_PAGE);
        List<Membership> mine = teamWork.teams().mine(s.principal());
        Html rows = found.items().stream().map(d -> Html.of("<tr><td><a href=\"/admin/templates/{}\">{}</a></td>"
                + "<td class=\"num\">{}</td><td class=\"num\">{}</td>{}<td>{}</td></tr>\n", d.template().id(),
                d.template().name(), v.number(d.slotNumbers().size()), v.number(d.template().totalPages()),
                TeamSwitcher.cell(v, mine, d.template().teamId()), v.time(d.template().updatedAt())))
                .collect(Html.joining());
        Html table = rows.isEmpty() ? Html.of("<p id=\"no-templates\">{}</p>\n", v.t("templates.none"))
                : Html.of("{}<table class=\"table\" id=\"templates\">\n<caption class=\"visually-hidden\">{}</caption>\n"
                + "<thead><tr>{}{}{}{}{}</tr></thead>\n<tbody>\n{}</tbody>\n</table>\n</div>\n",
                v.tableWrap("templates.title"), v.t("templates.title"), v.th("templates.name"),
                v.th("templates.recipients"), v.th("templates.pages"), TeamSwitcher.column(v, mine),
                v.th("templates.updated"), rows);
        long pages = Math.max(1, (found.total() + PER_PAGE - 1) / PER_PAGE);
        Html pager = v.pager(page, pages, team.inLink());
        Html switcher = TeamSwitcher.render(v, s, mine, team, "/admin/templates");
        return v.page(200, s, "templates", v.m.get("templates.title"), req, switcher,
                Html.join(List.of(newButton(v, s, mine, team), table, pager)));
    }

    /** The way to a new template, keeping the list's choice; none in a team's list where the user is a viewer. */
    private static Html newButton(AdminView v, Session s, List<Membership> mine, TeamSwitcher.Choice team) {
        boolean mayMake = team.teamId() == null || s.user().admin() || mine.stream()
                .anyMatch(m -> m.team().id() == team.teamId() && m.role().atLeast(TeamRole.MEMBER));
        return !mayMake ? Html.EMPTY : Html.of("<p class=\"actions\"><a class=\"btn btn-primary\" id=\"new-template\" "
                + "href=\"/admin/templates/new{}\">{}</a></p>\n", kept(team), v.t("templates.new"));
    }

    /** The list's choice, kept in the address of the new template's page and of its forms. */
    private static String kept(TeamSwitcher.Choice team) {
        return team.equals(TeamSwitcher.Choice.ALL) ? "" : "?" + TeamSwitcher.PARAM + "=" + team.value();
    }

    /** The list's choice in the address of the new template's page or form, checked as the lists check it. */
    private static TeamSwitcher.Choice chosen(Request req, AdminView v) {
        Query q = req.query();
        TeamSwitcher.Choice team = TeamSwitcher.read(v, q);
        q.check();
        return team;
    }

    private Response newPage(Request req, Session s, AdminView v, FormErrors errors, int status) {
        TeamSwitcher.Choice team = chosen(req, v);
        Html forTeam = team.teamId() == null ? Html.EMPTY : Html.of("<p id=\"new-template-team\" data-team=\"{}\">{}</p>\n",
                team.teamId(), v.t("teams.template.for_team",
                        teamWork.teams().get(s.principal(), team.teamId()).team().name()));
        Html uploadForm = Html.of("<section class=\"panel\" aria-labelledby=\"from-file\">\n<h2 id=\"from-file\">{}</h2>\n"
                + "{}<form method=\"post\" action=\"/admin/templates/new/upload{}\" enctype=\"multipart/form-data\" "
                + "class=\"form\">\n{}{}<label for=\"template-file\">{}</label>\n<input id=\"template-file\" name=\"file\" "
                + "type=\"file\" accept=\"{}\" required=\"required\""
                + "{} />\n<p class=\"hint\">{}</p>\n{}<button type=\"submit\" class=\"btn btn-primary\" id=\"upload-template\">"
                + "{}</button>\n</form>\n</section>\n", v.t("templates.from_file"), errors.summary(v, List.of("name", "file")),
                kept(team), AdminView.csrf(s),
                errors.input(v, "upload-name", "name", v.t("templates.name_optional"), "text", "", false),
                v.t("templates.file"), FormUpload.DOCUMENT_TYPES, errors.attributes("file", "template-file"),
                v.t("templates.file_hint"),
                errors.beside(v, "file", "template-file"), v.t("templates.upload"));
        return v.page(status, s, "templates", v.m.get("templates.new"), req,
                Html.join(List.of(forTeam, uploadForm, fromDocumentForm(v, s, team))));
    }

    /** The documents a template can be made from: those of the list chosen, so a team's template from its documents. */
    private Html fromDocumentForm(AdminView v, Session s, TeamSwitcher.Choice team) {
        List<Document> offered = (team.personal()
                ? documents.listPersonal(s.principal(), null, null, 1, DOCUMENTS_OFFERED)
                : documents.list(s.principal(), team.teamId(), null, null, null, 1, DOCUMENTS_OFFERED)).items();
        if (offered.isEmpty()) {
            return Html.of("<section class=\"panel\" aria-labelledby=\"from-document\">\n<h2 id=\"from-document\">{}</h2>\n"
                    + "<p>{}</p>\n</section>\n", v.t("templates.from_document"), v.t("templates.no_documents"));
        }
        Html options = offered.stream().map(d -> Html.of("<option value=\"{}\">{}</option>\n", d.id(), d.title()))
                .collect(Html.joining());
        return Html.of("<section class=\"panel\" aria-labelledby=\"from-document\">\n<h2 id=\"from-document\">{}</h2>\n"
                + "<form method=\"post\" action=\"/admin/templates/new/from-document{}\" class=\"form\">\n{}"
                + "<label for=\"source-document\">{}</label>\n<select id=\"source-document\" name=\"document_id\">\n{}"
                + "</select>\n<label for=\"document-template-name\">{}</label>\n<input id=\"document-template-name\" "
                + "name=\"name\" type=\"text\" maxlength=\"255\" required=\"required\" />\n"
                + "<button type=\"submit\" class=\"btn btn-primary\">{}</button>\n</form>\n</section>\n",
                v.t("templates.from_document"), kept(team), AdminView.csrf(s), v.t("templates.document"), options,
                v.t("templates.name"), v.t("templates.make"));
    }

    private Response upload(Request req, Session s, AdminView v) throws Exception {
        Long teamId = chosen(req, v).teamId();
        try {
            FormUpload.Received<String> got = upload.receiveForm(req, s, UPLOAD_TEXT, uploadName);
            AcceptedFile f = got.file();
            String chosen = got.text() != null ? got.text()
                    : DrawableText.drawablePart(FileNames.withoutExtension(f.originalFilename()));
            long id = templates.upload(s.principal(), f, chosen.isBlank() ? v.m.get("templates.untitled") : chosen, "",
                    teamId).template().id();
            return AdminView.redirect("/admin/templates/" + id, "templates_created");
        } catch (Refusal r) {
            if (r.code().equals("csrf") || r.kind() == Refusal.Kind.FORBIDDEN || r.kind() == Refusal.Kind.NOT_FOUND) {
                throw r;
            }
            return newPage(req, s, v, FormErrors.of(r, v), r.status());
        }
    }

    private Response fromDocument(Request req, Session s, AdminView v, Form form) {
        Long teamId = chosen(req, v).teamId();
        Body b = form.body();
        Long documentId = b.requireLong("document_id", 1, Long.MAX_VALUE);
        String name = b.requireLine("name", 255);
        DrawableText.check("name", name, b::reject);
        b.check();
        long id = templates.fromDocument(s.principal(), documentId, name, "", teamId).template().id();
        return AdminView.redirect("/admin/templates/" + id, "templates_created");
    }
}
