package org.signet.api;

import java.io.IOException;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.signet.crypto.Tokens;
import org.signet.domain.Document;
import org.signet.http.ApiException;
import org.signet.http.Body;
import org.signet.http.Caller;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.service.Documents;
import org.signet.store.Database;
import org.signet.store.DocumentStore;
import org.signet.store.StagedFileStore;

/**
 * {@code POST /files} stages a validated upload; {@code POST /documents} turns one of the
 * caller's own staged files, at most 15 minutes old, into a document (S4). {@code file_path} is
 * an opaque name, not a location: nothing the client sends is ever used as a path.
 */
public final class StagingApi {
    private static final String PREFIX = "staging/";

    private final UploadReceiver uploads;
    private final StagedFileStore staged;
    private final Documents documents;
    private final DocumentInput input;
    private final DocumentViews views;
    private final Database db;
    private final Wire wire;
    private final Clock clock;

    public StagingApi(UploadReceiver uploads, StagedFileStore staged, Documents documents, DocumentInput input,
            DocumentViews views, Database db, Wire wire, Clock clock) {
        this.uploads = uploads;
        this.staged = staged;
        this.documents = documents;
        this.input = input;
        this.views = views;
        this.db = db;
        this.wire = wire;
        this.clock = clock;
    }

    public void routes(Router r) {
        r.post("/files", this::stage);
        r.post("/documents", this::create);
    }

    private Response stage(Request req) throws IOException {
        UploadReceiver.Upload u = uploads.receive(req, Set.of(), text -> { });
        String token = Tokens.base62(32);
        String pages = DocumentStore.pagesJson(u.pages());
        staged.insert(req.caller().userId(), token, DocumentsApi.filename(u), u.kind().mediaType(), u.totalPages(),
                pages, u.original().id(), u.pdf().id(), u.original().sha256());
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("file_path", PREFIX + token);
        out.put("original_filename", DocumentsApi.filename(u));
        out.put("expires_at", wire.time(clock.millis() / 1000 + StagedFileStore.LIFETIME_SECONDS));
        return Response.created(out);
    }

    private Response create(Request req) {
        Caller c = req.caller();
        Body b = req.json();
        b.requireString("title");
        String path = b.requireString("file_path");
        String filename = b.optString("original_filename").orElse(null);
        b.check();
        DocumentInput.Details details = input.fromBody(b);
        StagedFileStore.Staged s = findOwnFresh(c, path);
        String name = filename == null || filename.isBlank() ? s.originalFilename() : FileNames.withoutPath(filename);
        Document d = db.inTransaction(() -> {
            // Claimed inside the transaction: a concurrent request or the cleanup job may have taken it.
            if (!staged.delete(s.id())) {
                throw invalidPath();
            }
            return documents.create(new DocumentStore.NewDocument(c.userId(), details.title(), name, s.mediaType(),
                    s.totalPages(), DocumentStore.pages(s.pageSizes()), s.originalFileId(), s.pdfFileId(), s.fileHash(),
                    details.expiresAt(), details.reminderIntervalDays()), Actors.of(req));
        });
        return Response.created(views.listForm(d));
    }

    /** Another user's file, a made-up path, traversal, or an expired file: all the same 400. */
    private StagedFileStore.Staged findOwnFresh(Caller c, String path) {
        String token = path.startsWith(PREFIX) ? path.substring(PREFIX.length()) : "";
        StagedFileStore.Staged s = token.matches("[0-9A-Za-z]{32}") ? staged.findByToken(token).orElse(null) : null;
        boolean expired = s != null && clock.millis() / 1000 - s.createdAt() > StagedFileStore.LIFETIME_SECONDS;
        if (s == null || s.userId() != c.userId() || expired) {
            throw invalidPath();
        }
        return s;
    }

    private static ApiException invalidPath() {
        return ApiException.badRequest("invalid_file_path",
                "file_path must be a file you staged with POST /files in the last 15 minutes.");
    }
}
