package org.signet.store;

import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Accounts' authenticator apps and their recovery codes. The app's secret is sealed under the master key,
 * bound to its user, so neither the database nor a backup of it gives the codes away; a recovery code is
 * kept as its SHA-256 only. Each use of a code is one compare-and-set, so a code given twice, at one
 * instance or two at once, counts once. Removing them is a change of access: {@link UserStore} does it.
 */
public final class AuthenticatorStore {
    private final Database db;
    private final SealedValues sealed;
    private final Clock clock;

    /** An app, set up ({@code confirmed}) or being set up; {@code lastStep} is the newest step used. */
    public record App(byte[] secret, boolean confirmed, long lastStep) {}

    public AuthenticatorStore(Database db, SealedValues sealed, Clock clock) {
        this.db = db;
        this.sealed = sealed;
        this.clock = clock;
    }

    /**
     * Keeps {@code secret} as the app being set up, in place of one that was being set up before; false,
     * and nothing kept, when the account already has a confirmed app.
     */
    public boolean begin(long userId, byte[] secret) {
        // One statement, so that two set-ups begun at once (a double click) leave one of them, never a failure.
        return db.update("INSERT INTO user_authenticators(user_id, secret_sealed, created_at) VALUES (?,?,?) "
                + "ON CONFLICT (user_id) DO UPDATE SET secret_sealed = excluded.secret_sealed, "
                + "created_at = excluded.created_at, last_step = -1 WHERE user_authenticators.confirmed = 0",
                userId, sealed.seal(secret, context(userId)), clock.millis() / 1000) == 1;
    }

    public Optional<App> find(long userId) {
        return db.queryOne("SELECT secret_sealed, confirmed, last_step FROM user_authenticators WHERE user_id = ?",
                r -> new App(sealed.open(r.bytes("secret_sealed"), context(userId)), r.bool("confirmed"),
                        r.getLong("last_step")), userId);
    }

    /** Whether the account has a confirmed app. */
    public boolean has(long userId) {
        return db.queryLong("SELECT COUNT(*) FROM user_authenticators WHERE user_id = ? AND confirmed = 1", userId) > 0;
    }

    /** The accounts that have a confirmed app. */
    public Set<Long> usersWithApp() {
        return db.query("SELECT user_id FROM user_authenticators WHERE confirmed = 1", r -> r.getLong("user_id"))
                .stream().collect(Collectors.toUnmodifiableSet());
    }

    /**
     * Takes {@code step} as used, when it is newer than every step used before and the app's state is
     * {@code confirmed}; false when it is not (the code was used already, or the app changed meanwhile).
     */
    public boolean useStep(long userId, long step, boolean confirmed) {
        return db.update("UPDATE user_authenticators SET last_step = ? WHERE user_id = ? AND last_step < ? "
                + "AND confirmed = ?", step, userId, step, confirmed) == 1;
    }

    /**
     * Confirms the app being set up with the code of {@code step}, and keeps {@code codeHashes} as the account's
     * recovery codes in place of any before; false, and nothing changed, when no app was being set up or the
     * step was used.
     */
    public boolean confirm(long userId, long step, List<String> codeHashes) {
        return db.inTransaction(() -> {
            if (db.update("UPDATE user_authenticators SET confirmed = 1, last_step = ? WHERE user_id = ? "
                    + "AND confirmed = 0 AND last_step < ?", step, userId, step) != 1) {
                return false;
            }
            db.update("DELETE FROM recovery_codes WHERE user_id = ?", userId);
            for (String hash : codeHashes) {
                db.update("INSERT INTO recovery_codes(user_id, code_hash) VALUES (?,?)", userId, hash);
            }
            return true;
        });
    }

    /** Uses the recovery code with this hash; false when it is not one of the account's, or was used. */
    public boolean useRecoveryCode(long userId, String codeHash) {
        return db.update("UPDATE recovery_codes SET used_at = ? WHERE user_id = ? AND code_hash = ? AND used_at IS NULL",
                clock.millis() / 1000, userId, codeHash) == 1;
    }

    /** How many of the account's recovery codes are still unused. */
    public long recoveryCodesLeft(long userId) {
        return db.queryLong("SELECT COUNT(*) FROM recovery_codes WHERE user_id = ? AND used_at IS NULL", userId);
    }

    /** The row a secret is bound to: a sealed secret copied to another account does not open there. */
    private static String context(long userId) {
        return "user_authenticators:" + userId;
    }
}
