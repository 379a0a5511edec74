package org.signet.support;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Runs many tasks at once, released together by a latch, to show that something happens exactly once or exactly N times. */
public final class Race {
    private Race() {}

    /** One numbered task of a race. */
    @FunctionalInterface
    public interface Task<T> {
        T run(int i) throws Exception;
    }

    /** The results of tasks {@code 0..n-1}, in that order, all started together on {@code threads} threads. */
    public static <T> List<T> run(int n, int threads, Task<T> task) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            // The first tasks, one per thread, are all waiting at the latch before it opens.
            CountDownLatch ready = new CountDownLatch(Math.min(n, threads));
            CountDownLatch go = new CountDownLatch(1);
            List<Future<T>> futures = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                int at = i;
                Callable<T> c = () -> {
                    ready.countDown();
                    go.await();
                    return task.run(at);
                };
                futures.add(pool.submit(c));
            }
            Waits.await(ready);
            go.countDown();
            List<T> out = new ArrayList<>();
            for (Future<T> f : futures) {
                out.add(f.get());
            }
            return out;
        } finally {
            pool.shutdownNow();
        }
    }
}
