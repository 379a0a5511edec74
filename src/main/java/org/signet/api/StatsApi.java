package org.signet.api;

import org.signet.http.Query;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.service.Documents;

/**
 * {@code GET /stats}: document counters as JSON integers, the caller's own (with their teams') or everyone's for an
 * administrator; {@code ?team_id=} one team's.
 */
public final class StatsApi {
    private final Documents documents;

    public StatsApi(Documents documents) {
        this.documents = documents;
    }

    public void routes(Router r) {
        r.get("/stats", this::stats);
    }

    private Response stats(Request req) {
        Query q = req.query();
        Long teamId = q.optLong("team_id", 1, Long.MAX_VALUE).orElse(null);
        q.check();
        return Response.ok(documents.stats(req.caller().principal(), teamId));
    }
}
