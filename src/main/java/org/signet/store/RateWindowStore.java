package org.signet.store;

import java.util.OptionalLong;

/** The request counts of the rate limits' fixed windows, shared by every instance on one database. */
public final class RateWindowStore {
    private final Database db;

    public RateWindowStore(Database db) {
        this.db = db;
    }

    /**
     * Counts one request in {@code bucket}'s window from {@code start} and returns the count with it:
     * one statement, so two instances counting at once each see their own number, never the same one.
     */
    public long increment(String bucket, long start) {
        return db.queryOne("INSERT INTO rate_windows(bucket, window_start, used) VALUES (?,?,1) "
                + "ON CONFLICT(bucket, window_start) DO UPDATE SET used = rate_windows.used + 1 RETURNING used",
                r -> r.longAt(1), bucket, start).orElseThrow();
    }

    /**
     * Adds {@code more} requests to {@code bucket}'s window from {@code start} when the count stays within
     * {@code limit}, and returns the new count; empty, changing nothing, when it would go past it. One
     * statement: the row is locked between the check and the addition.
     */
    public OptionalLong addWithin(String bucket, long start, int more, int limit) {
        return db.queryOne("INSERT INTO rate_windows(bucket, window_start, used) VALUES (?,?,?) "
                + "ON CONFLICT(bucket, window_start) DO UPDATE SET used = rate_windows.used + EXCLUDED.used "
                + "WHERE rate_windows.used + EXCLUDED.used <= ? RETURNING used",
                r -> r.longAt(1), bucket, start, more, limit).map(OptionalLong::of).orElse(OptionalLong.empty());
    }

    /** The count of {@code bucket}'s window from {@code start}, 0 when there is none. */
    public long used(String bucket, long start) {
        return db.queryOne("SELECT used FROM rate_windows WHERE bucket = ? AND window_start = ?",
                r -> r.longAt(1), bucket, start).orElse(0L);
    }

    /** Deletes the windows that started before {@code start}; returns how many. */
    public int deleteBefore(long start) {
        return db.update("DELETE FROM rate_windows WHERE window_start < ?", start);
    }
}
