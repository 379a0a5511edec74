package org.signet.service;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.signet.error.Refusal;

/**
 * Lets only a few memory-hungry jobs (decoding an uploaded image or PDF, rendering a page) run at
 * once, however many requests ask: the HTTP pool is sized for slow clients, not for a thousand
 * renders side by side. A request that cannot get in within its wait is told to come back (503).
 */
public final class WorkGate {
    /** Work that may throw, run inside the gate. */
    @FunctionalInterface
    public interface Work<T, E extends Exception> {
        T run() throws E;
    }

    private final Semaphore permits;
    private final Duration wait;

    public WorkGate(int concurrent, Duration wait) {
        this.permits = new Semaphore(concurrent, true);
        this.wait = wait;
    }

    /** A gate as wide as the machine has processors, waiting up to 30 s. */
    public static WorkGate forProcessors() {
        return new WorkGate(Math.max(2, Runtime.getRuntime().availableProcessors()), Duration.ofSeconds(30));
    }

    public <T, E extends Exception> T run(Work<T, E> work) throws E {
        boolean in;
        try {
            in = permits.tryAcquire(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            in = false;
        }
        if (!in) {
            throw busy(wait);
        }
        try {
            return work.run();
        } finally {
            permits.release();
        }
    }

    /** 503 {@code busy}: heavy work could not start within {@code wait}, which is also how long to wait before trying again. */
    static Refusal busy(Duration wait) {
        return new Refusal(Refusal.Kind.UNAVAILABLE, "busy", "Signet is busy with other documents; try again shortly.",
                Map.of("retry_after", wait.toSeconds()));
    }
}
