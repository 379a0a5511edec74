package org.signet.web;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.signet.domain.FieldAttachment;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.service.Attachments;
import org.signet.service.Visit;
import org.signet.text.Wire;

/**
 * {@code POST /sign/{token}/attachments/{field_id}}: a signer's file for one of their attachment fields,
 * sent as multipart/form-data (part {@code file}) or as the whole body (its type in Content-Type, its name
 * in {@code ?filename=}), under the limits of every upload. Who may send it is checked before the body is
 * read, and again when the file is recorded.
 */
public final class AttachmentUpload {
    /** The Content-Types of a file sent as the whole body; none is one a form on another site can send. */
    public static final Set<String> RAW_TYPES = Set.of("application/pdf", "image/png", "image/jpeg",
            "application/octet-stream");

    /** Whether the request is multipart (else the file is the whole body). */
    public static boolean multipart(Request req) {
        String type = req.header("Content-Type");
        return type != null && type.toLowerCase(Locale.ROOT).startsWith("multipart/");
    }

    /** Receives the request's file (its part, or its whole body) under {@code upload.max_bytes} for {@code use}. */
    @FunctionalInterface
    public interface Receiver {
        FieldAttachment receive(Request req, Use use) throws IOException;
    }

    /** What is done with the received file while it exists. */
    @FunctionalInterface
    public interface Use {
        FieldAttachment use(Path file, String clientFilename) throws IOException;
    }

    private final Attachments attachments;
    private final Receiver receiver;

    public AttachmentUpload(Attachments attachments, Receiver receiver) {
        this.attachments = attachments;
        this.receiver = receiver;
    }

    Response handle(Request req, Visit visit) throws IOException {
        String token = req.pathParam("token");
        long fieldId = req.pathId("field_id");
        // A multipart body is what any site's form can send: only the signing page's own script may.
        GateForm.requireSameOriginScript(req);
        attachments.require(token, visit, fieldId);
        FieldAttachment a = receiver.receive(req, (file, name) -> attachments.attach(token, visit, fieldId, file, name));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("field_id", Wire.id(a.fieldId()));
        out.put("filename", a.filename());
        out.put("kind", a.kind().wire());
        out.put("size", Long.toString(a.size()));
        out.put("sha256", a.sha256());
        return Response.ok(out).header("Cache-Control", "no-store");
    }
}
