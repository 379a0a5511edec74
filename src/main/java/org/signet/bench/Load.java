package org.signet.bench;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A closed-loop load, one thread per connection, with a warm-up whose results are dropped and then
 * a measured window, both bounded in time.
 */
final class Load {
    /**
     * One client connection's work; {@link #once} answers what went wrong with the request (its
     * status, say "503"), or nothing when it succeeded (a 2xx).
     */
    interface Worker extends AutoCloseable {
        Optional<String> once() throws Exception;

        @Override
        void close();
    }

    /** Makes the worker for connection {@code n}. */
    interface Workers {
        Worker make(int n) throws Exception;
    }

    /** One thread's own record, so that counting never makes the threads contend with each other. */
    private static final class Tally {
        final Latencies latencies = new Latencies();
        final Map<String, Long> failures = new TreeMap<>();
        long lastAnswer;
    }

    private Load() {}

    static LoadResult run(int connections, Workers workers, Duration warmup, Duration duration)
            throws IOException, InterruptedException {
        List<Worker> made = new ArrayList<>();
        try {
            for (int i = 0; i < connections; i++) {
                try {
                    made.add(workers.make(i));
                } catch (IOException e) {
                    throw e;
                } catch (Exception e) {
                    throw new IOException("cannot open load connection " + i + ": " + e.getMessage(), e);
                }
            }
            return drive(made, warmup, duration);
        } finally {
            made.forEach(Worker::close);
        }
    }

    private static LoadResult drive(List<Worker> workers, Duration warmup, Duration duration) throws InterruptedException {
        CountDownLatch go = new CountDownLatch(1);
        long measureFrom = System.nanoTime() + warmup.toNanos();
        long end = measureFrom + duration.toNanos();
        List<Tally> tallies = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < workers.size(); i++) {
            Tally tally = new Tally();
            tallies.add(tally);
            Worker w = workers.get(i);
            Thread t = new Thread(() -> loop(w, go, measureFrom, end, tally), "bench-load-" + i);
            t.setDaemon(true);
            threads.add(t);
            t.start();
        }
        go.countDown();
        for (Thread t : threads) {
            // Each loop ends at the deadline; a request then in flight has the client's socket timeout.
            t.join(TimeUnit.NANOSECONDS.toMillis(Math.max(0, end - System.nanoTime())) + 70_000);
        }
        long last = tallies.stream().mapToLong(x -> x.lastAnswer).max().orElse(measureFrom);
        Map<String, Long> failures = new TreeMap<>();
        tallies.forEach(x -> x.failures.forEach((what, n) -> failures.merge(what, n, Long::sum)));
        Latencies all = Latencies.merge(tallies.stream().map(x -> x.latencies).toList());
        return new LoadResult(all.count(), failures, Math.max(0, last - measureFrom) / 1e9, all);
    }

    private static void loop(Worker w, CountDownLatch go, long measureFrom, long end, Tally tally) {
        try {
            go.await();
        } catch (InterruptedException e) {
            return;
        }
        long now;
        while ((now = System.nanoTime()) < end) {
            Optional<String> failure;
            try {
                failure = w.once();
            } catch (Exception e) {
                failure = Optional.of(e.getClass().getSimpleName());
                LockSupport.parkNanos(1_000_000); // a refused or broken connection must not become a busy loop
            }
            long done = System.nanoTime();
            if (now >= measureFrom) {
                if (failure.isEmpty()) {
                    tally.latencies.add(done - now);
                } else {
                    tally.failures.merge(failure.get(), 1L, Long::sum);
                }
                tally.lastAnswer = done;
            }
        }
    }
}
