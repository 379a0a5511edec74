package org.signet.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;

/**
 * Writes: {@code POST /documents/{id}/signers} at 16 connections, each new signer on one of 64
 * drafts chosen at random, against raw single-row insert transactions into the same table with the
 * same durability ({@link RawInserts}), 16 threads each on its own connection.
 */
final class WriteComparison {
    static final int CONNECTIONS = 16;
    static final int DOCUMENTS = 64;

    /** Both loads; every request that was not a 2xx (or a transaction that failed) is an error. */
    record Result(LoadResult signet, LoadResult raw) {
        List<Row> rows() {
            return List.of(
                    new Row("writes: POST /documents/{id}/signers, " + CONNECTIONS + " connections", "req/s",
                            signet.perSecond(), raw.perSecond(), Target.ratioAtLeast(0.7)),
                    new Row("writes: p99 latency", "ms", signet.p99Millis(), raw.p99Millis(), Target.valueAtMost(50, "ms")),
                    new Row("writes: errors (non-2xx)", "", signet.errors(), raw.errors(), Target.valueAtMost(0, "")));
        }
    }

    private WriteComparison() {}

    static Result run(Run run, Child signet, SignetClient api, List<String> drafts) throws IOException, InterruptedException {
        BenchSettings s = run.settings();
        run.progress().say("writes: Signet (synchronous=" + run.synchronous() + "), " + ReadComparison.phases(run));
        LoadResult viaSignet = Load.run(CONNECTIONS, HttpWorker.on(signet.address(), run.loopback(),
                n -> newSigners(api, drafts, "c" + n)), s.warmup(), s.duration());
        Path database = RawInserts.prepare(run.scratch().resolve("raw-inserts"), DOCUMENTS);
        run.progress().say("writes: raw SQLite inserts (synchronous=" + run.synchronous() + "), " + ReadComparison.phases(run));
        LoadResult raw = Load.run(CONNECTIONS, RawInserts.on(database, run.synchronous(), DOCUMENTS), s.warmup(),
                s.duration());
        return new Result(viaSignet, raw);
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
