package org.signet.bench;

import java.util.Map;
import java.util.stream.Collectors;

/**
 * What a closed-loop load measured in its window: successes and their latencies, failures by what
 * they were (a status such as "503", or the exception a request ended in), and the window's length.
 */
record LoadResult(long completed, Map<String, Long> failures, double seconds, Latencies latencies) {
    LoadResult {
        failures = Map.copyOf(failures);
    }

    long errors() {
        return failures.values().stream().mapToLong(Long::longValue).sum();
    }

    /** The failures as "503: 12, SocketException: 1", in the order of their names; "none" without any. */
    String failuresText() {
        return failures.isEmpty() ? "none" : failures.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .map(e -> e.getKey() + ": " + e.getValue()).collect(Collectors.joining(", "));
    }

    double perSecond() {
        return seconds > 0 ? completed / seconds : Double.NaN;
    }

    double p99Millis() {
        return latencies.percentileMillis(99);
    }
}
