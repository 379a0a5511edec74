package org.signet.api;

import java.io.IOException;
import java.io.InputStream;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.service.Attachments;
import org.signet.service.Documents;

/** The files signers attached to a document's attachment fields, for its owner (see docs/api/workflow.md, Fields). */
public final class AttachmentsApi {
    private final Attachments attachments;

    public AttachmentsApi(Attachments attachments) {
        this.attachments = attachments;
    }

    public void routes(Router r) {
        r.get("/documents/{id}/attachments/{field_id}", this::download);
    }

    /** The file as kept, as a download with its own media type; never shown inline. */
    private Response download(Request req) throws IOException {
        Documents.Download file = attachments.download(req.caller().principal(), req.pathId("id"),
                req.pathId("field_id"));
        // Opened before the answer starts, so a stored file that cannot be read is a 500, never a 200 cut short.
        InputStream opened = req.method().equals("HEAD") ? InputStream.nullInputStream() : file.open();
        return Response.download(file.filename(), file.mediaType(), file.size(), out -> {
            try (InputStream in = opened) {
                in.transferTo(out);
            }
        });
    }
}
