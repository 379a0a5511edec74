package org.signet.bench;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

/**
 * Reads a server's resident memory ten times a second during a load's measured window and keeps
 * the highest reading: what the machine must have free for that server under that load.
 */
final class MemorySampler implements AutoCloseable {
    private final Child child;
    private final Thread thread;
    private volatile boolean stop;
    private volatile double peak = Double.NaN;

    /** Starts sampling after {@code delay} (the warm-up) and stops by itself after {@code delay + window}. */
    MemorySampler(Child child, Duration delay, Duration window) {
        this.child = child;
        long from = System.nanoTime() + delay.toNanos();
        long until = from + window.toNanos();
        this.thread = new Thread(() -> sample(from, until), "bench-memory");
        thread.setDaemon(true);
        thread.start();
    }

    private void sample(long from, long until) {
        LockSupport.parkNanos(Math.max(0, from - System.nanoTime()));
        while (!stop && System.nanoTime() < until) {
            double mb = child.residentMegabytes();
            if (!Double.isNaN(mb) && (Double.isNaN(peak) || mb > peak)) {
                peak = mb;
            }
            LockSupport.parkNanos(Duration.ofMillis(100).toNanos());
        }
    }

    /** The highest resident memory seen, in megabytes; NaN where it cannot be read. */
    double peakMegabytes() {
        return peak;
    }

    @Override
    public void close() throws InterruptedException {
        stop = true;
        thread.join(1000);
    }
}
