package org.signet.api;

import java.io.IOException;
import java.util.Set;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.service.AcceptedFile;
import org.signet.service.DocumentFiles;
import org.signet.service.Documents;

/**
 * A draft's files (see docs/api/documents.md, Several files): {@code POST /documents/{id}/files} adds
 * one through the same intake as an upload, {@code DELETE /documents/{id}/files/{file_id}} removes one;
 * both answer the document as it now is.
 */
public final class DocumentFilesApi {
    private final DocumentFiles files;
    private final Documents documents;
    private final UploadReceiver uploads;
    private final DocumentViews views;

    public DocumentFilesApi(DocumentFiles files, Documents documents, UploadReceiver uploads, DocumentViews views) {
        this.files = files;
        this.documents = documents;
        this.uploads = uploads;
        this.views = views;
    }

    public void routes(Router r) {
        r.post("/documents/{id}/files", this::add);
        r.delete("/documents/{id}/files/{file_id}", this::remove);
    }

    private Response add(Request req) throws IOException {
        long id = req.pathId("id");
        // Refused before the body is read: a file for a document that cannot take it is never stored.
        files.requireRoom(req.caller().principal(), id);
        AcceptedFile f = uploads.receive(req, Set.of(), text -> { });
        files.add(req.caller().principal(), id, f, Actors.of(req));
        return Response.created(views.singleForm(documents.detail(req.caller().principal(), id)));
    }

    private Response remove(Request req) throws IOException {
        long id = req.pathId("id");
        files.remove(req.caller().principal(), id, req.pathId("file_id"), Actors.of(req));
        return Response.ok(views.singleForm(documents.detail(req.caller().principal(), id)));
    }
}
