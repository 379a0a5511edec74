package org.signet.bench;

import java.util.Arrays;
import java.util.List;

/**
 * Recorded durations in nanoseconds, kept whole so that medians and percentiles are read from the
 * sorted record itself.
 */
final class Latencies {
    private long[] values = new long[1024];
    private int size;
    private boolean sorted = true;

    void add(long nanos) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size++] = nanos;
        sorted = false;
    }

    int count() {
        return size;
    }

    /** Each load thread records into its own instance, so recording never contends; this joins them after. */
    static Latencies merge(List<Latencies> parts) {
        Latencies all = new Latencies();
        all.values = new long[Math.max(1, parts.stream().mapToInt(Latencies::count).sum())];
        for (Latencies p : parts) {
            System.arraycopy(p.values, 0, all.values, all.size, p.size);
            all.size += p.size;
        }
        all.sorted = false;
        return all;
    }

    /** The {@code p}-th percentile (0 < p <= 100) in milliseconds by the nearest-rank method; NaN when empty. */
    double percentileMillis(double p) {
        if (size == 0) {
            return Double.NaN;
        }
        if (!sorted) {
            Arrays.sort(values, 0, size);
            sorted = true;
        }
        int rank = (int) Math.ceil(p / 100 * size);
        return values[Math.max(0, Math.min(size, rank) - 1)] / 1e6;
    }

    double medianMillis() {
        return percentileMillis(50);
    }
}
