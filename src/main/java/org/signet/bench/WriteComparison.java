package org.signet.bench;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.signet.process.ChildProcess;

/**
 * Times {@code POST /documents/{id}/signers} at 16 connections over 64 drafts against raw single-
 * row insert transactions into the same table with the same durability.
 */
final class WriteComparison {
    static final int CONNECTIONS = 16;
    static final int DOCUMENTS = 64;
    /**
     * Numbers each load, so that no two loads on the same drafts add a signer with the same address:
     * a document refuses a second signer with one address (400), and the PostgreSQL bench runs the
     * same writes four times, once directly and then through nginx to one, two and three instances.
     */
    private static final AtomicInteger LOADS = new AtomicInteger();

    /** Both loads; every request that was not a 2xx (or a transaction that failed) is an error. */
    record Result(String label, Measured signet, Measured raw) {
        List<BenchFigure> rows() {
            LoadResult s = signet.load();
            LoadResult r = raw.load();
            return List.of(
                    new BenchFigure(label + ": POST /documents/{id}/signers, " + CONNECTIONS + " connections", "req/s",
                            s.perSecond(), r.perSecond(), Target.ratioAtLeast(0.7)),
                    new BenchFigure(label + ": p99 latency", "ms", s.p99Millis(), r.p99Millis(),
                            Target.valueAtMost(50, "ms")),
                    new BenchFigure(label + ": errors (non-2xx)", "", s.errors(), r.errors(), Target.valueAtMost(0, "")));
        }

        String note() {
            return String.format(Locale.ROOT, label + ", CPU per request: Signet %.0f us (and the load generator %.0f us); "
                    + "the raw inserts %.0f us in the bench's own process. Median latency %.2f ms and %.2f ms.",
                    signet.serverMicros(), signet.ownMicros(), raw.ownMicros(), signet.load().latencies().medianMillis(),
                    raw.load().latencies().medianMillis()) + " Failures: Signet " + signet.load().failuresText()
                    + "; raw " + raw.load().failuresText() + ".";
        }
    }

    private WriteComparison() {}

    /** Signet on its SQLite file against raw inserts into a file of the bench's own, opened as Signet opens its. */
    static Result run(Run run, Server signet, SignetClient api, List<String> drafts) throws IOException, InterruptedException {
        run.progress().say("writes: Signet (synchronous=" + run.synchronous() + "), " + ReadComparison.phases(run));
        Measured viaSignet = signet(run, signet.process(), signet.address(), api, drafts);
        Path database = RawInserts.prepare(run.scratch().resolve("raw-inserts"), DOCUMENTS);
        run.progress().say("writes: raw SQLite inserts (synchronous=" + run.synchronous() + "), " + ReadComparison.phases(run));
        return new Result("writes", viaSignet, baseline(run, RawInserts.on(database, run.synchronous(), DOCUMENTS)));
    }

    /** {@link #CONNECTIONS} connections adding signers to {@code drafts} through {@code address}, {@code server} watched. */
    static Measured signet(Run run, ChildProcess server, InetSocketAddress address, SignetClient api, List<String> drafts)
            throws IOException, InterruptedException {
        BenchSettings s = run.settings();
        int load = LOADS.incrementAndGet();
        return Measured.of(server, s.warmup(), s.duration(), () -> Load.run(CONNECTIONS,
                HttpWorker.on(address, run.loopback(), n -> newSigners(api, drafts, "l" + load + "c" + n)), s.warmup(),
                s.duration()));
    }

    /** {@link #CONNECTIONS} of the baseline's workers, in the bench's own process. */
    static Measured baseline(Run run, Load.Workers raw) throws IOException, InterruptedException {
        BenchSettings s = run.settings();
        return Measured.of(null, s.warmup(), s.duration(), () -> Load.run(CONNECTIONS, raw, s.warmup(), s.duration()));
    }

    /** Connection {@code tag}'s requests: each a new signer with an address of its own, on a random draft. */
    private static Supplier<byte[]> newSigners(SignetClient api, List<String> drafts, String tag) {
        long[] k = {0};
        return () -> {
            long n = k[0]++;
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("name", "Signer " + tag + "-" + n);
            body.put("email", tag + "-" + n + "@example.com");
            body.put("signing_order", 1);
            String doc = drafts.get(ThreadLocalRandom.current().nextInt(drafts.size()));
            return api.postRequest("/documents/" + doc + "/signers", body);
        };
    }
}
