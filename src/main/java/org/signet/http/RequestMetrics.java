package org.signet.http;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the server has answered since it started: requests per route and status class, and how long
 * they took as a histogram. A route is named by its pattern, never by its path, so the figures stay
 * a bounded set however many documents there are; requests that matched no route share one name.
 */
public final class RequestMetrics {
    /** The route name of requests that matched no route. */
    public static final String UNMATCHED = "unmatched";
    /** Upper bounds of the duration buckets, in seconds: a read takes milliseconds, a sealing upload seconds. */
    private static final double[] BOUNDS = {0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30};
    private static final long[] BOUND_NANOS = nanos(BOUNDS);
    private static final Set<String> METHODS = Set.of("GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS");

    private final ConcurrentHashMap<Key, Counts> routes = new ConcurrentHashMap<>();

    private record Key(String method, String route) {}

    /** One route's counters; buckets hold the requests whose duration fell in each, the last one above every bound. */
    private static final class Counts {
        final LongAdder[] byStatusClass = adders(5);
        final LongAdder[] buckets = adders(BOUNDS.length + 1);
        final LongAdder nanos = new LongAdder();
    }

    /**
     * One route's figures at one moment: requests per status class ({@code 2xx}...), and the duration
     * histogram as Prometheus writes it (cumulative counts for each of {@link #bounds()}, then the total).
     */
    public record RouteFigures(String method, String route, List<Long> byStatusClass, List<Long> cumulative,
            double sumSeconds) {
        /** How many requests the histogram holds. */
        public long count() {
            return cumulative.get(cumulative.size() - 1);
        }
    }

    /** Counts one answered request; {@code route} is null when none matched. */
    void record(String method, String route, int status, long nanos) {
        Key key = route == null ? new Key(METHODS.contains(method) ? method : "other", UNMATCHED) : new Key(method, route);
        Counts c = routes.computeIfAbsent(key, k -> new Counts());
        int statusClass = status / 100;
        if (statusClass >= 1 && statusClass <= 5) {
            c.byStatusClass[statusClass - 1].increment();
        }
        c.buckets[bucket(nanos)].increment();
        c.nanos.add(nanos);
    }

    /** The upper bounds of the duration buckets, in seconds, below the implicit +Inf. */
    public static List<Double> bounds() {
        List<Double> out = new ArrayList<>();
        for (double b : BOUNDS) {
            out.add(b);
        }
        return out;
    }

    /** Every route that has had a request, by route then method. */
    public List<RouteFigures> snapshot() {
        List<RouteFigures> out = new ArrayList<>();
        routes.forEach((key, c) -> {
            List<Long> classes = new ArrayList<>();
            for (LongAdder a : c.byStatusClass) {
                classes.add(a.sum());
            }
            List<Long> cumulative = new ArrayList<>();
            long running = 0;
            for (LongAdder a : c.buckets) {
                running += a.sum();
                cumulative.add(running);
            }
            out.add(new RouteFigures(key.method(), key.route(), classes, cumulative, c.nanos.sum() / 1e9));
        });
        out.sort(Comparator.comparing(RouteFigures::route).thenComparing(RouteFigures::method));
        return out;
    }

    private static int bucket(long nanos) {
        for (int i = 0; i < BOUND_NANOS.length; i++) {
            if (nanos <= BOUND_NANOS[i]) {
                return i;
            }
        }
        return BOUND_NANOS.length;
    }

    private static long[] nanos(double[] seconds) {
        long[] out = new long[seconds.length];
        for (int i = 0; i < seconds.length; i++) {
            out[i] = Math.round(seconds[i] * 1e9);
        }
        return out;
    }

    private static LongAdder[] adders(int n) {
        LongAdder[] out = new LongAdder[n];
        for (int i = 0; i < n; i++) {
            out[i] = new LongAdder();
        }
        return out;
    }
}
