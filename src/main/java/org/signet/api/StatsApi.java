package org.signet.api;

import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.service.Documents;

/** {@code GET /stats}: document counters as JSON integers, the caller's own or everyone's for an administrator. */
public final class StatsApi {
    private final Documents documents;

    public StatsApi(Documents documents) {
        this.documents = documents;
    }

    public void routes(Router r) {
        r.get("/stats", this::stats);
    }

    private Response stats(Request req) {
        return Response.ok(documents.stats(req.caller().principal()));
    }
}
