package org.signet.proof;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Requests about different documents sent from a few threads at once, for the checks that read
 * every document while nothing else writes: one after another they wait on a freshly started
 * server's every first request, which leaves its other threads and the second core idle.
 */
final class InParallel {
    /** Threads at once: as many as the crash test's writers. */
    static final int THREADS = 4;

    /** What is done for one item; a request that gets no answer throws IOException. */
    @FunctionalInterface
    interface Action<T> {
        void run(T item) throws IOException;
    }

    private InParallel() {}

    /** Runs {@code action} for every item and waits for all; the first failure is thrown as it was. */
    static <T> void forEach(List<T> items, Action<T> action) throws IOException {
        if (items.size() <= 1) {
            for (T item : items) {
                action.run(item);
            }
            return;
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(THREADS, items.size()));
        try {
            List<Future<?>> done = new ArrayList<>();
            for (T item : items) {
                done.add(pool.submit(() -> {
                    action.run(item);
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            if (e.getCause() instanceof RuntimeException unchecked) {
                throw unchecked;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        } finally {
            pool.shutdownNow();
        }
    }
}
