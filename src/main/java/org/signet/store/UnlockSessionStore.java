package org.signet.store;

import java.sql.SQLException;
import java.util.Optional;

/**
 * Signing-link unlock sessions in the database, by the SHA-256 of their id, for instances that share
 * one: whichever instance a browser's next request reaches finds what the browser passed.
 */
public final class UnlockSessionStore {
    /**
     * One session: its signer and the signer's gate version it was passed at, the factors passed
     * (comma-separated), its end, and the account a login used.
     */
    public record Stored(long signerId, long gateVersion, String passed, long expiresAt, Long userId,
            Long credentialVersion) {}

    private static final String COLUMNS = "signer_id, gate_version, passed, expires_at, user_id, credential_version";

    private final Database db;

    public UnlockSessionStore(Database db) {
        this.db = db;
    }

    public void put(String idHash, Stored s) {
        db.update("INSERT INTO unlock_sessions(id_hash, " + COLUMNS + ") VALUES (?,?,?,?,?,?,?)", idHash,
                s.signerId(), s.gateVersion(), s.passed(), s.expiresAt(), s.userId(), s.credentialVersion());
    }

    public Optional<Stored> find(String idHash) {
        return db.queryOne("SELECT " + COLUMNS + " FROM unlock_sessions WHERE id_hash = ?", UnlockSessionStore::map,
                idHash);
    }

    /** Removes the session and returns it as it was, in one statement: two requests cannot both take it. */
    public Optional<Stored> take(String idHash) {
        return db.queryOne("DELETE FROM unlock_sessions WHERE id_hash = ? RETURNING " + COLUMNS,
                UnlockSessionStore::map, idHash);
    }

    public void delete(String idHash) {
        db.update("DELETE FROM unlock_sessions WHERE id_hash = ?", idHash);
    }

    public int deleteExpired(long now) {
        return db.update("DELETE FROM unlock_sessions WHERE expires_at <= ?", now);
    }

    private static Stored map(Row r) throws SQLException {
        return new Stored(r.getLong("signer_id"), r.getLong("gate_version"), r.string("passed"),
                r.getLong("expires_at"), r.nullableLong("user_id"), r.nullableLong("credential_version"));
    }
}
