package org.signet.support;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Signet started as its operators start it, {@code java -Xmx... org.signet.Main serve}, in a JVM of
 * its own whose heap is capped and which exits at its first OutOfMemoryError: a request that needs
 * more memory than the cap kills the server, which no test can overlook. A test JVM's own heap is
 * sized by the machine and shared with the test, so it cannot show what one request costs.
 */
public final class ServerProcess implements AutoCloseable {
    private final Process process;
    private final Path log;
    private final int port;
    private final HttpClient client = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY)
            .connectTimeout(Duration.ofSeconds(5)).build();

    private ServerProcess(Process process, Path log, int port) {
        this.process = process;
        this.log = log;
        this.port = port;
    }

    /** Starts Signet on {@code dataDir} with the heap cap {@code maxHeap} (as in {@code -Xmx256m}). */
    public static ServerProcess start(Path dataDir, String maxHeap, Map<String, String> environment)
            throws IOException {
        int port = freePort();
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx" + maxHeap, "-XX:+ExitOnOutOfMemoryError", "-Djava.awt.headless=true",
                "-cp", System.getProperty("java.class.path"), "org.signet.Main",
                "serve", "--data", dataDir.toString(), "--host", "127.0.0.1", "--port", Integer.toString(port)));
        Path log = dataDir.resolveSibling(dataDir.getFileName() + "-server.log");
        // A file, not a pipe: a pipe nobody reads stalls the server once it is full.
        ProcessBuilder b = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        b.environment().putAll(environment);
        ServerProcess server = new ServerProcess(b.start(), log, port);
        try {
            Waits.awaitUntil(server::healthy, "the server answering /healthz", Duration.ofSeconds(60));
        } catch (AssertionError e) {
            server.close();
            throw new AssertionError(e.getMessage() + "; its log ends:\n" + server.tail(), e);
        }
        return server;
    }

    /** A loopback port free now, for a server the test starts and must name in its configuration. */
    public static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    public String siteUrl() {
        return "http://127.0.0.1:" + port;
    }

    public boolean alive() {
        return process.isAlive();
    }

    /** True when the process runs and answers 200 on /healthz. */
    public boolean healthy() {
        if (!process.isAlive()) {
            return false;
        }
        try {
            HttpRequest r = HttpRequest.newBuilder(URI.create(siteUrl() + "/healthz")).timeout(Duration.ofSeconds(10))
                    .build();
            return client.send(r, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** A request to {@code path} under the site (from "/") with an API key's headers when given. */
    public HttpRequest.Builder request(String path, TestServer.Credentials c) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(siteUrl() + path)).timeout(Duration.ofSeconds(30));
        if (c != null) {
            b.header("X-WPS-API-Key", c.key()).header("X-WPS-API-Secret", c.secret());
        }
        return b;
    }

    public <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> body) {
        try {
            return client.send(request, body);
        } catch (IOException e) {
            throw new AssertionError("no answer from the server (" + e + "); its log ends:\n" + tail(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public HttpResponse<String> send(HttpRequest request) {
        return send(request, HttpResponse.BodyHandlers.ofString());
    }

    public int port() {
        return port;
    }

    /** Sends SIGTERM ({@link Process#destroy()} on Linux), as a service manager's stop does; returns at once. */
    public void terminate() {
        process.destroy();
    }

    /** Waits up to {@code limit} for the process to end; its exit code, or a failure with the log's tail. */
    public int awaitExit(Duration limit) {
        try {
            if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new AssertionError("the server did not end within " + limit.toSeconds() + " s; its log ends:\n"
                        + tail());
            }
            return process.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Everything the server has written so far, standard output and error. */
    public String log() {
        try {
            return Files.readString(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AssertionError("cannot read the server's log " + log, e);
        }
    }

    /** The last lines the server wrote, for a failure message. */
    public String tail() {
        return ChildProcesses.tail(log, 30);
    }

    @Override
    public void close() {
        ChildProcesses.stop(process, Duration.ofSeconds(30));
    }
}
