package org.signet.api;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.signet.domain.Document;
import org.signet.http.Body;
import org.signet.http.Keys;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.service.AcceptedFile;
import org.signet.service.DetectedFields;
import org.signet.service.DraftDetails;
import org.signet.service.Staging;
import org.signet.text.FileNames;
import org.signet.text.Wire;

/**
 * {@code POST /files} stages a validated upload; {@code POST /documents} turns one of the
 * caller's own staged files, at most 15 minutes old, into a document.
 */
public final class StagingApi {
    /** {@code POST /documents}: the staged file and the new document's details. */
    private static final Keys NEW_DOCUMENT = DocumentInput.DETAILS.and("file_path", "original_filename", "team_id");

    private final UploadReceiver uploads;
    private final Staging staging;
    private final DocumentInput input;
    private final DocumentViews views;
    private final Wire wire;

    public StagingApi(UploadReceiver uploads, Staging staging, DocumentInput input, DocumentViews views, Wire wire) {
        this.uploads = uploads;
        this.staging = staging;
        this.input = input;
        this.views = views;
        this.wire = wire;
    }

    public void routes(Router r) {
        r.post("/files", this::stage);
        r.post("/documents", this::create);
    }

    private Response stage(Request req) throws IOException {
        AcceptedFile f = uploads.receive(req, Set.of(), text -> { });
        Staging.Staged s = staging.stage(req.caller().userId(), f);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("file_path", s.filePath());
        out.put("original_filename", s.originalFilename());
        out.put("expires_at", wire.time(s.expiresAt()));
        if (!f.detected().isEmpty()) {
            // Only then, as for an upload: kept with the staged file and given to the document made from it.
            out.put("detected_fields", DetectedFields.saveShapes(f.detected()));
        }
        return Response.created(out);
    }

    private Response create(Request req) {
        Body b = req.json().refuseUnknown(NEW_DOCUMENT);
        b.requireString("title");
        String path = b.requireString("file_path");
        String filename = b.optString("original_filename").orElse(null);
        b.check();
        DraftDetails details = input.fromBody(b);
        String name = filename == null || filename.isBlank() ? null : FileNames.withoutPath(filename);
        Document d = staging.createDocument(req.caller().principal(), path, name, details, Actors.of(req));
        return Response.created(views.listForm(d));
    }
}
