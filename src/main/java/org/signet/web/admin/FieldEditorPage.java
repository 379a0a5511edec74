package org.signet.web.admin;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.signet.domain.DocumentFile;
import org.signet.domain.FieldType;
import org.signet.domain.PageSize;
import org.signet.error.Refusal;
import org.signet.http.Body;
import org.signet.http.Keys;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.json.Json;
import org.signet.service.AdminSessions.Session;
import org.signet.text.Html;

/**
 * The field editor, for a draft at {@code /admin/documents/{id}/fields} or a template at
 * {@code /admin/templates/{id}/fields}: the pages as images, a palette of every field type, the settings of the
 * field chosen, and the script {@code admin/editor.js} that places, moves, resizes and assigns fields with the
 * mouse or the keyboard and saves them as the sender works, to this page's own JSON endpoint, which reads and
 * saves them as the REST interface does. What it edits is {@link EditedFields}; the page is the same for both.
 */
final class FieldEditorPage implements AdminRoutes.Section {
    static final String MODULE = "/assets/admin/editor.js";
    /** What the editor's save takes: the fields, as {@code POST .../fields} does. */
    private static final Keys SAVE = Keys.of("fields");
    /** The words the script says, by their key without {@code editor.}: announcements and the save's state. */
    private static final List<String> SCRIPT_WORDS = List.of("chosen", "placed", "moved", "moved_page", "resized",
            "removed", "assigned", "selected", "saved", "saving", "not_saved", "unreachable", "field_name",
            "no_recipients", "leave");

    private final EditedFields edited;

    FieldEditorPage(EditedFields edited) {
        this.edited = edited;
    }

    /** The editor of a draft's fields. */
    static FieldEditorPage forDocuments(AdminRoutes.SectionServices services) {
        AdminRoutes.FieldEditing e = services.editing();
        return new FieldEditorPage(new DocumentFieldsEdited(services.documents(), services.workflow(), e.pages(),
                e.reading().document()));
    }

    /** The editor of a template's fields. */
    static FieldEditorPage forTemplates(AdminRoutes.SectionServices services) {
        AdminRoutes.FieldEditing e = services.editing();
        return new FieldEditorPage(new TemplateFieldsEdited(e.templates(), e.pages(), e.reading().template()));
    }

    @Override
    public void routes(Router site, AdminRoutes admin) {
        String base = "/admin/" + edited.area() + "/{id}";
        site.get(base + "/fields", admin.page(TeamWords.page(this::show)));
        site.post(base + "/fields", admin.json((req, s, body) -> save(req, s, body)));
        site.get(base + "/pages/{page}", admin.page((req, s, v) -> image(req, s)));
    }

    private Response show(Request req, Session s, AdminView v) {
        long id = req.pathId("id");
        EditedFields.Model model = edited.load(s.principal(), id);
        Html none = model.recipients().isEmpty()
                ? Html.of("<p id=\"editor-no-recipients\" class=\"panel\">{}</p>\n", v.t("editor.no_recipients"))
                : Html.EMPTY;
        Html steps = edited.steps(v, id);
        Html body = Html.join(List.of(steps, links(v, id, steps), none, Html.of("<p id=\"editor-needs-script\" class=\"panel\">{}</p>\n"
                + "<p id=\"editor-phone\" class=\"panel editor-phone\">{}</p>\n", v.t("editor.needs_script"),
                v.t("editor.wider_screen")), editor(v, s, id, model),
                Html.of("<script type=\"module\" src=\"{}\"></script>\n", MODULE)));
        return v.page(200, s, edited.area(), v.m.get("editor.title", model.title()), req, body);
    }

    /**
     * Back and on. Under a draft's steps, whose navigation is already named for steps, these are named as the other
     * steps' buttons are, so a screen reader's list of landmarks tells the two apart.
     */
    private Html links(AdminView v, long id, Html steps) {
        return Html.of("<nav class=\"editor-steps\" aria-label=\"{}\">\n<a id=\"editor-back\" class=\"btn btn-secondary\""
                + " href=\"{}\">{}</a>\n<a id=\"editor-next\" class=\"btn btn-primary\" href=\"{}\">{}</a>\n</nav>\n",
                v.t(steps.isEmpty() ? "editor.steps" : "compose.step_buttons"), edited.back(id), v.t("editor.back"), edited.next(id), v.t(edited.nextWords()));
    }

