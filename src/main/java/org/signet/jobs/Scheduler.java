package org.signet.jobs;

import java.time.Duration;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The one scheduled executor all background work runs on. Each task is wrapped so that a
 * failure is logged and the next run still happens (a periodic task that throws is otherwise
 * silently cancelled by the executor).
 */
public final class Scheduler implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger("signet.jobs");

    private final ScheduledThreadPoolExecutor executor;

    public Scheduler(int threads) {
        AtomicInteger n = new AtomicInteger();
        executor = new ScheduledThreadPoolExecutor(threads, r -> {
            Thread t = new Thread(r, "signet-job-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        executor.setRemoveOnCancelPolicy(true);
    }

    /** Runs {@code task} every {@code period}, first after {@code initialDelay}. */
    public void every(String name, Duration initialDelay, Duration period, Runnable task) {
        executor.scheduleWithFixedDelay(guarded(name, task), initialDelay.toMillis(), period.toMillis(),
                TimeUnit.MILLISECONDS);
    }

    /** Runs {@code task} once, soon, on the scheduler's threads (e.g. to deliver a just-queued message). */
    public void soon(String name, Runnable task) {
        if (!executor.isShutdown()) {
            executor.execute(guarded(name, task));
        }
    }

    private static Runnable guarded(String name, Runnable task) {
        return () -> {
            try {
                task.run();
            } catch (Throwable t) {
                LOG.log(Level.WARNING, "job " + name + " failed; it will run again at its next time", t);
            }
        };
    }

    @Override
    public void close() {
        executor.shutdown();
        try {
            if (!executor.awaitTermination(10, TimeUnit.SECONDS)) {
                executor.shutdownNow();
            }
        } catch (InterruptedException e) {
            executor.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }
}
