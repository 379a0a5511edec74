package org.signet.service;

import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * The heap that reading untrusted files (an upload's intake, a file checked for its seal) may take,
 * shared by every request: each reserves what its file may cost before it is read, and the
 * reservations together never pass the budget, however many requests arrive at once. A request
 * waits its turn in order of arrival (a fair semaphore, counting kibibytes); one that cannot start
 * within its wait is told to come back (503 {@code busy} with {@code Retry-After}). A file costing
 * more than the whole budget waits for all of it and is then read alone.
 */
public final class ParseBudget {
    private static final long KIB = 1024;

    private final Semaphore kibibytes;
    private final int total;
    private final Duration wait;

    public ParseBudget(long bytes, Duration wait) {
        if (bytes < KIB) {
            throw new IllegalArgumentException("a budget of at least a kibibyte: " + bytes);
        }
        this.total = (int) Math.min(Integer.MAX_VALUE, bytes / KIB);
        this.kibibytes = new Semaphore(total, true);
        this.wait = wait;
    }

    /**
     * Half the heap the JVM may grow to, waiting up to 30 s: the other half is the server's own and
     * serves the requests that read no file.
     */
    public static ParseBudget halfTheHeap() {
        return new ParseBudget(Runtime.getRuntime().maxMemory() / 2, Duration.ofSeconds(30));
    }

    /** Runs {@code work}, which may take {@code bytes} of heap, once the budget has room for it. */
    public <T, E extends Exception> T run(long bytes, WorkGate.Work<T, E> work) throws E {
        int needed = (int) Math.max(1, Math.min(total, (bytes + KIB - 1) / KIB));
        boolean in;
        try {
            in = kibibytes.tryAcquire(needed, wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            in = false;
        }
        if (!in) {
            throw WorkGate.busy(wait);
        }
        try {
            return work.run();
        } finally {
            kibibytes.release(needed);
        }
    }
}
