package org.signet.http;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Fixed-window request counters kept in memory, for the one process that runs on SQLite. A restart
 * forgets them, which at worst grants one extra window; persisting every request would cost a disk
 * write each.
 */
public final class MemoryRateLimiter implements RateLimiter {
    private final Clock clock;
    private final ConcurrentHashMap<String, Window> windows = new ConcurrentHashMap<>();

    private record Window(long start, AtomicInteger count) {}

    public MemoryRateLimiter(Clock clock) {
        this.clock = clock;
    }

    @Override
    public Decision acquire(String bucket, int limit, Duration window) {
        long now = clock.millis() / 1000;
        long length = window.toSeconds();
        long start = RateLimiter.windowStart(now, length);
        return Decision.of(window(bucket, start).incrementAndGet(), limit, start, length, now);
    }

    @Override
    public Decision acquireAll(String bucket, int limit, Duration window, int more) {
        long now = clock.millis() / 1000;
        long length = window.toSeconds();
        long start = RateLimiter.windowStart(now, length);
        AtomicInteger count = window(bucket, start);
        while (true) {
            int used = count.get();
            if ((long) used + more > limit) {
                return Decision.refused(used, limit, start, length, now);
            }
            if (count.compareAndSet(used, used + more)) {
                return Decision.of(used + more, limit, start, length, now);
            }
        }
    }

    /** The count of {@code bucket}'s window from {@code start}, a new one when its last window has ended. */
    private AtomicInteger window(String bucket, long start) {
        return windows.compute(bucket,
                (k, old) -> old == null || old.start() != start ? new Window(start, new AtomicInteger()) : old).count();
    }

    @Override
    public void evictExpired(Duration longestWindow) {
        long cutoff = clock.millis() / 1000 - longestWindow.toSeconds();
        windows.values().removeIf(w -> w.start() < cutoff);
    }
}
