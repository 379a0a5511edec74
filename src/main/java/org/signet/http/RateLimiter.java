package org.signet.http;

import java.time.Duration;

/**
 * Fixed-window request counters, one per bucket (a key or an IP address): kept in this process's
 * memory ({@link MemoryRateLimiter}) or shared by every instance on one database ({@link SharedRateLimiter}).
 */
public interface RateLimiter {
    /** What a request may do, and the values of the X-RateLimit headers. */
    record Decision(boolean allowed, int limit, int remaining, long resetEpochSeconds, long retryAfterSeconds) {
        /** The decision for the {@code used}-th request of the window of {@code length} seconds from {@code start}. */
        static Decision of(long used, int limit, long start, long length, long now) {
            long reset = start + length;
            return new Decision(used <= limit, limit, (int) Math.max(0, limit - used), reset, Math.max(1, reset - now));
        }

        /** A refusal of more uses than the {@code used} ones of the window leave room for; the count stays {@code used}. */
        static Decision refused(long used, int limit, long start, long length, long now) {
            long reset = start + length;
            return new Decision(false, limit, (int) Math.max(0, limit - used), reset, Math.max(1, reset - now));
        }
    }

    /** Counts one request against {@code bucket} and says whether it is within the limit. */
    Decision acquire(String bucket, int limit, Duration window);

    /**
     * Counts {@code more} further uses against {@code bucket} at once when all of them fit within the limit,
     * and none when they do not: for a request that does the work of many (a bulk send, a document per row),
     * refused whole before any of that work begins.
     */
    Decision acquireAll(String bucket, int limit, Duration window, int more);

    /** Drops windows that have ended, so idle keys and addresses do not accumulate. */
    void evictExpired(Duration longestWindow);

    /** The start of the window of {@code length} seconds that holds {@code now}: windows are aligned to the epoch. */
    static long windowStart(long now, long length) {
        return now - Math.floorMod(now, length);
    }
}
