package org.signet.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import org.signet.process.ChildProcess;

/**
 * Watches a load's measured window from a thread of its own: the server's highest resident memory,
 * and the CPU time the server and this process spent.
 */
final class WindowWatch implements AutoCloseable {
    private final ChildProcess server;
    private final Thread thread;
    private volatile boolean stop;
    private volatile double peak = Double.NaN;
    private volatile double serverCpu = Double.NaN;
    private volatile double ownCpu = Double.NaN;
    private volatile double machineCpu = Double.NaN;
    private volatile double windowNanos = Double.NaN;

    /** Starts watching after {@code delay} (the warm-up) and stops by itself after {@code delay + window}. */
    WindowWatch(ChildProcess server, Duration delay, Duration window) {
        this.server = server;
        long from = System.nanoTime() + delay.toNanos();
        long until = from + window.toNanos();
        this.thread = new Thread(() -> watch(from, until), "bench-watch");
        thread.setDaemon(true);
        thread.start();
    }

    private void watch(long from, long until) {
        LockSupport.parkNanos(Math.max(0, from - System.nanoTime()));
        long start = System.nanoTime();
        double server0 = serverCpuNanos();
        double own0 = ownCpuNanos();
        double machine0 = machineCpuNanos();
        while (!stop && System.nanoTime() < until) {
            double mb = server == null ? Double.NaN : server.residentMegabytes();
            if (!Double.isNaN(mb) && (Double.isNaN(peak) || mb > peak)) {
                peak = mb;
            }
            LockSupport.parkNanos(Math.min(Duration.ofMillis(100).toNanos(), Math.max(0, until - System.nanoTime())));
        }
        serverCpu = serverCpuNanos() - server0;
        ownCpu = ownCpuNanos() - own0;
        machineCpu = machineCpuNanos() - machine0;
        windowNanos = System.nanoTime() - start;
    }

    /**
     * The CPU time every process on the machine has used, from the first line of /proc/stat (all
     * but idle and I/O wait), in USER_HZ ticks of 10 ms; NaN where there is no /proc.
     */
    private static double machineCpuNanos() {
        try {
            String[] f = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
            long ticks = 0;
            for (int i : new int[] {1, 2, 3, 6, 7, 8}) {
                ticks += Long.parseLong(f[i]);
            }
            return ticks * 10_000_000.0;
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
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

    /**
     * How busy everything else on the machine kept the processors during the window, in percent of
     * one processor: what neither the server nor this process used. Other work competing for the
     * same two cores changes every figure, so the report says how much there was.
     */
    double othersPercent() {
        double others = machineCpu - ownCpu - (server == null ? 0 : serverCpu);
        return Math.max(0, others) / windowNanos * 100;
    }

    /** Waits for the window's end figures (at most a second past the window), then stops. */
    @Override
    public void close() throws InterruptedException {
        thread.join(1000);
        stop = true;
        thread.join(1000);
    }
}
