package org.signet.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The bare server's best set-up for the read load, found by trying each of {@link BarePool#CANDIDATES}
 * briefly with the same client and the same request: a baseline must be the best its tool can do, or
 * the ratio against it flatters Signet.
 */
record BareTrial(BarePool best, List<Tried> tried) {
    private static final Duration WARMUP = Duration.ofSeconds(1);
    private static final Duration DURATION = Duration.ofSeconds(2);

    /** One set-up and the requests a second it served in its short try. */
    record Tried(BarePool pool, double perSecond) {}

    static BareTrial best(Run run, Path body, String contentType, byte[] request) throws IOException, InterruptedException {
        List<Tried> tried = new ArrayList<>();
        Duration warmup = shorter(WARMUP, run.settings().warmup());
        Duration duration = shorter(DURATION, run.settings().duration());
        for (BarePool pool : BarePool.CANDIDATES) {
            try (Server bare = run.bare(body, contentType, pool, "bare-trial-" + pool.argument() + ".log").server()) {
                LoadResult r = Load.run(ReadComparison.CONNECTIONS, HttpWorker.on(bare.address(), run.loopback(),
                        n -> () -> request), warmup, duration);
                tried.add(new Tried(pool, r.perSecond()));
            }
        }
        BarePool best = tried.stream().max(Comparator.comparingDouble(Tried::perSecond)).orElseThrow().pool();
        run.progress().say("reads: the bare server's set-ups tried, " + describe(tried));
        return new BareTrial(best, List.copyOf(tried));
    }

    private static Duration shorter(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    /** For the report: which set-up the baseline ran with, and why. */
    String note() {
        return "reads, baseline set-up: " + best.describe() + ", the fastest of " + tried.size() + " tried for "
                + DURATION.toSeconds() + " s each at " + ReadComparison.CONNECTIONS + " connections (" + describe(tried)
                + ").";
    }

    private static String describe(List<Tried> tried) {
        return tried.stream().map(t -> String.format(Locale.ROOT, "%s %,.0f/s", t.pool().argument().equals("dispatcher")
                ? "dispatcher thread" : t.pool().threads() + " threads", t.perSecond())).collect(Collectors.joining(", "));
    }
}
