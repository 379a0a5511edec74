package org.signet.store;

import java.util.Optional;

/** Counts of failed sign-ins per subject (an account or a client address) and their lockouts. */
public final class LoginFailureStore {
    private final Database db;

    /** How a subject stands: failures since {@code windowStart}, and until when it is locked (or null). */
    public record Standing(int failures, long windowStart, Long lockedUntil) {}

    public LoginFailureStore(Database db) {
        this.db = db;
    }

    public Optional<Standing> find(String subject) {
        return db.queryOne("SELECT failures, window_start, locked_until FROM login_failures WHERE subject = ?",
                r -> new Standing(r.getInt("failures"), r.getLong("window_start"), r.nullableLong("locked_until")),
                subject);
    }

    /**
     * Counts one failure of {@code subject} at {@code now}, in one statement so that failures counted
     * at once by several instances each add one: a window older than {@code windowSeconds} starts
     * again at this failure, and the failure that brings the count to {@code maxFailures} locks the
     * subject until {@code now + lockSeconds}.
     */
    public void countFailure(String subject, long now, int maxFailures, long windowSeconds, long lockSeconds) {
        Long lockedAtFirst = maxFailures <= 1 ? Long.valueOf(now + lockSeconds) : null;
        db.update("INSERT INTO login_failures(subject, failures, window_start, locked_until) VALUES (?,1,?,?) "
                + "ON CONFLICT(subject) DO UPDATE SET "
                + "failures = CASE WHEN excluded.window_start - login_failures.window_start < ? "
                + "THEN login_failures.failures + 1 ELSE 1 END, "
                + "locked_until = CASE WHEN excluded.window_start - login_failures.window_start >= ? "
                + "THEN excluded.locked_until WHEN login_failures.failures + 1 >= ? THEN ? "
                + "ELSE login_failures.locked_until END, "
                + "window_start = CASE WHEN excluded.window_start - login_failures.window_start < ? "
                + "THEN login_failures.window_start ELSE excluded.window_start END",
                subject, now, lockedAtFirst, windowSeconds, windowSeconds, maxFailures, now + lockSeconds,
                windowSeconds);
    }

    public void clear(String subject) {
        db.update("DELETE FROM login_failures WHERE subject = ?", subject);
    }

    /** Forgets subjects whose window and lock both ended before {@code cutoff}. */
    public int deleteStale(long cutoff) {
        return db.update("DELETE FROM login_failures WHERE window_start < ? AND (locked_until IS NULL OR locked_until < ?)",
                cutoff, cutoff);
    }
}
