package org.signet.api;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.signet.domain.DocumentFile;
import org.signet.domain.EmailAddress;
import org.signet.domain.FileLayout;
import org.signet.domain.Language;
import org.signet.domain.Principal;
import org.signet.domain.Signer;
import org.signet.domain.Template;
import org.signet.domain.TemplateField;
import org.signet.domain.TemplateSlot;
import org.signet.http.Body;
import org.signet.http.Keys;
import org.signet.http.Query;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.json.Json;
import org.signet.service.AcceptedFile;
import org.signet.service.DetectedFields;
import org.signet.service.DraftDetails;
import org.signet.service.DrawableText;
import org.signet.service.TemplateFiles;
import org.signet.service.Templates;
import org.signet.text.FileNames;
import org.signet.text.Wire;

/** The template endpoints (see docs/api/templates.md, Endpoints); template records render ids, counts and coordinates as JSON numbers. */
public final class TemplatesApi {
    private static final Set<String> UPLOAD_TEXT = Set.of("name", "description", "team_id");
    private static final int MAX_DESCRIPTION = 2000;
    /** {@code POST /templates}: a template made from a document. */
    private static final Keys FROM_DOCUMENT = Keys.of("document_id", "name", "description", "team_id");
    private static final Keys UPDATE = Keys.of("name", "description");
    /** A template's fields, given or found in its file. */
    private static final Keys FIELDS = Keys.of("fields", "from_detected");
    /** A document made from a template: its details, the variables' values, a signer per slot. */
    private static final Keys NEW_DOCUMENT = DocumentInput.DETAILS.and("variables", "signers", "send");

    private final Templates templates;
    private final TemplateFiles files;
    private final UploadReceiver uploads;
    private final DocumentInput input;
    private final DocumentViews views;
    private final Wire wire;
    private final Supplier<String> baseUrl;

    public TemplatesApi(Templates templates, TemplateFiles files, UploadReceiver uploads, DocumentInput input,
            DocumentViews views, Wire wire, Supplier<String> baseUrl) {
        this.templates = templates;
        this.files = files;
        this.uploads = uploads;
        this.input = input;
        this.views = views;
        this.wire = wire;
        this.baseUrl = baseUrl;
    }

    public void routes(Router r) {
        r.get("/templates", this::list);
        r.post("/templates", this::fromDocument);
        r.post("/templates/upload", this::upload);
        r.get("/templates/{id}", this::get);
        r.put("/templates/{id}", this::update);
        r.delete("/templates/{id}", this::delete);
        r.get("/templates/{id}/fields", this::listFields);
        r.post("/templates/{id}/fields", this::saveFields);
        r.post("/templates/{id}/documents", this::createDocument);
        r.post("/templates/{id}/files", this::addFile);
        r.delete("/templates/{id}/files/{file_id}", this::removeFile);
    }

    /** Adds a file after the template's last, through the same intake as an upload; answers the template. */
    private Response addFile(Request req) throws IOException {
        long id = req.pathId("id");
        // Refused before the body is read: a file for a template that cannot take it is never stored.
        files.requireRoom(req.caller().principal(), id);
        AcceptedFile f = uploads.receive(req, Set.of(), text -> { });
        files.add(req.caller().principal(), id, f);
        return Response.created(form(templates.get(req.caller().principal(), id)));
    }

    private Response removeFile(Request req) throws IOException {
        long id = req.pathId("id");
        files.remove(req.caller().principal(), id, req.pathId("file_id"));
        return Response.ok(form(templates.get(req.caller().principal(), id)));
    }

    private Response list(Request req) {
        Query q = req.query();
        Paging paging = Paging.from(q, 50);
        String search = q.optLineOrBlank("search", 200).orElse(null);
        Long teamId = q.optLong("team_id", 1, Long.MAX_VALUE).orElse(null);
        q.check();
        Templates.Page page = templates.list(req.caller().principal(), teamId, search, paging.page, paging.perPage);
        Map<String, String> keep = new LinkedHashMap<>();
        req.query("search").ifPresent(s -> keep.put("search", s));
        req.query("team_id").ifPresent(s -> keep.put("team_id", s));
        Response r = Response.ok(page.items().stream().map(this::form).toList());
        return paging.headers(r, page.total(), baseUrl.get() + "/templates", keep);
    }

    private Response fromDocument(Request req) {
        Body b = req.json().refuseUnknown(FROM_DOCUMENT);
        Long documentId = b.requireLong("document_id", 1, Long.MAX_VALUE);
        String name = b.requireLine("name", 255);
        DrawableText.check("name", name, b::reject);
        String description = description(b);
        Long teamId = b.optLong("team_id", 1, Long.MAX_VALUE).orElse(null);
        b.check();
        return Response.created(form(templates.fromDocument(req.caller().principal(), documentId, name, description,
                teamId)));
    }

