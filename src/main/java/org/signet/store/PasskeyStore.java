package org.signet.store;

import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.signet.domain.Passkey;

/**
 * Passkeys and the challenges handed out for their ceremonies. A challenge is taken by deleting it, so that of
 * two requests answering one challenge, on one instance or two sharing the database, only one gets it.
 */
public final class PasskeyStore {
    private static final String COLUMNS = "p.id, p.user_id, p.name, p.created_at, p.last_used_at";

    private final Database db;

    public PasskeyStore(Database db) {
        this.db = db;
    }

    /** A challenge as handed out: whose passkey it is to add, and the user handle it is to carry (null: a sign-in). */
    public record Challenge(Long userId, byte[] userHandle, long expiresAt) {}

    /** A passkey to keep, as its registration checked it. */
    public record NewPasskey(long userId, String credentialId, String name, byte[] userHandle, byte[] credential,
            long signCount) {}

    /**
     * A passkey as an assertion is checked against, with its user's credential version and disabled flag as they
     * stood when it was read: a session started on it must begin at that version.
     */
    public record Stored(Passkey passkey, byte[] userHandle, byte[] credential, long signCount,
            long credentialVersion, boolean userDisabled) {}

    public void addChallenge(String challenge, String purpose, Challenge c) {
        db.update("INSERT INTO passkey_challenges(challenge, purpose, user_id, user_handle, expires_at) "
                + "VALUES (?,?,?,?,?)", challenge, purpose, c.userId(), c.userHandle(), c.expiresAt());
    }

    /** The challenge, deleted as it is read; empty when unknown, for another purpose, or taken already. */
    public Optional<Challenge> takeChallenge(String challenge, String purpose) {
        return db.inTransaction(() -> {
            Optional<Challenge> c = db.queryOne("SELECT user_id, user_handle, expires_at FROM passkey_challenges "
                    + "WHERE challenge = ? AND purpose = ?", r -> new Challenge(r.nullableLong("user_id"),
                            r.bytes("user_handle"), r.getLong("expires_at")), challenge, purpose);
            if (c.isEmpty() || db.update("DELETE FROM passkey_challenges WHERE challenge = ?", challenge) != 1) {
                return Optional.<Challenge>empty();
            }
            return c;
        });
    }

    /** Removes challenges that expired before {@code now}; none of them can be used any more. */
    public int deleteExpiredChallenges(long now) {
        return db.update("DELETE FROM passkey_challenges WHERE expires_at < ?", now);
    }

    public Passkey add(NewPasskey p, long now) {
        long id = db.insert("INSERT INTO passkeys(user_id, credential_id, name, user_handle, credential, sign_count, "
                + "created_at) VALUES (?,?,?,?,?,?,?)", p.userId(), p.credentialId(), p.name(), p.userHandle(),
                p.credential(), p.signCount(), now);
        return new Passkey(id, p.userId(), p.name(), now, null);
    }

    public boolean credentialIdTaken(String credentialId) {
        return db.queryOne("SELECT 1 FROM passkeys WHERE credential_id = ?", r -> true, credentialId).isPresent();
    }

    public Optional<Stored> findByCredentialId(String credentialId) {
        return db.queryOne("SELECT " + COLUMNS + ", p.user_handle, p.credential, p.sign_count, u.credential_version, "
                + "u.disabled FROM passkeys p JOIN users u ON u.id = p.user_id WHERE p.credential_id = ?",
                r -> new Stored(map(r), r.bytes("user_handle"), r.bytes("credential"), r.getLong("sign_count"),
                        r.getLong("credential_version"), r.bool("disabled")), credentialId);
    }

    /**
     * Records a use: the counter moves from {@code seen} to {@code signCount}, compare-and-set, so that of two
     * assertions read at the same counter only one counts; false for the other, or when the passkey is gone.
     */
    public boolean recordUse(long id, long seen, long signCount, long now) {
        return db.update("UPDATE passkeys SET sign_count = ?, last_used_at = ? WHERE id = ? AND sign_count = ?",
                signCount, now, id, seen) == 1;
    }

    /** The user's passkeys, the newest first. */
    public List<Passkey> list(long userId) {
        return db.query("SELECT " + COLUMNS + " FROM passkeys p WHERE p.user_id = ? ORDER BY p.id DESC",
                PasskeyStore::map, userId);
    }

    /** The ids of the user's passkeys, which a browser must not make a second passkey beside. */
    public List<String> credentialIds(long userId) {
        return db.query("SELECT credential_id FROM passkeys WHERE user_id = ? ORDER BY id", r -> r.string(
                "credential_id"), userId);
    }

    /** The accounts that have a passkey. */
    public Set<Long> usersWithPasskey() {
        return db.query("SELECT DISTINCT user_id FROM passkeys", r -> r.getLong("user_id")).stream()
                .collect(Collectors.toUnmodifiableSet());
    }

    /** Deletes the user's passkey; false when they have none of that id. */
    public boolean delete(long userId, long id) {
        return db.update("DELETE FROM passkeys WHERE id = ? AND user_id = ?", id, userId) == 1;
    }

    private static Passkey map(Row r) throws SQLException {
        return new Passkey(r.getLong("id"), r.getLong("user_id"), r.string("name"), r.getLong("created_at"),
                r.nullableLong("last_used_at"));
    }
}
