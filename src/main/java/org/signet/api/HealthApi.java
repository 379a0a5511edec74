package org.signet.api;

import java.util.Map;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.store.Database;

/** {@code GET /healthz}: 200 while the database answers, 503 otherwise; no credentials, no rate limit. */
public final class HealthApi {
    private final Database db;

    public HealthApi(Database db) {
        this.db = db;
    }

    public void routes(Router site) {
        site.get("/healthz", this::health);
    }

    private Response health(Request req) {
        return db.ping() ? Response.ok(Map.of("status", "ok")) : Response.json(503, Map.of("status", "unavailable"));
    }
}