    private Html editor(AdminView v, Session s, long id, EditedFields.Model model) {
        String base = "/admin/" + edited.area() + "/" + id;
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("save", base + "/fields");
        data.put("assignee", model.assigneeKey());
        data.put("recipients", recipients(v, model));
        data.put("types", types(v));
        data.put("fields", model.fields());
        return Html.of("<div id=\"field-editor\" class=\"field-editor\" hidden=\"hidden\" data-csrf=\"{}\" data-model=\"{}\""
                + " data-words=\"{}\">\n<div class=\"editor-state\">\n"
                + "<p id=\"editor-status\" class=\"editor-status\" role=\"status\">{}</p>\n"
                + "<ul id=\"editor-errors\" class=\"editor-errors\" hidden=\"hidden\"></ul>\n</div>\n"
                + "<div class=\"editor-body\">\n{}<div class=\"editor-pages\">\n{}</div>\n{}</div>\n"
                + "<div id=\"editor-announce\" class=\"visually-hidden\" aria-live=\"polite\" aria-atomic=\"true\"></div>\n"
                + "</div>\n", s.csrfToken(), Json.write(data), Json.write(words(v)), v.t("editor.saved"),
                palette(v, model), pages(v, base, model), EditorSettings.render(v, model));
    }

    private static Html palette(AdminView v, EditedFields.Model model) {
        Html buttons = Arrays.stream(FieldType.values()).map(t -> Html.of("<li><button type=\"button\""
                + " class=\"palette-item\" data-type=\"{}\" aria-pressed=\"false\">{}</button></li>\n", t.wire(),
                v.t("editor.type." + t.wire()))).collect(Html.joining());
        return Html.of("<section class=\"editor-palette\" aria-labelledby=\"palette-heading\">\n"
                + "<h2 id=\"palette-heading\">{}</h2>\n<label for=\"editor-for\">{}</label>\n"
                + "<select id=\"editor-for\">\n{}</select>\n"
                + "<ul class=\"palette\" aria-describedby=\"palette-hint\">\n{}</ul>\n"
                + "<p id=\"palette-hint\" class=\"hint\">{}</p>\n<p class=\"hint\">{}</p>\n</section>\n",
                v.t("editor.palette"), v.t("editor.for_new"), EditorSettings.recipientOptions(v, model), buttons,
                v.t("editor.palette_hint"), v.t("editor.keys_hint"));
    }

    private static Html pages(AdminView v, String base, EditedFields.Model model) {
        List<Html> out = new ArrayList<>();
        int joined = 0;
        int order = 0;
        for (DocumentFile f : model.files().files()) {
            out.add(Html.of("<h2 class=\"editor-file\">{}</h2>\n", v.t("editor.file", ++order, f.originalFilename())));
            for (int n = 1; n <= f.totalPages(); n++) {
                joined++;
                PageSize size = f.pages().get(n - 1);
                out.add(Html.of("<div class=\"editor-page\" tabindex=\"0\" role=\"group\" aria-label=\"{}\""
                        + " data-file=\"{}\" data-page=\"{}\" data-width=\"{}\" data-height=\"{}\">\n"
                        + "<img src=\"{}/pages/{}.png\" alt=\"\" width=\"{}\" height=\"{}\" draggable=\"false\" />\n"
                        + "</div>\n", v.m.get("editor.page_label", n, f.originalFilename()), f.id(), n, size.width(),
                        size.height(), base, joined, Math.round(size.width()), Math.round(size.height())));
            }
        }
        return Html.join(out);
    }

    private static List<Map<String, Object>> recipients(AdminView v, EditedFields.Model model) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (int i = 0; i < model.recipients().size(); i++) {
            EditedFields.Recipient r = model.recipients().get(i);
            out.add(Json.object("id", r.id(), "name", EditorSettings.name(v, r), "role", r.role(), "colour", i % 6));
        }
        return out;
    }

    private static List<Map<String, Object>> types(AdminView v) {
        return Arrays.stream(FieldType.values()).map(t -> Json.object("type", t.wire(), "words",
                v.m.get("editor.type." + t.wire()), "width", t.defaultWidth(), "height", t.defaultHeight())).toList();
    }

    private static Map<String, String> words(AdminView v) {
        Map<String, String> out = new LinkedHashMap<>();
        SCRIPT_WORDS.forEach(k -> out.put(k, v.m.get("editor." + k)));
        return out;
    }

    /** Saves the fields sent, answering them as stored, or the refusal in the error envelope, nothing saved. */
    private Response save(Request req, Session s, Body body) {
        body.refuseUnknown(SAVE);
        Object raw = body.raw("fields");
        return Response.ok(Json.object("fields", edited.save(s.principal(), req.pathId("id"), raw,
                AdminRoutes.actor(req, s))));
    }

    private Response image(Request req, Session s) throws IOException {
        String name = req.pathParam("page");
        if (!name.matches("\\d{1,5}\\.png")) {
            throw Refusal.notFound("Page");
        }
        byte[] png = edited.page(s.principal(), req.pathId("id"), Integer.parseInt(name.substring(0, name.length() - 4)));
        return Response.bytes(200, "image/png", png).header("Cache-Control", "private, max-age=600");
    }
}