    private Response upload(Request req) throws IOException {
        UploadReceiver.WithText<Named> upload = uploads.receiveReading(req, UPLOAD_TEXT, TemplatesApi::named);
        AcceptedFile f = upload.file();
        String name = upload.text().name() != null ? upload.text().name()
                : DrawableText.drawablePart(FileNames.withoutExtension(f.originalFilename()));
        Map<String, Object> made = new LinkedHashMap<>(form(templates.upload(req.caller().principal(), f,
                name.isBlank() ? "Untitled template" : name, upload.text().description(), upload.text().teamId())));
        if (!f.detected().isEmpty()) {
            // Only then: an upload without any keeps the answer a WP Signer client expects, key for key.
            made.put("detected_fields", DetectedFields.saveShapes(f.detected()));
        }
        return Response.created(made);
    }

    /** What an upload's text parts name a template: its name (null for the file's), description and team (or null). */
    private record Named(String name, String description, Long teamId) {}

    private static Named named(Map<String, String> text) {
        Body b = new Body(new LinkedHashMap<>(text));
        String name = name(b, text);
        String description = description(b);
        Long teamId = b.optLong("team_id", 1, Long.MAX_VALUE).orElse(null);
        b.check();
        return new Named(name, description, teamId);
    }

    /**
     * The name an upload's text parts give a template, or null for the file's; the pages' upload form reads its name
     * with this too, so both accept and refuse the same names.
     */
    public static String uploadName(Map<String, String> text) {
        Body b = new Body(new LinkedHashMap<>(Map.of("name", text.getOrDefault("name", ""))));
        String name = name(b, text);
        b.check();
        return name;
    }

    private static String name(Body b, Map<String, String> text) {
        String name = text.getOrDefault("name", "").isBlank() ? null : b.requireLine("name", 255);
        DrawableText.check("name", name, b::reject);
        return name;
    }

    /** A template's description may run over several lines. */
    private static String description(Body b) {
        return b.optText("description", MAX_DESCRIPTION).orElse("");
    }

    private Response get(Request req) {
        return answer(req.caller().principal(), req.pathId("id"));
    }

    /** Template {@code id} as its GET answers it, for {@code p}. */
    Response answer(Principal p, long id) {
        return Response.ok(form(templates.get(p, id)));
    }

    private Response update(Request req) {
        long id = req.pathId("id");
        Body b = req.json().refuseUnknown(UPDATE);
        String name = b.optLine("name", 255).orElse(null);
        DrawableText.check("name", name, b::reject);
        String description = b.has("description") ? description(b) : null;
        b.check();
        return Response.ok(form(templates.update(req.caller().principal(), id, name, description)));
    }

    private Response delete(Request req) {
        templates.delete(req.caller().principal(), req.pathId("id"));
        return Response.ok(Map.of("deleted", true));
    }

    private Response listFields(Request req) {
        return Response.ok(fieldForms(templates.get(req.caller().principal(), req.pathId("id"))));
    }

    private Response saveFields(Request req) {
        long id = req.pathId("id");
        Body b = req.json().refuseUnknown(FIELDS);
        boolean found = DetectedInput.wanted(b);
        Object raw = found ? templates.detectedAsSlots(req.caller().principal(), id) : b.raw("fields");
        return Response.ok(fieldForms(templates.saveFields(req.caller().principal(), id, (pages, layout) -> found
                ? FieldInput.parseFoundForTemplate(raw, pages, layout) : FieldInput.parseForTemplate(raw, pages, layout))));
    }

    private Response createDocument(Request req) {
        long id = req.pathId("id");
        Body b = req.json().refuseUnknown(NEW_DOCUMENT);
        DraftDetails details = input.fromBody(b);
        Map<String, String> variables = variables(b);
        List<Templates.SlotSigner> signers = signers(b);
        boolean send = b.optBool("send").orElse(false);
        b.check();
        Templates.NewDocumentRequest request = new Templates.NewDocumentRequest(details.title(), variables, signers,
                send, details.expiresAt(), details.ref(), details.allowDelegation());
        Templates.Created made = templates.createDocument(req.caller().principal(), id, request, Actors.of(req));
        Map<String, Object> out = new LinkedHashMap<>(views.singleForm(made.detail()));
        out.put("sent", made.sent());
        return Response.created(out);
    }

    /** {@code variables}: an object of strings (a checkbox takes "1" or "0"). */
    private static Map<String, String> variables(Body b) {
        Object raw = b.raw("variables");
        Map<String, String> out = new LinkedHashMap<>();
        if (raw == null) {
            return out;
        }
        if (!(raw instanceof Map<?, ?> m) || m.size() > 500) {
            b.reject("variables", "variables must be an object of variable keys and string values.");
            return out;
        }
        m.forEach((k, v) -> {
            if (v instanceof String s) {
                out.put(String.valueOf(k), s);
            } else {
                b.reject("variables." + k, "variables." + k + " must be a string.");
            }
        });
        return out;
    }

