package org.signet.bench;

import java.io.PrintStream;

/** What the bench is doing now, on standard error, so that a run of minutes is never silent. */
final class Progress {
    private final PrintStream err;
    private final long started = System.nanoTime();

    Progress(PrintStream err) {
        this.err = err;
    }

    void say(String what) {
        err.printf("[%4.0f s] %s%n", (System.nanoTime() - started) / 1e9, what);
    }
}
