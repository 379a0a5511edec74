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
    /** The most an input may take beyond its limit while classes load for it. */
    private static final Duration MAX_LOADING = Duration.ofSeconds(60);

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
        long loading = 0;
        while (true) {
            try {
                done.get(limit.toMillis(), TimeUnit.MILLISECONDS);
                return;
            } catch (ExecutionException e) {
                throw unwrapped(e.getCause());
            } catch (TimeoutException e) {
                StackTraceElement[] stack = thread.getStackTrace();
                if (loadingClasses(stack) && (loading += limit.toMillis()) <= MAX_LOADING.toMillis()) {
                    continue;
                }
                AssertionError hang = new AssertionError("one input took longer than " + limit.toMillis() + " ms");
                hang.setStackTrace(stack);
                done.cancel(true);
                worker.shutdownNow();
                worker = newWorker();
                throw hang;
            }
        }
    }

    /**
     * True while the worker loads a class, which the first input to reach it pays for once: Jazzer
     * instruments every class of the code under test as it loads, and on a busy machine a library's
     * worth of that has taken longer than an input may.
     */
    private static boolean loadingClasses(StackTraceElement[] stack) {
        for (StackTraceElement frame : stack) {
            String c = frame.getClassName();
            if (c.startsWith("sun.instrument.") || c.startsWith("com.code_intelligence.jazzer.instrumentor.")
                    || c.equals("java.lang.ClassLoader") && frame.getMethodName().startsWith("defineClass")) {
                return true;
            }
        }
        return false;
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
