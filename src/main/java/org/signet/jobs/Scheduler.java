package org.signet.jobs;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.signet.concurrent.NamedThreads;

/**
 * Runs Signet's background work. One timing thread only decides when a job is due and hands it to a
 * small pool of workers, so a slow seal or a mail server that hangs never delays expiry or the other
 * jobs. A periodic job whose previous run is still going skips its turn; work asked for {@link #soon}
 * always runs. Each run is wrapped so that a failure is logged and the next run still happens. Work
 * handed in after {@link #close()} is dropped with a log line: queues live in the database, so the
 * periodic sweep after the next start picks it up. For the same reason a stop drops the work that
 * waits for a worker and gives only the running work time to finish.
 */
public final class Scheduler implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger("signet.jobs");
    private static final Duration STOP_WAIT = Duration.ofSeconds(10);
    /**
     * After the interrupt, the time a job gets to put its work back in order (a message marked for
     * retry, say) before the caller closes the database under it.
     */
    private static final Duration INTERRUPTED_WAIT = Duration.ofSeconds(5);

    private final Duration stopWait;

    private final ScheduledThreadPoolExecutor timer;
    private final ThreadPoolExecutor workers;
    private final Map<String, AtomicBoolean> running = new ConcurrentHashMap<>();

    public Scheduler(int workerThreads) {
        this(workerThreads, STOP_WAIT);
    }

    /** A scheduler whose {@link #close()} lets running jobs go on for {@code stopWait} before interrupting them. */
    Scheduler(int workerThreads, Duration stopWait) {
        this.stopWait = stopWait;
        timer = new ScheduledThreadPoolExecutor(1, NamedThreads.daemon("signet-timer-"));
        timer.setRemoveOnCancelPolicy(true);
        workers = new ThreadPoolExecutor(workerThreads, workerThreads, 60, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                NamedThreads.daemon("signet-job-"));
    }

    /** Runs {@code task} every {@code period} on a worker, first after {@code initialDelay}. */
    public void every(String name, Duration initialDelay, Duration period, Runnable task) {
        AtomicBoolean busy = running.computeIfAbsent(name, k -> new AtomicBoolean());
        timer.scheduleWithFixedDelay(() -> {
            if (busy.compareAndSet(false, true)) {
                submit(name, () -> {
                    try {
                        task.run();
                    } finally {
                        busy.set(false);
                    }
                }, () -> busy.set(false));
            }
        }, initialDelay.toMillis(), period.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Runs {@code task} once, soon, on a worker (e.g. to deliver a just-queued message). */
    public void soon(String name, Runnable task) {
        submit(name, task, () -> { });
    }

    private void submit(String name, Runnable task, Runnable notStarted) {
        try {
            workers.execute(() -> {
                try {
                    task.run();
                } catch (Throwable t) {
                    if (workers.isShutdown()) {
                        // Cut short by the stop: not a fault, and what it had not done waits in the database.
                        LOG.log(Level.FINE, "job " + name + " stopped by the stop; its work waits in the database", t);
                    } else {
                        LOG.log(Level.WARNING, "job " + name + " failed; it will run again at its next time", t);
                    }
                }
            });
        } catch (RejectedExecutionException e) {
            notStarted.run();
            LOG.log(Level.FINE, "job " + name + " not started: Signet is stopping; its work waits in the database");
        }
    }

    /**
     * Stops the timer, drops the work not yet started (a backlog of seals after a busy hour would
     * otherwise hold the stop for the whole wait and then be interrupted anyway), lets running jobs
     * finish for a while, then interrupts what is left and waits a little longer for it to end.
     */
    @Override
    public void close() {
        timer.shutdownNow();
        workers.shutdown();
        int dropped = workers.getQueue().drainTo(new ArrayList<>());
        if (dropped > 0) {
            LOG.log(Level.FINE, "dropped " + dropped + " job(s) not yet started: their work waits in the database");
        }
        try {
            if (!workers.awaitTermination(stopWait.toMillis(), TimeUnit.MILLISECONDS)) {
                workers.shutdownNow();
                // Returning now would let the database close under a job that is still winding down.
                if (!workers.awaitTermination(INTERRUPTED_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                    LOG.warning("a job still runs after being interrupted; Signet stops without it");
                }
            }
        } catch (InterruptedException e) {
            workers.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }
}
