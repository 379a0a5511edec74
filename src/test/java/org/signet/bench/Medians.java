package org.signet.bench;

import java.util.Arrays;
import java.util.function.LongSupplier;

/** How the benchmarks time a query: the median of 9 runs after 2 warm-ups, in nanoseconds. */
final class Medians {
    private Medians() {}

    static long of(LongSupplier query) {
        long[] times = new long[9];
        for (int i = -2; i < times.length; i++) {
            long start = System.nanoTime();
            query.getAsLong();
            if (i >= 0) {
                times[i] = System.nanoTime() - start;
            }
        }
        Arrays.sort(times);
        return times[times.length / 2];
    }
}
