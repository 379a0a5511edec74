package org.signet.bench;

import java.io.IOException;
import java.time.Duration;

/**
 * A load together with the server's highest resident memory and the CPU time per request watched
 * during its measured window.
 */
record Measured(LoadResult load, double megabytes, double serverMicros, double ownMicros) {
    /** Runs {@code load} while a {@link WindowWatch} watches {@code server} (null: the work is in this process). */
    static Measured of(Child server, Duration warmup, Duration duration, LoadRun load)
            throws IOException, InterruptedException {
        WindowWatch watch = new WindowWatch(server, warmup, duration);
        LoadResult r;
        try (watch) {
            r = load.run();
        }
        long requests = Math.max(1, r.completed() + r.errors());
        return new Measured(r, watch.peakMegabytes(), watch.serverMicrosPer(requests), watch.ownMicrosPer(requests));
    }

    /** A load to run under watch. */
    interface LoadRun {
        LoadResult run() throws IOException, InterruptedException;
    }
}
