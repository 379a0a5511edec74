package org.signet.metrics;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.signet.error.Refusal;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;

/**
 * {@code GET /metrics}: Signet's figures in Prometheus's text format, for this host or the holder of
 * {@code metrics.token}; anyone else gets the 404 of an unknown route, so the endpoint is not even
 * seen to exist. Each collector is read at the scrape; one that fails is left out and said so in
 * {@code signet_scrape_collector_success}, so the rest still arrive when, say, the database does not answer.
 */
public final class MetricsEndpoint {
    private static final Logger LOG = Logger.getLogger("signet.metrics");

    private final MetricsAccess access;
    private final List<Collector> collectors;

    /** {@code token} is empty when only this host may read the figures. */
    public MetricsEndpoint(String token, List<Collector> collectors) {
        this.access = new MetricsAccess(token);
        this.collectors = List.copyOf(collectors);
    }

    public void routes(Router site) {
        site.get("/metrics", this::metrics);
    }

    private Response metrics(Request request) {
        if (!access.allows(request)) {
            throw Refusal.noRoute();
        }
        return Response.bytes(200, Exposition.CONTENT_TYPE, scrape().getBytes(StandardCharsets.UTF_8))
                .header("Cache-Control", "no-store");
    }

    /** Every collector's figures, then whether each could be read. */
    String scrape() {
        Exposition out = new Exposition();
        boolean[] ok = new boolean[collectors.size()];
        for (int i = 0; i < collectors.size(); i++) {
            Exposition part = new Exposition();
            try {
                collectors.get(i).collect(part);
                out.include(part);
                ok[i] = true;
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "the " + collectors.get(i).name() + " figures could not be read", e);
            }
        }
        out.gauge("signet_scrape_collector_success",
                "1 when a group of figures was read for this scrape, 0 when it failed.");
        for (int i = 0; i < collectors.size(); i++) {
            out.sample("signet_scrape_collector_success", ok[i] ? 1 : 0, "collector", collectors.get(i).name());
        }
        return out.text();
    }
}
