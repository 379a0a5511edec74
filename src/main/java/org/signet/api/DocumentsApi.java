package org.signet.api;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.signet.domain.Document;
import org.signet.domain.DocumentList;
import org.signet.domain.DocumentPatch;
import org.signet.domain.DocumentStatus;
import org.signet.error.Refusal;
import org.signet.http.Query;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.json.Json;
import org.signet.service.AcceptedFile;
import org.signet.service.Completion;
import org.signet.service.DetectedFields;
import org.signet.service.Documents;
import org.signet.service.DraftDetails;
import org.signet.service.Retention;
import org.signet.text.Wire;

/** The document endpoints (see docs/api/documents.md): list, upload, read, update, delete, file. */
public final class DocumentsApi {
    /** What {@code GET /documents/{id}/file} hands out besides one file's original: the sealed PDF and its certificate. */
    private static final Set<String> VERSIONS = Set.of("original", "signed", "certificate");
    /** The text parts a new draft's upload reads beside its file. */
    public static final Set<String> DRAFT_TEXT = Set.of("title", "expires_at", "reminder_interval_days",
            "external_id", "metadata", "allow_delegation", "team_id");

    private final Documents documents;
    private final Completion completion;
    private final Retention retention;
    private final UploadReceiver uploads;
    private final DocumentViews views;
    private final DocumentInput input;
    private final RenderedDetails rendered;

    public DocumentsApi(Documents documents, Completion completion, Retention retention, UploadReceiver uploads,
            DocumentViews views, DocumentInput input) {
        this.documents = documents;
        this.retention = retention;
        this.completion = completion;
        this.uploads = uploads;
        this.views = views;
        this.input = input;
        this.rendered = new RenderedDetails(views::singleForm);
    }

    public void routes(Router r) {
        r.get("/documents", this::list);
        r.post("/documents/upload", this::upload);
        r.get("/documents/{id}", this::get);
        r.put("/documents/{id}", this::update);
        r.delete("/documents/{id}", this::delete);
        r.get("/documents/{id}/file", this::file);
        r.post("/documents/{id}/seal", this::seal);
    }

    /** Seals a completed document again after its sealing failed; answers the document as it now is. */
    private Response seal(Request req) {
        long id = req.pathId("id");
        req.emptyJson();
        completion.retry(req.caller().principal(), id);
        return Response.ok(views.singleForm(documents.detail(req.caller().principal(), id)));
    }

    private Response list(Request req) {
        Query q = req.query();
        Paging paging = Paging.from(q, 20);
        DocumentStatus status = q.optString("status").map(s -> DocumentStatus.fromWire(s).orElseGet(() -> {
            q.reject("status", "status is not one of draft, sent, viewed, completed, declined, expired.");
            return null;
        })).orElse(null);
        String search = q.optLineOrBlank("search", 200).orElse(null);
        String externalId = q.optLine("external_id", ExternalRefInput.MAX_EXTERNAL_ID).orElse(null);
        Long teamId = q.optLong("team_id", 1, Long.MAX_VALUE).orElse(null);
        q.check();
        DocumentList page = documents.list(req.caller().principal(), teamId, status, search, externalId, paging.page,
                paging.perPage);
        Map<String, String> keep = new LinkedHashMap<>();
        req.query("status").ifPresent(s -> keep.put("status", s));
        req.query("search").ifPresent(s -> keep.put("search", s));
        req.query("external_id").ifPresent(s -> keep.put("external_id", s));
        req.query("team_id").ifPresent(s -> keep.put("team_id", s));
        Response r = Response.ok(page.items().stream().map(views::listForm).toList());
        return paging.headers(r, page.total(), views.documentsUrl(), keep);
    }

    private Response upload(Request req) throws IOException {
        UploadReceiver.WithText<DraftDetails> upload = uploads.receiveReading(req, DRAFT_TEXT, this::draftDetails);
        AcceptedFile f = upload.file();
        Document d = documents.create(req.caller().principal(), f, upload.text().titledAfter(f.originalFilename()),
                Actors.of(req));
        Map<String, Object> made = new LinkedHashMap<>(views.listForm(d));
        if (!f.detected().isEmpty()) {
            // Only then: an upload without any keeps the answer a WP Signer client expects, key for key.
            made.put("detected_fields", DetectedFields.saveShapes(f.detected()));
        }
        return Response.created(made);
    }

