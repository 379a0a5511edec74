package org.signet.api;

import java.util.LinkedHashMap;
import java.util.Map;
import org.signet.domain.LegalHold;
import org.signet.http.Body;
import org.signet.http.Keys;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.json.Json;
import org.signet.service.LegalHolds;
import org.signet.text.Wire;

/**
 * {@code POST}, {@code GET} and {@code DELETE /documents/{id}/hold}: a legal hold keeps a document from being
 * purged whatever its retention, until released (see docs/api/documents.md, Retention and legal holds).
 */
public final class HoldsApi {
    /** A reason is a note for people, not a file: one paragraph at most. */
    static final int MAX_REASON = 1000;
    /** What a hold's body takes. */
    private static final Keys HOLD = Keys.of("reason");

    private final LegalHolds holds;
    private final Wire wire;

    public HoldsApi(LegalHolds holds, Wire wire) {
        this.holds = holds;
        this.wire = wire;
    }

    public void routes(Router r) {
        r.post("/documents/{id}/hold", this::hold);
        r.get("/documents/{id}/hold", this::show);
        r.delete("/documents/{id}/hold", this::release);
    }

    private Response hold(Request req) {
        long id = req.pathId("id");
        Body b = req.json().refuseUnknown(HOLD);
        String reason = b.requireText("reason", MAX_REASON);
        b.check();
        return Response.ok(form(holds.hold(req.caller().principal(), id, reason, Actors.of(req))));
    }

    private Response show(Request req) {
        long id = req.pathId("id");
        return Response.ok(holds.of(req.caller().principal(), id).map(this::form)
                .orElseGet(() -> Json.object("document_id", Wire.id(id), "held", false)));
    }

    private Response release(Request req) {
        long id = req.pathId("id");
        holds.release(req.caller().principal(), id, Actors.of(req));
        return Response.ok(Json.object("document_id", Wire.id(id), "held", false));
    }

    private Map<String, Object> form(LegalHold h) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("document_id", Wire.id(h.documentId()));
        m.put("held", true);
        m.put("reason", h.reason());
        m.put("placed_at", wire.time(h.placedAt()));
        return m;
    }
}
