package org.signet.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.DoublePredicate;
import org.signet.support.TestServer;
import org.signet.support.Waits;

/** One {@code GET /metrics} of a test server, read back as series (name and labels as written) and values. */
public final class Scrape {
    final String text;
    final Map<String, Double> series = new LinkedHashMap<>();

    private Scrape(String text) {
        this.text = text;
        for (String line : text.split("\n")) {
            if (!line.isEmpty() && !line.startsWith("#")) {
                int space = line.lastIndexOf(' ');
                series.put(line.substring(0, space), Double.parseDouble(line.substring(space + 1)
                        .replace("+Inf", "Infinity")));
            }
        }
    }

    /** Fetches {@code /metrics} from this host, which must be answered 200. */
    public static Scrape of(TestServer server) {
        HttpResponse<String> r = server.get("/metrics", null);
        assertEquals(200, r.statusCode(), r.body());
        return new Scrape(r.body());
    }

    /** A series' value; 0 for one not written (a counter that has not counted anything yet). */
    public double value(String name) {
        return series.getOrDefault(name, 0.0);
    }

    /**
     * Scrapes until {@code series} has a value that {@code expected} accepts, failing after 30 s: generous,
     * as the first SMTP connection of a JVM can take seconds; polling ends as soon as the value is there.
     */
    static void awaitValue(TestServer server, String series, DoublePredicate expected, String what) {
        Waits.awaitUntil(() -> expected.test(of(server).value(series)), what + " (" + series + ")",
                Duration.ofSeconds(30));
    }
}
