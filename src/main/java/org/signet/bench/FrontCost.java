package org.signet.bench;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What Signet's front costs per request: the same requests on the same Signet process, once through
 * the front (the port clients reach) and once straight to the JDK server behind it, in CPU time of
 * that process per request, the lower of two turns each. The difference is the front's own work: reading and checking the head,
 * and relaying both ways over the loopback connection.
 */
final class FrontCost {
    static final int CONNECTIONS = 8;

    /** Both paths' loads for one request. */
    record Pair(String what, Measured front, Measured inner) {
        BenchFigure row() {
            return new BenchFigure("front cost: " + what + ", CPU per request", "us", front.serverMicros(),
                    inner.serverMicros(), Target.ratioAtMost(1.3));
        }
    }

    /** Every pair measured, or none when the inner port could not be found. */
    record Result(List<Pair> pairs, String note) {
        List<BenchFigure> rows() {
            return pairs.stream().map(Pair::row).toList();
        }
    }

    private FrontCost() {}

    static Result run(Run run, Server signet, SignetClient api, String documentId) throws IOException, InterruptedException {
        int front = signet.address().getPort();
        var inner = InnerPort.of(signet.process().pid(), front);
        if (inner.isEmpty()) {
            return new Result(List.of(), "front cost: not measured, the inner server's port cannot be read here.");
        }
        InetSocketAddress straight = new InetSocketAddress(signet.address().getAddress(), inner.get());
        List<Pair> pairs = new ArrayList<>();
        byte[] health = HttpConnection.request("GET", "/healthz", Map.of("Host", "127.0.0.1"), new byte[0]);
        pairs.add(pair(run, signet, straight, "GET /healthz", health));
        String document = "/documents/" + documentId;
        pairs.add(pair(run, signet, straight, "GET /documents/{id}", api.getRequest(document)));
        return new Result(pairs, note(pairs));
    }

    /**
     * Each path twice, taking turns (through, straight, through, straight), the first turn of each
     * after the warm-up, and of each path the turn that cost less: other work on the machine only ever
     * adds CPU time, so the lower figure is the nearer one.
     */
    private static Pair pair(Run run, Server signet, InetSocketAddress straight, String what, byte[] request)
            throws IOException, InterruptedException {
        run.progress().say("front cost: " + what + " through the front and straight behind it, taking turns twice, "
                + CONNECTIONS + " connections, " + ReadComparison.phases(run));
        Duration warmup = run.settings().warmup();
        Measured through = measure(run, signet, signet.address(), request, warmup);
        Measured direct = measure(run, signet, straight, request, warmup);
        through = cheaper(through, measure(run, signet, signet.address(), request, Duration.ZERO));
        direct = cheaper(direct, measure(run, signet, straight, request, Duration.ZERO));
        return new Pair(what, through, direct);
    }

    private static Measured cheaper(Measured a, Measured b) {
        return Double.isNaN(a.serverMicros()) || b.serverMicros() < a.serverMicros() ? b : a;
    }

    private static Measured measure(Run run, Server signet, InetSocketAddress to, byte[] request, Duration warmup)
            throws IOException, InterruptedException {
        Duration duration = run.settings().duration();
        return Measured.of(signet.process(), warmup, duration, () -> Load.run(CONNECTIONS,
                HttpWorker.on(to, run.loopback(), n -> () -> request), warmup, duration));
    }

    private static String note(List<Pair> pairs) {
        StringBuilder b = new StringBuilder("front cost, the front's own CPU per request (through it minus straight behind it):");
        for (Pair p : pairs) {
            b.append(String.format(Locale.ROOT, " %s %.0f us (%d and %d answers other than 2xx);", p.what(),
                    p.front().serverMicros() - p.inner().serverMicros(), p.front().load().errors(),
                    p.inner().load().errors()));
        }
        return b.substring(0, b.length() - 1) + ".";
    }
}
