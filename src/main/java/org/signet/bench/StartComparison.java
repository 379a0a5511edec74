package org.signet.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Times Signet from its start on a new, empty data folder to its first 200 on {@code /healthz},
 * against the bare JDK server started the same way.
 */
final class StartComparison {
    /** Median milliseconds: Signet on a new folder, Signet again on that folder, the bare server. */
    record Result(double fresh, double restart, double bare) {
        BenchFigure row() {
            return new BenchFigure("footprint: start to first 200 on /healthz, new folder", "ms", fresh, bare,
                    Target.valueAtMost(1000, "ms"));
        }

        String note() {
            return String.format(Locale.ROOT, "start, median: %.0f ms on a new data folder (which makes the database, "
                    + "the master key; the site's signing certificate waits for the first seal), %.0f ms started again on that folder.",
                    fresh, restart);
        }
    }

    private StartComparison() {}

    static Result run(Run run) throws IOException {
        int samples = run.settings().samples();
        run.progress().say("footprint: " + samples + " starts of Signet on new data folders and again on each, "
                + samples + " of the bare server");
        Latencies fresh = new Latencies();
        Latencies restart = new Latencies();
        for (int i = 0; i < samples; i++) {
            Path data = run.scratch().resolve("start-" + i);
            fresh.add(startSignet(run, data, "start-" + i + ".log"));
            restart.add(startSignet(run, data, "restart-" + i + ".log"));
        }
        Path body = run.scratch().resolve("health.json");
        Files.writeString(body, "{\"status\":\"ok\"}", StandardCharsets.UTF_8);
        Latencies bare = new Latencies();
        for (int i = 0; i < samples; i++) {
            try (Run.Started c = run.bare(body, "application/json", new BarePool(0), "bare-start-" + i + ".log")) {
                bare.add(c.firstAnswer().toNanos());
            }
        }
        return new Result(fresh.medianMillis(), restart.medianMillis(), bare.medianMillis());
    }

    private static long startSignet(Run run, Path data, String log) throws IOException {
        try (Run.Started c = run.signet(data, log)) {
            return c.firstAnswer().toNanos();
        }
    }
}
