package org.signet.api;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.signet.domain.AuditEvent;
import org.signet.domain.Document;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.service.Documents;
import org.signet.text.Wire;

/** {@code GET /documents/{id}/audit}: the hash-chained trail with its verdict. */
public final class AuditApi {
    private final Documents documents;
    private final Wire wire;

    public AuditApi(Documents documents, Wire wire) {
        this.documents = documents;
        this.wire = wire;
    }

    public void routes(Router r) {
        r.get("/documents/{id}/audit", this::trail);
    }

    private Response trail(Request req) {
        Documents.Trail trail = documents.trail(req.caller().principal(), req.pathId("id"));
        Document d = trail.document();
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("id", Wire.id(d.id()));
        doc.put("title", d.title());
        doc.put("file_hash", d.fileHash());
        List<Map<String, Object>> events = trail.events().stream().map(this::event).toList();
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("document", doc);
        out.put("events", events);
        out.put("chain_valid", trail.chainValid());
        return Response.ok(out);
    }

    private Map<String, Object> event(AuditEvent e) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", Wire.id(e.id()));
        m.put("action", e.action());
        m.put("timestamp", wire.time(e.createdAt()));
        if (e.signerName() != null) {
            m.put("signer", e.signerName());
        }
        if (e.apiKeyId() != null) {
            m.put("api_key_id", Wire.id(e.apiKeyId()));
        }
        if (e.userId() != null) {
            m.put("user_id", Wire.id(e.userId()));
        }
        m.put("ip_address", e.ipAddress());
        if (e.userAgent() != null) {
            m.put("user_agent", e.userAgent());
        }
        if (e.detail() != null) {
            m.put("detail", e.detail());
        }
        m.put("hash", e.hash());
        return m;
    }
}
