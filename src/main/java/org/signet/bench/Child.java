package org.signet.bench;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A server process the bench started, its output kept in a log file, stopped with SIGTERM and
 * never left running after the bench.
 */
final class Child implements AutoCloseable {
    private static final Duration START_LIMIT = Duration.ofSeconds(60);

    private final Process process;
    private final long startedNanos;
    private final InetSocketAddress address;
    private final Path log;
    private final Thread hook;

    private Child(Process process, long startedNanos, int port, Path log) {
        this.process = process;
        this.startedNanos = startedNanos;
        this.address = new InetSocketAddress(InetAddress.getLoopbackAddress(), port);
        this.log = log;
        this.hook = new Thread(process::destroyForcibly, "bench-stop-" + process.pid());
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** Starts {@code command}; {@code environment} is added to this process's own. */
    static Child start(List<String> command, int port, Map<String, String> environment, Path log) throws IOException {
        // A file, not a pipe: a pipe nobody reads stalls the server once it is full.
        ProcessBuilder b = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        b.environment().putAll(environment);
        long started = System.nanoTime();
        return new Child(b.start(), started, port, log);
    }

    InetSocketAddress address() {
        return address;
    }

    long pid() {
        return process.pid();
    }

    /**
     * Waits for the first 200 from {@code path}, asking every 2 ms, and answers how long that took
     * from the moment the process was started.
     */
    Duration awaitFirst200(String path) throws IOException {
        byte[] request = HttpConnection.request("GET", path, Map.of("Host", "127.0.0.1"), new byte[0]);
        long deadline = startedNanos + START_LIMIT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IOException("the server stopped with code " + process.exitValue() + " before answering:\n" + tail());
            }
            try (HttpConnection c = new HttpConnection(address, null)) {
                if (c.send(request).status() == 200) {
                    return Duration.ofNanos(System.nanoTime() - startedNanos);
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            LockSupport.parkNanos(Duration.ofMillis(2).toNanos());
        }
        throw new IOException("the server did not answer 200 on " + path + " within " + START_LIMIT.toSeconds()
                + " s:\n" + tail());
    }

    /** Resident memory in megabytes (VmRSS of /proc/PID/status), or NaN where there is no /proc. */
    double residentMegabytes() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(process.pid()), "status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024.0;
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or the process has gone
        }
        return Double.NaN;
    }

    /** The CPU time the process has used so far, in nanoseconds; NaN where the system does not tell. */
    double cpuNanos() {
        return process.info().totalCpuDuration().map(d -> (double) d.toNanos()).orElse(Double.NaN);
    }

    /** The last lines the server wrote, for an error message. */
    String tail() {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
        } catch (IOException | RuntimeException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    /** SIGTERM and up to 30 s for a graceful stop, then SIGKILL. */
    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or about to; it stops the process anyway
        }
    }
}
