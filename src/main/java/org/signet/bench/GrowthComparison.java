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
 * Times four reads of one owner's documents through the REST interface on two Signet servers side
 * by side, one holding 1,000 documents and one the run's full count, the requests taking turns.
 */
final class GrowthComparison {
    /** Document number 777 exists at both sizes, and its title is no part of any other title. */
    static final int SEARCHED = 777;
    private static final int PER_PAGE = 20;
    private static final List<String> QUERIES = List.of("/stats", "list status=sent", "search one exact title",
            "last list page");

    /** Median milliseconds per query at each size, by query name. */
    record Result(Map<String, Double> small, Map<String, Double> large, int documents) {
        List<BenchFigure> rows() {
            List<BenchFigure> rows = new ArrayList<>();
            String sizes = String.format(Locale.ROOT, "%,d vs %,d docs", documents, BenchSettings.SMALL);
            for (String q : QUERIES) {
                rows.add(new BenchFigure("growth: " + q + ", " + sizes, "ms", large.get(q), small.get(q),
                        Target.ratioAtMost(2)));
            }
            return rows;
        }
    }

    /** One server's side: its client and the request bytes of each query. */
    private record Side(SignetClient api, Map<String, byte[]> queries, Map<String, Latencies> times) {
        static Side of(SignetClient api, int documents) {
            Map<String, Latencies> times = new LinkedHashMap<>();
            QUERIES.forEach(q -> times.put(q, new Latencies()));
            return new Side(api, requests(api, documents), times);
        }

        void send(String query, boolean record) throws IOException {
            long start = System.nanoTime();
            SignetClient.expectOk(api.send(queries.get(query)), query);
            if (record) {
                times.get(query).add(System.nanoTime() - start);
            }
        }

        Map<String, Double> medians() {
            Map<String, Double> m = new LinkedHashMap<>();
            times.forEach((q, t) -> m.put(q, t.medianMillis()));
            return m;
        }
    }

    private GrowthComparison() {}

    /**
     * One request at a time, each query sent to one size and then the other (which goes first
     * alternates), so that whatever else the machine does in the meantime weighs on both sizes alike.
     */
    static Result measure(Run run, SignetClient smallApi, SignetClient largeApi) throws IOException {
        int documents = run.settings().documents();
        Side small = Side.of(smallApi, BenchSettings.SMALL);
        Side large = Side.of(largeApi, documents);
        check(small, BenchSettings.SMALL);
        check(large, documents);
        Duration warmup = scaled(run.settings().warmup(), 4);
        Duration window = scaled(run.settings().duration(), 2);
        run.progress().say(String.format(Locale.ROOT, "growth: %,d and %,d documents side by side, warm-up %d ms, "
                + "measured %d ms", BenchSettings.SMALL, documents, warmup.toMillis(), window.toMillis()));
        long measureFrom = System.nanoTime() + warmup.toNanos();
        long end = measureFrom + window.toNanos();
        for (long turn = 0; System.nanoTime() < end; turn++) {
            boolean record = System.nanoTime() >= measureFrom;
            for (String q : QUERIES) {
                Side first = turn % 2 == 0 ? small : large;
                first.send(q, record);
                (first == small ? large : small).send(q, record);
            }
        }
        return new Result(small.medians(), large.medians(), documents);
    }

    private static Map<String, byte[]> requests(SignetClient api, int documents) {
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
    private static void check(Side side, int documents) throws IOException {
        Reply search = SignetClient.expectOk(side.api().send(side.queries().get("search one exact title")), "search");
        if (!"1".equals(search.header("x-wp-total"))) {
            throw new IOException("the search for one exact title found " + search.header("x-wp-total") + " documents");
        }
        Reply last = SignetClient.expectOk(side.api().send(side.queries().get("last list page")), "last page");
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
