package org.signet.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

/**
 * Watches a load's measured window from a thread of its own: the server's highest resident memory,
 * and the CPU time the server and this process spent.
 */
final class WindowWatch implements AutoCloseable {
    private final Child server;
    private final Thread thread;
    private volatile boolean stop;
    private volatile double peak = Double.NaN;
    private volatile double serverCpu = Double.NaN;
    private volatile double ownCpu = Double.NaN;

    /** Starts watching after {@code delay} (the warm-up) and stops by itself after {@code delay + window}. */
    WindowWatch(Child server, Duration delay, Duration window) {
        this.server = server;
        long from = System.nanoTime() + delay.toNanos();
        long until = from + window.toNanos();
        this.thread = new Thread(() -> watch(from, until), "bench-watch");
        thread.setDaemon(true);
        thread.start();
    }

    private void watch(long from, long until) {
        LockSupport.parkNanos(Math.max(0, from - System.nanoTime()));
        double server0 = serverCpuNanos();
        double own0 = ownCpuNanos();
        while (!stop && System.nanoTime() < until) {
            double mb = server == null ? Double.NaN : server.residentMegabytes();
            if (!Double.isNaN(mb) && (Double.isNaN(peak) || mb > peak)) {
                peak = mb;
            }
            LockSupport.parkNanos(Math.min(Duration.ofMillis(100).toNanos(), Math.max(0, until - System.nanoTime())));
        }
        serverCpu = serverCpuNanos() - server0;
        ownCpu = ownCpuNanos() - own0;
    }

    private double serverCpuNanos() {
        return server == null ? Double.NaN : server.cpuNanos();
    }

    /** This process's CPU time, where the JVM tells it (HotSpot does). */
    private static double ownCpuNanos() {
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean hotspot) {
            long t = hotspot.getProcessCpuTime();
            return t < 0 ? Double.NaN : t;
        }
        return Double.NaN;
    }

    /** The highest resident memory seen, in megabytes; NaN where it cannot be read. */
    double peakMegabytes() {
        return peak;
    }

    /** The server's CPU time in the window, in microseconds per request; NaN where it cannot be read. */
    double serverMicrosPer(long requests) {
        return serverCpu / 1000 / requests;
    }

    /** This process's CPU time in the window, in microseconds per request. */
    double ownMicrosPer(long requests) {
        return ownCpu / 1000 / requests;
    }

    /** Waits for the window's end figures (at most a second past the window), then stops. */
    @Override
    public void close() throws InterruptedException {
        thread.join(1000);
        stop = true;
        thread.join(1000);
    }
}
