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
import org.signet.domain.Actor;
import org.signet.domain.Document;
import org.signet.domain.DocumentStatus;
import org.signet.http.ApiException;
import org.signet.http.Body;
import org.signet.http.Caller;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.json.Json;
import org.signet.service.Documents;
import org.signet.service.Workflow;
import org.signet.store.DocumentStore;
import org.signet.store.StoredFiles;

/** The document endpoints of the seed (S4): list, upload, read, update, delete, file. */
public final class DocumentsApi {
    private static final Set<String> UPLOAD_TEXT = Set.of("title", "expires_at", "reminder_interval_days");

    private final Documents documents;
    private final DocumentStore store;
    private final StoredFiles files;
    private final Workflow workflow;
    private final UploadReceiver uploads;
    private final DocumentViews views;
    private final DocumentInput input;

    public DocumentsApi(Documents documents, DocumentStore store, StoredFiles files, Workflow workflow,
            UploadReceiver uploads, DocumentViews views, DocumentInput input) {
        this.documents = documents;
        this.store = store;
        this.files = files;
        this.workflow = workflow;
        this.uploads = uploads;
        this.views = views;
        this.input = input;
    }

    public void routes(Router r) {
        r.get("/documents", this::list);
        r.post("/documents/upload", this::upload);
        r.get("/documents/{id}", this::get);
        r.put("/documents/{id}", this::update);
        r.delete("/documents/{id}", this::delete);
        r.get("/documents/{id}/file", this::file);
    }

    private Response list(Request req) {
        Map<String, String> invalid = new LinkedHashMap<>();
        Paging paging = Paging.from(req, 20, invalid);
        DocumentStatus status = req.query("status").map(s -> DocumentStatus.fromWire(s).orElseGet(() -> {
            invalid.put("status", "status is not one of draft, sent, viewed, completed, declined, expired.");
            return null;
        })).orElse(null);
        String search = req.query("search").orElse(null);
        if (search != null && search.length() > 200) {
            invalid.put("search", "search must be at most 200 characters.");
        }
        Paging.check(invalid);
        Caller c = req.caller();
        DocumentStore.Page page = store.list(new DocumentStore.ListQuery(c.admin() ? null : c.userId(), status,
                search, paging.page, paging.perPage));
        Map<String, String> keep = new LinkedHashMap<>();
        req.query("status").ifPresent(s -> keep.put("status", s));
        req.query("search").ifPresent(s -> keep.put("search", s));
        Response r = Response.ok(page.items().stream().map(views::listForm).toList());
        return paging.headers(r, page.total(), views.documentsUrl(), keep);
    }

    private Response upload(Request req) throws IOException {
        Caller c = req.caller();
        DocumentInput.Details[] details = new DocumentInput.Details[1];
        UploadReceiver.Upload u = uploads.receive(req, UPLOAD_TEXT, text -> details[0] = input.fromText(text));
        String title = details[0].title() != null ? details[0].title() : defaultTitle(u.originalFilename(), u);
        Document d = documents.create(new DocumentStore.NewDocument(c.userId(), title, filename(u),
                u.kind().mediaType(), u.totalPages(), u.pages(), u.original().id(), u.pdf().id(), u.original().sha256(),
                details[0].expiresAt(), details[0].reminderIntervalDays()), Actors.of(req));
        return Response.created(views.listForm(d));
    }

    static String filename(UploadReceiver.Upload u) {
        return u.originalFilename().isEmpty() ? "document." + u.kind().extension() : u.originalFilename();
    }

    private static String defaultTitle(String filename, UploadReceiver.Upload u) {
        String t = FileNames.withoutExtension(filename.isEmpty() ? filename(u) : filename);
        return t.isBlank() ? "Untitled document" : t;
    }

    private Response get(Request req) {
        return Response.ok(views.singleForm(documents.visible(req.caller(), req.pathId("id"))));
    }

    private Response update(Request req) {
        Document d = documents.visible(req.caller(), req.pathId("id"));
        Body b = req.json();
        DocumentInput.Update u = input.forUpdate(b, d);
        Actor actor = Actors.of(req);
        Optional<DocumentStatus> to = u.status().filter(s -> s != d.status());
        to.ifPresent(s -> Documents.requireUpdatable(d, s));
        workflow.inTransaction(() -> {
            if (u.changesDetails()) {
                documents.updateDetails(d, u.title(), u.expiresAt(), u.reminderIntervalDays(), actor, u.describe());
            }
            to.ifPresent(s -> workflow.changeStatus(store.find(d.id()).orElseThrow(), s, actor));
        });
        return Response.ok(views.singleForm(store.find(d.id()).orElseThrow()));
    }

    private Response delete(Request req) {
        Document d = documents.visible(req.caller(), req.pathId("id"));
        documents.delete(d);
        return Response.ok(Map.of("deleted", true, "id", Wire.id(d.id())));
    }

    private Response file(Request req) throws IOException {
        Document d = documents.visible(req.caller(), req.pathId("id"));
        String version = req.query("version").orElse("");
        if (!version.isEmpty() && !version.equals("original") && !version.equals("signed")) {
            throw ApiException.invalidParam("version", "version must be original or signed.");
        }
        boolean signed = d.signedFileId() != null && !version.equals("original");
        if (version.equals("signed") && !signed) {
            throw ApiException.notFound("Signed file");
        }
        long fileId = signed ? d.signedFileId() : d.originalFileId();
        String type = signed ? "application/pdf" : d.mediaType();
        String filename = signed ? d.title() + "-signed.pdf" : d.originalFilename();
        long size = files.size(fileId).orElseThrow(() -> ApiException.notFound("File"));
        documents.recordDownload(d, Actors.of(req), signed ? "signed" : "original");
        String accept = Optional.ofNullable(req.header("Accept")).orElse("");
        if (accept.contains("application/pdf") || accept.contains(type)) {
            return Response.stream(200, type, size, out -> copy(fileId, out))
                    .header("Content-Disposition", ContentDisposition.attachment(filename));
        }
        return Response.stream(200, "application/json; charset=UTF-8", -1, out -> writeJson(out, fileId, filename, type));
    }

    private void copy(long fileId, OutputStream out) throws IOException {
        try (InputStream in = files.open(fileId)) {
            in.transferTo(out);
        }
    }

    /** Streams the base64 JSON form so a large file is never held twice in memory. */
    private void writeJson(OutputStream out, long fileId, String filename, String type) throws IOException {
        out.write("{\"content\":\"".getBytes(StandardCharsets.US_ASCII));
        OutputStream b64 = Base64.getEncoder().wrap(new NonClosing(out));
        copy(fileId, b64);
        b64.close();
        String tail = "\",\"filename\":" + Json.write(filename) + ",\"type\":" + Json.write(type)
                + ",\"encoding\":\"base64\"}";
        out.write(tail.getBytes(StandardCharsets.UTF_8));
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
