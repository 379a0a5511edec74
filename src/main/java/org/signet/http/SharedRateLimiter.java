package org.signet.http;

import java.time.Clock;
import java.time.Duration;
import java.util.OptionalLong;

/**
 * Fixed-window request counters kept where every instance counts (the database), so that a key
 * limited to N requests an hour gets N across all instances behind a balancer, not N per instance.
 * Each request is one atomic increment of its window's count, outside any other transaction.
 */
public final class SharedRateLimiter implements RateLimiter {
    /** The shared counts; the wiring supplies them, as the http core knows no store. */
    public interface Windows {
        /** Adds one to the count of {@code bucket}'s window from {@code start} and returns the new count, atomically. */
        long increment(String bucket, long start);

        /**
         * Adds {@code more} to the count of {@code bucket}'s window from {@code start} if it stays within
         * {@code limit}, atomically, and returns the new count; empty, adding nothing, when it would not.
         */
        OptionalLong addWithin(String bucket, long start, int more, int limit);

        /** The count of {@code bucket}'s window from {@code start}, 0 when nothing was counted there. */
        long used(String bucket, long start);

        /** Forgets the windows that started before {@code start}. */
        void deleteBefore(long start);
    }

    private final Clock clock;
    private final Windows windows;

    public SharedRateLimiter(Clock clock, Windows windows) {
        this.clock = clock;
        this.windows = windows;
    }

    @Override
    public Decision acquire(String bucket, int limit, Duration window) {
        long now = clock.millis() / 1000;
        long length = window.toSeconds();
        long start = RateLimiter.windowStart(now, length);
        return Decision.of(windows.increment(bucket, start), limit, start, length, now);
    }

    @Override
    public Decision acquireAll(String bucket, int limit, Duration window, int more) {
        long now = clock.millis() / 1000;
        long length = window.toSeconds();
        long start = RateLimiter.windowStart(now, length);
        OptionalLong used = more > limit ? OptionalLong.empty() : windows.addWithin(bucket, start, more, limit);
        return used.isPresent() ? Decision.of(used.getAsLong(), limit, start, length, now)
                : Decision.refused(windows.used(bucket, start), limit, start, length, now);
    }

    @Override
    public void evictExpired(Duration longestWindow) {
        windows.deleteBefore(clock.millis() / 1000 - longestWindow.toSeconds());
    }
}
