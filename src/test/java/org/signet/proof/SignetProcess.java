package org.signet.proof;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.signet.support.Waits;

/**
 * Signet as its operators run it, {@code serve} in a JVM of its own on a data folder, which a test
 * can kill without warning. Its output goes to a log file that the test prints when something fails.
 */
final class SignetProcess implements AutoCloseable {
    /** A JVM ended by a signal exits with 128 + the signal's number; SIGKILL is 9. */
    static final int KILLED_BY_SIGKILL = 128 + 9;
    /** Generous: two cores shared with a build can make a JVM start slowly. */
    private static final Duration START_LIMIT = Duration.ofSeconds(60);
    /** What the graceful stop logs; a SIGKILL leaves no chance to write it. */
    private static final String STOPPED_LINE = "Signet stopped";

    /** What {@code serve} prints once it listens; port 0 lets the system choose, so no port is ever taken. */
    private static final Pattern RUNNING_AT = Pattern.compile("Signet is running at http://[^:/]+:(\\d+)");

    private final Process process;
    private final Path log;
    private final long logStart;
    private int port;

    private SignetProcess(Process process, Path log, long logStart) {
        this.process = process;
        this.log = log;
        this.logStart = logStart;
    }

    /**
     * Starts {@code java -cp <class path> org.signet.Main serve} (the jar's main class; the jar
     * itself is only built after the tests) as {@code jvm} says. C1 only and the serial collector:
     * on two cores the child's start-up should not compete with its own JIT and GC threads, and
     * neither changes what reaches the disk.
     */
    static SignetProcess start(ChildJvm jvm, Path dataDir, Path log) throws IOException {
        List<String> command = jvm.command(List.of("-Xmx256m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                "-Djava.awt.headless=true"), "org.signet.Main", List.of("serve", "--data",
                dataDir.toAbsolutePath().toString(), "--port", "0"));
        long logStart = Files.exists(log) ? Files.size(log) : 0;
        // A file, not a pipe: a pipe nobody reads stalls the child once it is full.
        Process p = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        return new SignetProcess(p, log, logStart);
    }

    String siteUrl() {
        return "http://127.0.0.1:" + port;
    }

    boolean alive() {
        return process.isAlive();
    }

    /**
     * Waits until Signet says where it listens and {@code /healthz} answers 200 there; fails with the
     * log's tail if the process ends first.
     */
    void awaitReady(HttpClient client) {
        Waits.awaitUntil(() -> {
            if (!process.isAlive()) {
                throw new AssertionError("Signet ended with code " + process.exitValue() + " before it was ready:\n"
                        + logTail());
            }
            Matcher m = RUNNING_AT.matcher(ownLog());
            if (!m.find()) {
                return false;
            }
            port = Integer.parseInt(m.group(1));
            HttpRequest health = HttpRequest.newBuilder(URI.create(siteUrl() + "/healthz"))
                    .timeout(Duration.ofSeconds(5)).build();
            try {
                return client.send(health, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
            } catch (IOException notListeningYet) {
                return false;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }, "Signet answering /healthz", START_LIMIT);
    }

    /**
     * Kills the process with SIGKILL ({@link Process#destroyForcibly()} on Linux) and waits for it to
     * end; fails unless it did end by that signal, without its graceful stop.
     */
    void kill() {
        process.destroyForcibly();
        int code = waitFor();
        if (code != KILLED_BY_SIGKILL) {
            throw new AssertionError("expected the exit code of SIGKILL (" + KILLED_BY_SIGKILL + ") but got " + code
                    + ":\n" + logTail());
        }
        if (ownLog().contains(STOPPED_LINE)) {
            throw new AssertionError("the process stopped gracefully, so it was not killed:\n" + logTail());
        }
    }

    /** SIGTERM and the graceful stop; returns the exit code. */
    int stop() {
        process.destroy();
        return waitFor();
    }

    private int waitFor() {
        try {
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                throw new AssertionError("Signet did not end within 60 s");
            }
            return process.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /**
     * What this process wrote to the shared log, read from where it began; readiness is polled
     * every millisecond while the child starts, so a poll must not read what earlier processes wrote.
     */
    private String ownLog() {
        try (FileChannel channel = FileChannel.open(log, StandardOpenOption.READ)) {
            long from = Math.min(logStart, channel.size());
            ByteBuffer bytes = ByteBuffer.allocate((int) (channel.size() - from));
            while (bytes.hasRemaining()) {
                if (channel.read(bytes, from + bytes.position()) < 0) {
                    break;
                }
            }
            return new String(bytes.array(), 0, bytes.position(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    /** The last lines this process wrote, for a failure message. */
    String logTail() {
        List<String> lines = ownLog().lines().toList();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    }

    /** Never leaves a process behind, whatever failed. */
    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroyForcibly();
            waitFor();
        }
    }
}