    /**
     * What this upload reads from its text parts ({@link #DRAFT_TEXT}) for a new draft, its title left to the file's
     * name when none is given; a form's other parts are ignored, so the administrator pages' upload form is read here
     * too, its own parts beside these.
     */
    public DraftDetails draftDetails(Map<String, String> text) {
        Map<String, String> own = new LinkedHashMap<>(text);
        own.keySet().retainAll(DRAFT_TEXT);
        return input.fromText(own);
    }

    /** The document; a purged one answers the record it left, which its other endpoints answer 410 for. */
    private Response get(Request req) {
        long id = req.pathId("id");
        try {
            byte[] json = rendered.json(documents.detail(req.caller().principal(), id));
            return Response.bytes(200, Response.JSON, json);
        } catch (Refusal e) {
            if (!e.code().equals("document_purged")) {
                throw e;
            }
            return Response.ok(views.purgedForm(retention.record(req.caller().principal(), id)));
        }
    }

    private Response update(Request req) {
        long id = req.pathId("id");
        DocumentPatch patch = input.forUpdate(req.json());
        return Response.ok(views.singleForm(documents.update(req.caller().principal(), id, patch, Actors.of(req))));
    }

    private Response delete(Request req) {
        long id = req.pathId("id");
        documents.delete(req.caller().principal(), id);
        return Response.ok(Json.object("deleted", true, "id", Wire.id(id)));
    }

    private Response file(Request req) throws IOException {
        long id = req.pathId("id");
        String version = req.query("version").orElse("");
        if (!version.isEmpty() && !VERSIONS.contains(version)) {
            throw Refusal.invalidParam("version", "version must be original, signed or certificate.");
        }
        Long fileId = fileId(req, version);
        Documents.Download file = version.equals("certificate")
                ? documents.certificate(req.caller().principal(), id, Actors.of(req))
                : documents.download(req.caller().principal(), id, version, fileId, Actors.of(req));
        // Opened before the answer starts, so a stored file that cannot be read is a 500, never a 200 cut short.
        InputStream in = req.method().equals("HEAD") ? InputStream.nullInputStream() : file.open();
        String accept = Optional.ofNullable(req.header("Accept")).orElse("");
        if (accept.contains("application/pdf") || accept.contains(file.mediaType())) {
            return Response.download(file.filename(), file.mediaType(), file.size(), out -> copy(in, out));
        }
        return Response.stream(200, "application/json; charset=UTF-8", -1, out -> writeJson(out, in, file));
    }

    /** The query's {@code file_id}, which names one of the document's files and asks for its original; null without. */
    private static Long fileId(Request req, String version) {
        String raw = req.query("file_id").orElse(null);
        if (raw == null) {
            return null;
        }
        Long id = raw.matches("[1-9][0-9]{0,17}") ? Long.valueOf(raw) : null;
        if (id == null) {
            throw Refusal.invalidParam("file_id", "file_id must be the id of one of the document's files.");
        }
        if (!version.isEmpty() && !version.equals("original")) {
            throw Refusal.invalidParam("file_id", "file_id names an original; the signed version and its certificate are one file each.");
        }
        return id;
    }

    private static void copy(InputStream opened, OutputStream out) throws IOException {
        try (InputStream in = opened) {
            in.transferTo(out);
        }
    }

    /** Streams the base64 JSON form so a large file is never held twice in memory. */
    private static void writeJson(OutputStream out, InputStream in, Documents.Download file) throws IOException {
        Map<String, Object> rest = new LinkedHashMap<>();
        rest.put("filename", file.filename());
        rest.put("type", file.mediaType());
        rest.put("encoding", "base64");
        Json.Around json = Json.aroundString("content", rest);
        out.write(json.head().getBytes(StandardCharsets.UTF_8));
        OutputStream b64 = Base64.getEncoder().wrap(new NonClosing(out));
        copy(in, b64);
        b64.close();
        out.write(json.tail().getBytes(StandardCharsets.UTF_8));
    }

    /** Lets the base64 encoder flush its final block without closing the connection's stream. */
    private static final class NonClosing extends java.io.FilterOutputStream {
        NonClosing(OutputStream out) {
            super(out);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
        }

        @Override
        public void close() throws IOException {
            flush();
        }
    }
}
