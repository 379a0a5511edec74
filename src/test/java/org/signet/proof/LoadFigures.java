package org.signet.proof;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What the load clients saw, by kind of request: how many, their statuses, their latencies; and
 * every answer that must not happen (a 5xx, a body speaking of a busy or locked database, a 429
 * where no limit should bite), kept whole for the failure message.
 */
final class LoadFigures {
    private final Map<String, Kind> kinds = new ConcurrentHashMap<>();
    private final List<String> unexpected = new CopyOnWriteArrayList<>();
    private final AtomicInteger limitedOk = new AtomicInteger();
    private final AtomicInteger limitedRefused = new AtomicInteger();

    /** One kind of request: statuses counted, latencies in nanoseconds. */
    private static final class Kind {
        final Map<Integer, Integer> statuses = new TreeMap<>();
        long[] latencies = new long[1024];
        int count;

        synchronized void add(int status, long nanos) {
            statuses.merge(status, 1, Integer::sum);
            if (count == latencies.length) {
                latencies = Arrays.copyOf(latencies, count * 2);
            }
            latencies[count++] = nanos;
        }
    }

    /** Records one answer; status 0 means none came (the connection failed). */
    void record(String kind, int status, long nanos, boolean limitedKey) {
        kinds.computeIfAbsent(kind, k -> new Kind()).add(status, nanos);
        if (limitedKey && status / 100 == 2) {
            limitedOk.incrementAndGet();
        } else if (limitedKey && status == 429) {
            limitedRefused.incrementAndGet();
        }
    }

    /** Answers the limited key got within its limit. */
    int limitedSuccesses() {
        return limitedOk.get();
    }

    int limitedRefusals() {
        return limitedRefused.get();
    }

    void unexpected(String what) {
        if (unexpected.size() < 50) {
            unexpected.add(what);
        }
    }

    List<String> unexpected() {
        return List.copyOf(unexpected);
    }

    /** The table printed after a run: requests, statuses and p50/p99 latency per kind. */
    String table(double seconds) {
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "%-38s %8s %8s  %-22s %9s %9s%n",
                "request", "count", "2xx", "other statuses", "p50 ms", "p99 ms"));
        List<long[]> all = new ArrayList<>();
        Map<Integer, Integer> allStatuses = new TreeMap<>();
        for (Map.Entry<String, Kind> e : new TreeMap<>(kinds).entrySet()) {
            Kind k = e.getValue();
            synchronized (k) {
                long[] sorted = Arrays.copyOf(k.latencies, k.count);
                all.add(sorted);
                k.statuses.forEach((s, n) -> allStatuses.merge(s, n, Integer::sum));
                out.append(row(e.getKey(), sorted, k.statuses));
            }
        }
        long[] merged = all.stream().flatMapToLong(Arrays::stream).toArray();
        out.append(row("all", merged, allStatuses));
        out.append(String.format(Locale.ROOT, "%d requests in %.1f s: %.0f per second%n", merged.length, seconds,
                merged.length / seconds));
        return out.toString();
    }

    private static String row(String kind, long[] latencies, Map<Integer, Integer> statuses) {
        Arrays.sort(latencies);
        int ok = statuses.entrySet().stream().filter(s -> s.getKey() / 100 == 2).mapToInt(Map.Entry::getValue).sum();
        StringBuilder other = new StringBuilder();
        statuses.forEach((s, n) -> {
            if (s / 100 != 2) {
                other.append(other.length() == 0 ? "" : " ").append(s == 0 ? "none" : s).append(": ").append(n);
            }
        });
        return String.format(Locale.ROOT, "%-38s %8d %8d  %-22s %9.1f %9.1f%n", kind, latencies.length, ok,
                other.length() == 0 ? "-" : other, percentile(latencies, 0.50), percentile(latencies, 0.99));
    }

    /** The nearest-rank percentile, in milliseconds. */
    private static double percentile(long[] sorted, double p) {
        if (sorted.length == 0) {
            return 0;
        }
        int rank = (int) Math.ceil(p * sorted.length) - 1;
        return sorted[Math.max(0, rank)] / 1e6;
    }
}
