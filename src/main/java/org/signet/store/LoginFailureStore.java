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

    public void save(String subject, Standing s) {
        db.update("INSERT INTO login_failures(subject, failures, window_start, locked_until) VALUES (?,?,?,?) "
                + "ON CONFLICT(subject) DO UPDATE SET failures = excluded.failures, "
                + "window_start = excluded.window_start, locked_until = excluded.locked_until",
                subject, s.failures(), s.windowStart(), s.lockedUntil());
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
