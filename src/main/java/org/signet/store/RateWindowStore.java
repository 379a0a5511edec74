package org.signet.store;

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

    /** Deletes the windows that started before {@code start}; returns how many. */
    public int deleteBefore(long start) {
        return db.update("DELETE FROM rate_windows WHERE window_start < ?", start);
    }
}
