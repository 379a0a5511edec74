package org.signet.api;

import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.store.StatsStore;

/** {@code GET /stats}: document counters as JSON integers, the caller's own or everyone's for an administrator. */
public final class StatsApi {
    private final StatsStore stats;

    public StatsApi(StatsStore stats) {
        this.stats = stats;
    }

    public void routes(Router r) {
        r.get("/stats", this::stats);
    }

    private Response stats(Request req) {
        var caller = req.caller();
        return Response.ok(stats.counts(caller.admin() ? null : caller.userId()));
    }
}