    /**
     * {@code signers}: an array of {name, email, role?, signing_order?, require_wp_login?, verification?,
     * language?}, one per slot.
     */
    private static List<Templates.SlotSigner> signers(Body b) {
        Object raw = b.require("signers");
        List<Templates.SlotSigner> out = new ArrayList<>();
        if (raw == null) {
            return out;
        }
        if (!(raw instanceof List<?> list) || list.size() > FieldInput.MAX_SLOTS
                || !list.stream().allMatch(i -> i instanceof Map<?, ?>)) {
            b.reject("signers", "signers must be an array of at most " + FieldInput.MAX_SLOTS + " signer objects.");
            return out;
        }
        for (int i = 0; i < list.size(); i++) {
            @SuppressWarnings("unchecked")
            Body s = new Body((Map<String, Object>) list.get(i), "signers[" + i + "].").refuseUnknown(SignersApi.SIGNER);
            String name = s.requireLine("name", 255);
            DrawableText.check("name", name, s::reject);
            String email = s.requireString("email");
            Signer.Role role = s.optString("role").map(r -> Signer.Role.fromWire(r).orElseGet(() -> {
                s.reject("role", "role must be one of signer, viewer, approver.");
                return null;
            })).orElse(null);
            Integer order = s.optLong("signing_order", 1, 1000).map(Long::intValue).orElse(null);
            boolean login = s.optBool("require_wp_login").orElse(false);
            Signer.Verification verification = SignersApi.verification(s);
            Language language = SignersApi.language(s);
            if (email != null && !EmailAddress.isValid(email.strip())) {
                s.reject("email", "email is not a valid email address.");
            }
            s.check();
            out.add(new Templates.SlotSigner(name, email.strip(), role, order, login, verification, language));
        }
        return out;
    }

    private Map<String, Object> form(Templates.Detail d) {
        Template t = d.template();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", t.id());
        m.put("team_id", t.teamId());
        m.put("name", t.name());
        m.put("description", t.description());
        m.put("original_filename", t.originalFilename());
        m.put("total_pages", t.totalPages());
        m.put("created_at", wire.time(t.createdAt()));
        m.put("updated_at", wire.time(t.updatedAt()));
        List<Map<String, Object>> variables = new ArrayList<>();
        for (TemplateField f : d.variables()) {
            Map<String, Object> v = new LinkedHashMap<>();
            v.put("key", f.variableKey());
            v.put("label", f.name().isEmpty() ? f.variableKey() : f.name());
            v.put("field_type", f.type().wire());
            variables.add(v);
        }
        m.put("variables", variables);
        List<Map<String, Object>> slots = new ArrayList<>();
        Map<Integer, TemplateSlot> known = new LinkedHashMap<>();
        d.slots().forEach(s -> known.put(s.slot(), s));
        for (int slot : d.slotNumbers()) {
            TemplateSlot s = known.getOrDefault(slot, new TemplateSlot(slot, Signer.Role.SIGNER, slot));
            slots.add(Json.object("slot", s.slot(), "role", s.role().wire(), "signing_order", s.signingOrder()));
        }
        m.put("signer_slots", slots);
        m.put("files", filesForm(d.files()));
        return m;
    }

    /** Each file in order: its id, name, pages and rank from 1. */
    private static List<Map<String, Object>> filesForm(FileLayout files) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (int i = 0; i < files.files().size(); i++) {
            DocumentFile f = files.files().get(i);
            out.add(Json.object("id", f.id(), "name", f.originalFilename(), "pages", f.totalPages(), "order", i + 1));
        }
        return out;
    }

    private List<Map<String, Object>> fieldForms(Templates.Detail d) {
        return d.fields().stream().map(f -> fieldForm(f, d.files())).toList();
    }

    /** The field, on a page of one of {@code files}: stored on their joined pages, said as a file and a page in it. */
    private Map<String, Object> fieldForm(TemplateField f, FileLayout files) {
        FileLayout.Place place = files.place(f.pageNumber());
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", f.id());
        m.put("template_id", f.templateId());
        m.put("signer_slot", f.signerSlot());
        m.put("field_type", f.type().wire());
        m.put("field_name", f.name());
        m.put("variable_key", f.variableKey());
        m.put("file_id", place.file().id());
        m.put("page_number", place.page());
        m.put("position_x", f.x());
        m.put("position_y", f.y());
        m.put("width", f.width());
        m.put("height", f.height());
        m.put("placeholder", f.placeholder());
        m.put("is_required", f.required() ? 1 : 0);
        m.put("font_size", f.fontSize());
        m.put("font_family", f.fontFamily());
        m.put("options", f.options());
        m.putAll(f.rules().wire());
        m.put("created_at", wire.time(f.createdAt()));
        m.put("updated_at", wire.time(f.updatedAt()));
        return m;
    }
}
