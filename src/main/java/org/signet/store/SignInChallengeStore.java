package org.signet.store;

import java.sql.SQLException;
import java.util.Optional;

/**
 * Sign-ins half done: the password was right, the second factor is still to be given. Each is known only
 * by the SHA-256 of its id and opens no page; it lives in the database so that the code may be posted to
 * any instance. {@link UserStore} ends a user's challenges, as it ends their sessions, when what lets the
 * account in changes.
 */
public final class SignInChallengeStore {
    private final Database db;

    /** A challenge: whose, the credential version the password was checked at, and its form's token. */
    public record Challenge(long userId, long credentialVersion, String csrfToken, long createdAt) {}

    public SignInChallengeStore(Database db) {
        this.db = db;
    }

    public void insert(String idHash, Challenge c) {
        db.update("INSERT INTO sign_in_challenges(id_hash, user_id, credential_version, csrf_token, created_at) "
                + "VALUES (?,?,?,?,?)", idHash, c.userId(), c.credentialVersion(), c.csrfToken(), c.createdAt());
    }

    public Optional<Challenge> find(String idHash) {
        return db.queryOne("SELECT user_id, credential_version, csrf_token, created_at FROM sign_in_challenges "
                + "WHERE id_hash = ?", SignInChallengeStore::map, idHash);
    }

    /** Ends the challenge; false when it had ended already, so that it completes once. */
    public boolean delete(String idHash) {
        return db.update("DELETE FROM sign_in_challenges WHERE id_hash = ?", idHash) == 1;
    }

    /** Removes challenges begun before {@code cutoff}; they would be refused anyway. */
    public int deleteBefore(long cutoff) {
        return db.update("DELETE FROM sign_in_challenges WHERE created_at < ?", cutoff);
    }

    private static Challenge map(Row r) throws SQLException {
        return new Challenge(r.getLong("user_id"), r.getLong("credential_version"), r.string("csrf_token"),
                r.getLong("created_at"));
    }
}
