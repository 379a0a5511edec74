package org.signet.bench;

/** What a closed-loop load measured in its window: successes and their latencies, failures, and the window's length. */
record LoadResult(long completed, long errors, double seconds, Latencies latencies) {
    double perSecond() {
        return seconds > 0 ? completed / seconds : Double.NaN;
    }

    double p99Millis() {
        return latencies.percentileMillis(99);
    }
}
