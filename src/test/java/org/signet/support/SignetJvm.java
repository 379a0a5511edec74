package org.signet.support;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.signet.process.ChildProcess;
import org.signet.process.HttpProbe;
import org.signet.process.JavaCommand;
import org.signet.process.Launch;

/**
 * Signet started as its operators start it, {@code java -Xmx... org.signet.Main serve}, in a JVM of
 * its own whose heap is capped and which exits at its first OutOfMemoryError, with an HTTP client
 * to it: a request that needs more memory than the cap kills the server, which no test can
 * overlook. A test JVM's own heap is sized by the machine and shared with the test, so it cannot
 * show what one request costs. The process itself ({@link #process()}) is started, awaited and
 * stopped by {@link org.signet.process}, as the bench's are.
 */
public final class SignetJvm implements AutoCloseable {
    private static final Duration START_LIMIT = Duration.ofSeconds(60);

    private final ChildProcess process;
    private final int port;
    private final HttpClient client = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY)
            .connectTimeout(Duration.ofSeconds(5)).build();

    private SignetJvm(ChildProcess process, int port) {
        this.process = process;
        this.port = port;
    }

    /**
     * Starts Signet on {@code dataDir} with the heap cap {@code maxHeap} (as in {@code -Xmx256m}),
     * its output in {@code DATA-server.log} beside the folder, on the folder's {@link SuiteDatabase},
     * and waits for /healthz to answer.
     */
    public static SignetJvm start(Path dataDir, String maxHeap, Map<String, String> environment) throws IOException {
        return start(dataDir, maxHeap, environment, command -> command);
    }

    /**
     * As {@link #start(Path, String, Map)} with a 256 MB heap, started by a shell whose umask is
     * {@code umask} (such as {@code 022}), as an operator's login shell or a service manager may set it.
     */
    public static SignetJvm startUnderUmask(Path dataDir, String umask, Map<String, String> environment)
            throws IOException {
        return start(dataDir, "256m", environment, command -> underUmask(umask, command, null));
    }

    /** {@code command} run by {@code /bin/sh} after {@code umask}, its standard input read from {@code stdin} when given. */
    public static List<String> underUmask(String umask, List<String> command, Path stdin) {
        if (!umask.matches("[0-7]{3,4}")) {
            throw new IllegalArgumentException("not a umask: " + umask);
        }
        List<String> c = new ArrayList<>(stdin == null ? List.of("/bin/sh", "-c", "umask " + umask + " && exec \"$@\"", "sh")
                : List.of("/bin/sh", "-c", "umask " + umask + " && input=$1 && shift && exec \"$@\" <\"$input\"", "sh",
                        stdin.toString()));
        c.addAll(command);
        return c;
    }

    private static SignetJvm start(Path dataDir, String maxHeap, Map<String, String> environment,
            UnaryOperator<List<String>> wrap) throws IOException {
        int port = ChildProcess.freePort();
        JavaCommand serve = JavaCommand.ofThisJvm().options(List.of("-Xmx" + maxHeap, "-XX:+ExitOnOutOfMemoryError"))
                .property("java.awt.headless", "true").mainClass("org.signet.Main")
                .args(List.of("serve", "--data", dataDir.toString(), "--host", "127.0.0.1", "--port",
                        Integer.toString(port)));
        Path log = dataDir.resolveSibling(dataDir.getFileName() + "-server.log");
        Map<String, String> all = new HashMap<>(SuiteDatabase.environment(dataDir));
        all.putAll(environment);
        ChildProcess process = Launch.of("Signet", wrap.apply(serve.toList()), log).environment(all).start();
        try {
            process.awaitHttp200(port, "/healthz", START_LIMIT);
        } catch (IOException e) {
            process.close();
            throw e;
        }
        return new SignetJvm(process, port);
    }

    /** The process: whether it runs, its log, SIGTERM and its exit code. */
    public ChildProcess process() {
        return process;
    }

    public int port() {
        return port;
    }

    public String siteUrl() {
        return "http://127.0.0.1:" + port;
    }

    /** True when the process runs and answers 200 on /healthz. */
    public boolean healthy() {
        return process.alive() && HttpProbe.status(port, "/healthz") == 200;
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
            throw new AssertionError("no answer from the server (" + e + "); its log ends:\n" + process.tail(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public HttpResponse<String> send(HttpRequest request) {
        return send(request, HttpResponse.BodyHandlers.ofString());
    }

    /** SIGTERM and up to 30 s for the graceful stop, then SIGKILL. */
    @Override
    public void close() {
        process.close();
    }
}
