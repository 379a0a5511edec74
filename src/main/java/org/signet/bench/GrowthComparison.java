package org.signet.bench;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Times four reads of one owner's documents through the REST interface at 1,000 documents and at
 * the run's full count, the four taking turns so that none alone runs on a warm cache.
 */
final class GrowthComparison {
    /** Document number 777 exists at both sizes, and its title is no part of any other title. */
    static final int SEARCHED = 777;
    private static final int PER_PAGE = 20;

    private GrowthComparison() {}

    /** Median milliseconds per query, by query name, in the order the table shows them. */
    static Map<String, Double> measure(Run run, SignetClient api, int documents) throws IOException {
        Map<String, byte[]> queries = queries(api, documents);
        check(api, queries, documents);
        BenchSettings s = run.settings();
        Duration warmup = scaled(s.warmup(), 4);
        Duration window = scaled(s.duration(), 2);
        run.progress().say("growth: " + String.format(Locale.ROOT, "%,d", documents) + " documents, warm-up " + warmup.toMillis()
                + " ms, measured " + window.toMillis() + " ms");
        Map<String, Latencies> times = new LinkedHashMap<>();
        queries.keySet().forEach(q -> times.put(q, new Latencies()));
        long measureFrom = System.nanoTime() + warmup.toNanos();
        long end = measureFrom + window.toNanos();
        while (System.nanoTime() < end) {
            for (Map.Entry<String, byte[]> q : queries.entrySet()) {
                long start = System.nanoTime();
                SignetClient.expectOk(api.send(q.getValue()), q.getKey());
                if (start >= measureFrom) {
                    times.get(q.getKey()).add(System.nanoTime() - start);
                }
            }
        }
        Map<String, Double> medians = new LinkedHashMap<>();
        times.forEach((q, t) -> medians.put(q, t.medianMillis()));
        return medians;
    }

    static List<Row> rows(Map<String, Double> small, Map<String, Double> large, int documents) {
        List<Row> rows = new ArrayList<>();
        String sizes = String.format(Locale.ROOT, "%,d vs %,d docs", documents, BenchSettings.SMALL);
        for (String q : large.keySet()) {
            rows.add(new Row("growth: " + q + ", " + sizes, "ms", large.get(q), small.get(q), Target.ratioAtMost(2)));
        }
        return rows;
    }

    private static Map<String, byte[]> queries(SignetClient api, int documents) {
        int lastPage = (documents + PER_PAGE - 1) / PER_PAGE;
        Map<String, byte[]> q = new LinkedHashMap<>();
        q.put("/stats", api.getRequest("/stats"));
        q.put("list status=sent", api.getRequest("/documents?status=sent&per_page=" + PER_PAGE));
        q.put("search one exact title", api.getRequest("/documents?search="
                + URLEncoder.encode(BenchFolder.title(SEARCHED), StandardCharsets.UTF_8) + "&per_page=" + PER_PAGE));
        q.put("last list page", api.getRequest("/documents?page=" + lastPage + "&per_page=" + PER_PAGE));
        return q;
    }

    /** Each query must answer what it should, or its time would mean nothing. */
    private static void check(SignetClient api, Map<String, byte[]> queries, int documents) throws IOException {
        Reply search = SignetClient.expectOk(api.send(queries.get("search one exact title")), "search");
        if (!"1".equals(search.header("x-wp-total"))) {
            throw new IOException("the search for one exact title found " + search.header("x-wp-total") + " documents");
        }
        Reply last = SignetClient.expectOk(api.send(queries.get("last list page")), "last page");
        if (!String.valueOf(documents).equals(last.header("x-wp-total")) || last.text().equals("[]")) {
            throw new IOException("the last page of " + documents + " documents answered X-WP-Total "
                    + last.header("x-wp-total") + " and " + last.body().length + " bytes");
        }
    }

    /** A part of the run's window, at least half a second so that even a quick run has samples. */
    private static Duration scaled(Duration d, int divisor) {
        return Duration.ofMillis(Math.max(500, d.toMillis() / divisor));
    }
}
