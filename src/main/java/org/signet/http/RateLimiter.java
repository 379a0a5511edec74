package org.signet.http;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Fixed-window request counters kept in memory, one per bucket (a key or an IP address). A
 * restart forgets them, which at worst grants one extra window; persisting every request would
 * cost a disk write each.
 */
public final class RateLimiter {
    private final Clock clock;
    private final ConcurrentHashMap<String, Window> windows = new ConcurrentHashMap<>();

    /** What a request may do, and the values of the X-RateLimit headers. */
    public record Decision(boolean allowed, int limit, int remaining, long resetEpochSeconds, long retryAfterSeconds) {}

    private record Window(long start, AtomicInteger count) {}

    public RateLimiter(Clock clock) {
        this.clock = clock;
    }

    /** Counts one request against {@code bucket} and says whether it is within the limit. */
    public Decision acquire(String bucket, int limit, Duration window) {
        long now = clock.millis() / 1000;
        long length = window.toSeconds();
        long start = now - Math.floorMod(now, length);
        Window w = windows.compute(bucket,
                (k, old) -> old == null || old.start() != start ? new Window(start, new AtomicInteger()) : old);
        int used = w.count().incrementAndGet();
        long reset = start + length;
        return new Decision(used <= limit, limit, Math.max(0, limit - used), reset, Math.max(1, reset - now));
    }

    /** Drops windows that have ended, so idle keys and addresses do not accumulate. */
    public void evictExpired(Duration longestWindow) {
        long cutoff = clock.millis() / 1000 - longestWindow.toSeconds();
        windows.values().removeIf(w -> w.start() < cutoff);
    }
}
