package org.signet.store;

import java.sql.SQLException;
import java.util.Optional;

/**
 * Signed-in administrator-page sessions, each known only by the SHA-256 of its id. {@link UserStore}
 * ends a user's sessions when what lets them in changes.
 */
public final class AdminSessionStore {
    private final Database db;

    /**
     * A session row with the state of its user that decides whether it still counts; {@code factorRequired}
     * when it began with a password alone where a second factor is required, so set-up comes first.
     */
    public record Stored(String idHash, long userId, String csrfToken, long createdAt, long lastSeenAt,
            boolean userDisabled, boolean factorRequired) {}

    /** A session to start: whose, the credential version they were checked at, and whether set-up comes first. */
    public record NewSession(long userId, long credentialVersion, String csrfToken, boolean factorRequired) {}

    public AdminSessionStore(Database db) {
        this.db = db;
    }

    /**
     * Starts a session for the user, unless their credential version is no longer the one
     * (the one their password was checked at); false then.
     */
    public boolean insert(String idHash, NewSession s, long now) {
        return db.update("INSERT INTO admin_sessions(id_hash, user_id, csrf_token, created_at, last_seen_at, "
                + "factor_required) SELECT ?, id, ?, ?, ?, ? FROM users WHERE id = ? AND credential_version = ?",
                idHash, s.csrfToken(), now, now, s.factorRequired(), s.userId(), s.credentialVersion()) == 1;
    }

    public Optional<Stored> find(String idHash) {
        return db.queryOne("SELECT s.id_hash, s.user_id, s.csrf_token, s.created_at, s.last_seen_at, u.disabled, "
                + "s.factor_required "
                + "FROM admin_sessions s JOIN users u ON u.id = s.user_id WHERE s.id_hash = ?",
                AdminSessionStore::map, idHash);
    }

    public void touch(String idHash, long now) {
        db.update("UPDATE admin_sessions SET last_seen_at = ? WHERE id_hash = ?", now, idHash);
    }

    public void delete(String idHash) {
        db.update("DELETE FROM admin_sessions WHERE id_hash = ?", idHash);
    }

    /** Removes sessions idle since before {@code cutoff}; they would be refused anyway. */
    public int deleteIdleSince(long cutoff) {
        return db.update("DELETE FROM admin_sessions WHERE last_seen_at < ?", cutoff);
    }

    private static Stored map(Row r) throws SQLException {
        return new Stored(r.string("id_hash"), r.getLong("user_id"), r.string("csrf_token"), r.getLong("created_at"),
                r.getLong("last_seen_at"), r.bool("disabled"), r.bool("factor_required"));
    }
}
