package org.signet.bench;

import java.io.IOException;
import java.time.Duration;
import org.signet.process.ChildProcess;

/**
 * A load together with what was watched during its measured window: the server's highest resident
 * memory, the CPU time per request of the server and of this process, and how busy other processes kept the machine.
 */
record Measured(LoadResult load, double megabytes, double serverMicros, double ownMicros, double othersPercent) {
    /** Runs {@code load} while a {@link WindowWatch} watches {@code server} (null: the work is in this process). */
    static Measured of(ChildProcess server, Duration warmup, Duration duration, LoadRun load)
            throws IOException, InterruptedException {
        WindowWatch watch = new WindowWatch(server, warmup, duration);
        LoadResult r;
        try (watch) {
            r = load.run();
        }
        long requests = Math.max(1, r.completed() + r.errors());
        return new Measured(r, watch.peakMegabytes(), watch.serverMicrosPer(requests), watch.ownMicrosPer(requests),
                watch.othersPercent());
    }

    /** A load to run under watch. */
    interface LoadRun {
        LoadResult run() throws IOException, InterruptedException;
    }
}
