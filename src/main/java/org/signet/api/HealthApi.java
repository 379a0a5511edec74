package org.signet.api;

import java.util.Map;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.service.Health;

/** {@code GET /healthz}: 200 while the database answers, 503 otherwise; no credentials, no rate limit. */
public final class HealthApi {
    private final Health health;

    public HealthApi(Health health) {
        this.health = health;
    }

    public void routes(Router site) {
        site.get("/healthz", this::health);
    }

    private Response health(Request req) {
        return health.ok() ? Response.ok(Map.of("status", "ok")) : Response.json(503, Map.of("status", "unavailable"));
    }
}
