package org.signet.service;

import java.util.concurrent.atomic.AtomicLong;

/**
 * How long sealing a document takes here, learnt from the seals this process made: an average that
 * leans on the recent ones, so a client waiting for a sealed PDF is told to come back when it is
 * likely there rather than after a fixed guess.
 */
public final class SealTimes {
    /** What is assumed before the first seal is measured: a few pages on a small machine take about this. */
    static final long FIRST_GUESS_MILLIS = 2_000;
    /** Each new seal's share of the average. */
    private static final double WEIGHT = 0.3;

    private final AtomicLong averageMillis = new AtomicLong(FIRST_GUESS_MILLIS);
    private final AtomicLong measured = new AtomicLong();

    /** Adds one seal's duration, from the moment its work started until its PDF was stored. */
    public void record(long millis) {
        long seen = Math.max(0, millis);
        if (measured.getAndIncrement() == 0) {
            averageMillis.set(seen);
            return;
        }
        averageMillis.updateAndGet(old -> Math.round(old + WEIGHT * (seen - old)));
    }

    /** The expected duration of the next seal. */
    public long expectedMillis() {
        return averageMillis.get();
    }

    /**
     * Whole seconds, at least one, until a seal whose work started at {@code startedAt} (Unix seconds)
     * is likely stored, seen at {@code now} (Unix seconds).
     */
    public long secondsLeft(long startedAt, long now) {
        long expectedSeconds = (expectedMillis() + 999) / 1000;
        return Math.max(1, startedAt + expectedSeconds - now);
    }
}
