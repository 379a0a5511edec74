package org.signet.support;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs one fuzz input on a reused worker thread and fails it when it takes longer than its deadline,
 * so that a hang is reported as a finding with the worker's stack instead of stalling the run. Jazzer
 * would take its per-input timeout only from JUnit's {@code @Timeout}, which would also cut short a
 * whole fuzzing run; a worker thread per input would cost more than most of the inputs themselves.
 */
public final class InputDeadline {
    private final Duration limit;
    private Thread thread;
    private ExecutorService worker;

    public InputDeadline(Duration limit) {
        this.limit = limit;
        this.worker = newWorker();
    }

    /** Anything the work may throw; the work's own exceptions come out unwrapped. */
    @FunctionalInterface
    public interface Work {
        void run() throws Exception;
    }

    public synchronized void run(Work work) throws Exception {
        Future<?> done = worker.submit((Callable<Void>) () -> {
            work.run();
            return null;
        });
        try {
            done.get(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw unwrapped(e.getCause());
        } catch (TimeoutException e) {
            AssertionError hang = new AssertionError("one input took longer than " + limit.toMillis() + " ms");
            hang.setStackTrace(thread.getStackTrace());
            done.cancel(true);
            worker.shutdownNow();
            worker = newWorker();
            throw hang;
        }
    }

    private static Exception unwrapped(Throwable cause) {
        if (cause instanceof Error error) {
            throw error;
        }
        return (Exception) cause;
    }

    private ExecutorService newWorker() {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "fuzz-input");
            t.setDaemon(true);
            thread = t;
            return t;
        });
    }
}
