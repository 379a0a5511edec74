package org.signet.process;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.OptionalInt;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A program a {@link Launch} started: waited for by polling against a deadline counted from its
 * start, stopped with SIGTERM and then SIGKILL (or killed on purpose), its exit code reported, and
 * the tail of its log quoted in every failure. Never left running after this JVM.
 */
public final class ChildProcess implements AutoCloseable {
    /** A process ended by a signal exits with 128 + the signal's number; SIGTERM is 15. */
    public static final int EXIT_SIGTERM = 128 + 15;
    /** SIGKILL is 9. */
    public static final int EXIT_SIGKILL = 128 + 9;
    /** Short enough to time a start to the millisecond or two; a failed probe costs next to nothing. */
    private static final Duration POLL = Duration.ofMillis(2);
    /** Generous: a killed process still has to be reaped, which a machine busy with disk writes can delay. */
    private static final Duration AFTER_SIGKILL = Duration.ofSeconds(60);

    private final String name;
    private final Process process;
    private final long startedNanos;
    private final ChildLog log;
    private final Duration closeGrace;
    private final Thread hook;

    ChildProcess(String name, Process process, long startedNanos, ChildLog log, Duration closeGrace) {
        this.name = name;
        this.process = process;
        this.startedNanos = startedNanos;
        this.log = log;
        this.closeGrace = closeGrace;
        this.hook = new Thread(process::destroyForcibly, "stop-" + name + "-" + process.pid());
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /**
     * A loopback port nobody listens on now, for a child told to listen on it a moment later. It is taken below
     * Linux's usual ephemeral range (32768 and up), which every {@code bind(0)} and outgoing connection of other
     * processes draws from: a port from there could be handed to another server in the moment before the child
     * binds it, and the child's client would then talk to that server.
     */
    public static int freePort() throws IOException {
        for (int tries = 0; tries < 100; tries++) {
            int port = ThreadLocalRandom.current().nextInt(10_000, 32_000);
            try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
                return s.getLocalPort();
            } catch (IOException taken) {
                // Another listener has it: try the next.
            }
        }
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** The operating system's id of the process, for what only /proc can tell about it. */
    public long pid() {
        return process.pid();
    }

    public boolean alive() {
        return process.isAlive();
    }

    /**
     * Polls {@code ready} until it holds and answers how long after the start that was; fails,
     * quoting the log, if the child ends first or {@code limit} after its start has passed.
     */
    public Duration awaitReady(String what, BooleanSupplier ready, Duration limit) throws IOException {
        long deadline = startedNanos + limit.toNanos();
        while (true) {
            if (!process.isAlive()) {
                throw new IOException(name + " ended with code " + process.exitValue() + " before " + what
                        + "; its log ends:\n" + tail());
            }
            if (ready.getAsBoolean()) {
                return Duration.ofNanos(System.nanoTime() - startedNanos);
            }
            if (System.nanoTime() > deadline) {
                throw new IOException(name + " was not " + what + " within " + limit.toSeconds() + " s of its start"
                        + "; its log ends:\n" + tail());
            }
            LockSupport.parkNanos(POLL.toNanos());
        }
    }

    /** Waits for the first 200 from {@code path} on {@code port}; answers how long after the start it came. */
    public Duration awaitHttp200(int port, String path, Duration limit) throws IOException {
        return awaitReady("answering 200 on " + path + " at port " + port, () -> HttpProbe.status(port, path) == 200,
                limit);
    }

    /** Waits for a line of the log that {@code line} finds something in; answers what it found. */
    public MatchResult awaitLogLine(Pattern line, Duration limit) throws IOException {
        AtomicReference<MatchResult> found = new AtomicReference<>();
        awaitReady("writing a line like \"" + line + "\"", () -> {
            Matcher m = line.matcher(log());
            if (m.find()) {
                found.set(m.toMatchResult());
            }
            return found.get() != null;
        }, limit);
        return found.get();
    }

    /** Everything the child has written so far, standard output and error. */
    public String log() {
        return log.text();
    }

    /** The last lines the child wrote, for a failure message. */
    public String tail() {
        return log.tail();
    }

    /** Sends SIGTERM, as a service manager's stop does, and returns at once. */
    public void terminate() {
        process.destroy();
    }

    /** Waits up to {@code limit} for the child to end by itself; its exit code, or a failure quoting the log. */
    public int awaitExit(Duration limit) throws IOException {
        OptionalInt code = waitFor(limit);
        if (code.isEmpty()) {
            throw new IOException(name + " did not end within " + limit.toSeconds() + " s; its log ends:\n" + tail());
        }
        return code.getAsInt();
    }

    /** SIGTERM, up to {@code grace} for the graceful stop, then SIGKILL; the exit code, or -1 if even that failed. */
    public int stop(Duration grace) {
        if (!grace.isZero()) {
            process.destroy();
            OptionalInt code = waitFor(grace);
            if (code.isPresent()) {
                return code.getAsInt();
            }
        }
        return kill();
    }

    /** SIGKILL, without the graceful stop (a crash test's kill); the exit code, or -1 if the child still runs. */
    public int kill() {
        process.destroyForcibly();
        return waitFor(AFTER_SIGKILL).orElse(-1);
    }

    private OptionalInt waitFor(Duration limit) {
        try {
            if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                return OptionalInt.empty();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            return OptionalInt.empty();
        }
        forgetHook();
        return OptionalInt.of(process.exitValue());
    }

    private void forgetHook() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or about to; it stops the process anyway
        }
    }

    /** Resident memory in megabytes (VmRSS of /proc/PID/status), or NaN where there is no /proc. */
    public double residentMegabytes() {
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

    /** The CPU time the child has used so far, in nanoseconds; NaN where the system does not tell. */
    public double cpuNanos() {
        return process.info().totalCpuDuration().map(d -> (double) d.toNanos()).orElse(Double.NaN);
    }

    /** Stops the child if it still runs, granting the launch's grace; a caller ends with no child left either way. */
    @Override
    public void close() {
        if (process.isAlive()) {
            stop(closeGrace);
        }
        forgetHook();
    }
}
