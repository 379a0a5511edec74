package org.signet.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Times {@code GET /documents/{id}} at 32 connections on Signet and on the bare JDK server
 * answering the same bytes, both driven by the same client code.
 */
final class ReadComparison {
    static final int CONNECTIONS = 32;

    /** Both sides' loads and what was watched during them. */
    record Result(Measured signet, Measured bare, BareTrial trial) {
        List<BenchFigure> rows() {
            return List.of(
                    new BenchFigure("reads: GET /documents/{id}, " + CONNECTIONS + " connections", "req/s",
                            signet.load().perSecond(), bare.load().perSecond(), Target.ratioAtLeast(0.6)),
                    new BenchFigure("reads: p99 latency", "ms", signet.load().p99Millis(), bare.load().p99Millis(),
                            Target.valueAtMost(10, "ms")));
        }

        BenchFigure memory() {
            return new BenchFigure("footprint: resident memory under the read load", "MB", signet.megabytes(),
                    bare.megabytes(), Target.valueAtMost(300, "MB"));
        }

        String note() {
            return String.format(Locale.ROOT, "reads, CPU per request: Signet %.0f us, the bare server %.0f us; the load "
                    + "generator %.0f us and %.0f us. Answers other than 2xx: %d and %d. Median latency %.2f ms and %.2f ms.",
                    signet.serverMicros(), bare.serverMicros(), signet.ownMicros(), bare.ownMicros(),
                    signet.load().errors(), bare.load().errors(), signet.load().latencies().medianMillis(),
                    bare.load().latencies().medianMillis()) + "\n" + trial.note();
        }
    }

    private ReadComparison() {}

    static Result run(Run run, Server signet, SignetClient api, String documentId) throws IOException, InterruptedException {
        byte[] request = api.getRequest("/documents/" + documentId);
        Reply answer = SignetClient.expectOk(api.send(request), "GET /documents/" + documentId);
        run.progress().say("reads: Signet, " + answer.body().length + " bytes a document, " + phases(run));
        Measured s = measure(run, signet, request);
        Path body = run.scratch().resolve("read-body.json");
        Files.write(body, answer.body());
        String type = answer.header("content-type") == null ? "application/json" : answer.header("content-type");
        BareTrial trial = BareTrial.best(run, body, type, request);
        try (Server bare = run.bare(body, type, trial.best(), "bare-server.log").server()) {
            run.progress().say("reads: bare JDK HttpServer, " + trial.best().describe() + ", " + phases(run));
            return new Result(s, measure(run, bare, request), trial);
        }
    }

    static Measured measure(Run run, Server server, byte[] request) throws IOException, InterruptedException {
        BenchSettings s = run.settings();
        return Measured.of(server.process(), s.warmup(), s.duration(), () -> Load.run(CONNECTIONS,
                HttpWorker.on(server.address(), run.loopback(), n -> () -> request), s.warmup(), s.duration()));
    }

    static String phases(Run run) {
        return "warm-up " + seconds(run.settings().warmup()) + " s, measured " + seconds(run.settings().duration()) + " s";
    }

    private static String seconds(Duration d) {
        return Figures.plain(d.toMillis() / 1000.0);
    }
}
