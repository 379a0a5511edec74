package org.signet.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class RequestMetricsTest {
    private static final long MS = 1_000_000;

    @Test
    void record_countsByStatusClass_andDurationsCumulatively() {
        RequestMetrics m = new RequestMetrics();
        m.record("GET", "/documents/{id}", 200, 3 * MS);
        m.record("GET", "/documents/{id}", 204, 5 * MS);
        m.record("GET", "/documents/{id}", 404, 40 * MS);
        m.record("GET", "/documents/{id}", 503, 31_000 * MS);

        RequestMetrics.RouteFigures f = m.snapshot().get(0);
        assertEquals(List.of(0L, 2L, 0L, 1L, 1L), f.byStatusClass());
        // Bounds 0.005, 0.01, 0.025, 0.05, ... 30, then +Inf: 5 ms is in the first bucket (le is inclusive).
        assertEquals(List.of(2L, 2L, 2L, 3L, 3L, 3L, 3L, 3L, 3L, 3L, 3L, 3L, 4L), f.cumulative());
        assertEquals(RequestMetrics.bounds().size() + 1, f.cumulative().size());
        assertEquals(4, f.count());
        assertEquals(31.048, f.sumSeconds(), 1e-9);
    }

    @Test
    void record_noRoute_oneNameForAll_andUnknownMethodsAsOther() {
        RequestMetrics m = new RequestMetrics();
        m.record("GET", null, 404, MS);
        m.record("BREW", null, 404, MS);
        m.record("PROPFIND", null, 404, MS);
        m.record("POST", "/documents/upload", 201, MS);

        List<RequestMetrics.RouteFigures> all = m.snapshot();
        assertEquals(List.of("/documents/upload POST", "unmatched GET", "unmatched other"),
                all.stream().map(f -> f.route() + " " + f.method()).toList());
        assertEquals(2, all.get(2).count());
    }
}
