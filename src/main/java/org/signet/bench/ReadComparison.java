package org.signet.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Reads: {@code GET /documents/{id}} at 32 connections against the bare JDK server answering the
 * same bytes, each in its own process and driven by the same client code; Signet's resident memory
 * is read meanwhile, and the bare server's for comparison.
 */
final class ReadComparison {
    static final int CONNECTIONS = 32;

    /** Both loads, and each server's highest resident memory during its measured window. */
    record Result(LoadResult signet, LoadResult bare, double signetMegabytes, double bareMegabytes) {
        List<Row> rows() {
            return List.of(
                    new Row("reads: GET /documents/{id}, " + CONNECTIONS + " connections", "req/s", signet.perSecond(),
                            bare.perSecond(), Target.ratioAtLeast(0.6)),
                    new Row("reads: p99 latency", "ms", signet.p99Millis(), bare.p99Millis(), Target.valueAtMost(10, "ms")));
        }

        Row memory() {
            return new Row("footprint: resident memory under the read load", "MB", signetMegabytes, bareMegabytes,
                    Target.valueAtMost(300, "MB"));
        }
    }

    private ReadComparison() {}

    static Result run(Run run, Child signet, SignetClient api, String documentId) throws IOException, InterruptedException {
        byte[] request = api.getRequest("/documents/" + documentId);
        Reply answer = SignetClient.expectOk(api.send(request), "GET /documents/" + documentId);
        run.progress().say("reads: Signet, " + answer.body().length + " bytes a document, " + phases(run));
        Measured s = measure(run, signet, request);
        Path body = run.scratch().resolve("read-body.json");
        Files.write(body, answer.body());
        int port = Launcher.freePort();
        String type = answer.header("content-type") == null ? "application/json" : answer.header("content-type");
        try (Child bare = Child.start(run.launcher().bareServer(port, run.serverThreads(), body, type), port, Map.of(),
                run.scratch().resolve("bare-server.log"))) {
            bare.awaitFirst200("/healthz");
            run.progress().say("reads: bare JDK HttpServer (" + run.serverThreads() + " threads), " + phases(run));
            Measured b = measure(run, bare, request);
            return new Result(s.load, b.load, s.megabytes, b.megabytes);
        }
    }

    private record Measured(LoadResult load, double megabytes) {}

    private static Measured measure(Run run, Child server, byte[] request) throws IOException, InterruptedException {
        BenchSettings s = run.settings();
        try (MemorySampler memory = new MemorySampler(server, s.warmup(), s.duration())) {
            LoadResult r = Load.run(CONNECTIONS, HttpWorker.on(server.address(), run.loopback(), n -> () -> request),
                    s.warmup(), s.duration());
            return new Measured(r, memory.peakMegabytes());
        }
    }

    static String phases(Run run) {
        return "warm-up " + seconds(run.settings().warmup()) + " s, measured " + seconds(run.settings().duration()) + " s";
    }

    private static String seconds(Duration d) {
        return Figures.plain(d.toMillis() / 1000.0);
    }
}
