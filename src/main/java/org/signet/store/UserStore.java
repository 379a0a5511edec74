package org.signet.store;

import java.sql.SQLException;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.signet.domain.Language;
import org.signet.domain.User;

/**
 * Host-site accounts. Every change to what lets an account in (its password, its disabled flag, its
 * administrator flag) goes through {@link #changeAccess}, which in the same transaction ends the
 * account's administrator-page sessions and moves its credential version, so that the login-gate
 * unlocks made with the account stop counting too; so does removing its second factors. The command
 * line changes accounts here as well.
 */
public final class UserStore {
    private static final String COLUMNS = "id, email, name, is_admin, disabled, password_hash, created_at, language";

    private final Database db;
    private final Clock clock;

    public UserStore(Database db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    /** What a password is checked against: the account, its password hash (or null) and its credential version. */
    public record Login(User user, String passwordHash, long credentialVersion) {}

    public User add(String email, String name, boolean admin, String passwordHash) {
        long id = db.insert("INSERT INTO users(email, name, is_admin, password_hash, created_at) VALUES (?,?,?,?,?)",
                email.trim(), name.trim(), admin, passwordHash, clock.millis() / 1000);
        return find(id).orElseThrow();
    }

    /** A new account linked to the person {@code issuer} knows as {@code subject}, made at their first sign-in. */
    public User addLinked(String email, String name, boolean admin, String issuer, String subject) {
        long id = db.insert("INSERT INTO users(email, name, is_admin, created_at, oidc_issuer, oidc_subject) "
                + "VALUES (?,?,?,?,?,?)", email.trim(), name.trim(), admin, clock.millis() / 1000, issuer, subject);
        return find(id).orElseThrow();
    }

    /** The account linked to the person {@code issuer} knows as {@code subject}, whatever its email is now. */
    public Optional<User> findLinked(String issuer, String subject) {
        return db.queryOne("SELECT " + COLUMNS + " FROM users WHERE oidc_issuer = ? AND oidc_subject = ?",
                UserStore::map, issuer, subject);
    }

    /** Links an account that is linked to nobody yet; false when it is linked already (or gone). */
    public boolean link(long id, String issuer, String subject) {
        return db.update("UPDATE users SET oidc_issuer = ?, oidc_subject = ? WHERE id = ? AND oidc_subject IS NULL",
                issuer, subject, id) == 1;
    }

    public Optional<User> find(long id) {
        return db.queryOne("SELECT " + COLUMNS + " FROM users WHERE id = ?", UserStore::map, id);
    }

    public Optional<User> findByEmail(String email) {
        return db.queryOne("SELECT " + COLUMNS + " FROM users WHERE email = ?", UserStore::map, email.trim());
    }

    public Optional<Login> login(String email) {
        return db.queryOne("SELECT " + COLUMNS + ", credential_version FROM users WHERE email = ?",
                r -> new Login(map(r), r.string("password_hash"), r.getLong("credential_version")), email.trim());
    }

    /** The account's credential version now; empty when the account is gone. */
    public Optional<Long> credentialVersion(long userId) {
        return db.queryOne("SELECT credential_version FROM users WHERE id = ?", r -> r.getLong("credential_version"),
                userId);
    }

    public List<User> list() {
        return db.query("SELECT " + COLUMNS + " FROM users ORDER BY id", UserStore::map);
    }

    /** Sets (or resets) the password; false when no such user. */
    public boolean setPassword(String email, String passwordHash) {
        return idOf(email).map(id -> changeAccess(id, "password_hash = ?", passwordHash)).orElse(false);
    }

    public boolean disable(String email) {
        return idOf(email).map(this::disable).orElse(false);
    }

    /** Grants or withdraws the administrator flag; false when no such user. */
    public boolean setAdmin(long id, boolean admin) {
        return changeAccess(id, "is_admin = ?", admin);
    }

    /** Disables an account by id; its keys stop working at once (the auth_changes counter moves). */
    public boolean disable(long id) {
        return changeAccess(id, "disabled = ?", true);
    }

    /**
     * Removes the account's authenticator app and its recovery codes, which ends its sessions as every change
     * of access does; false when no such user.
     */
    public boolean removeApp(long id) {
        return db.inTransaction(() -> {
            db.update("DELETE FROM user_authenticators WHERE user_id = ?", id);
            db.update("DELETE FROM recovery_codes WHERE user_id = ?", id);
            return endSessions(id);
        });
    }

    /**
     * Removes every second factor of the account, its app with its recovery codes and its passkeys, for one
     * who lost them; ends its sessions; false when no such user.
     */
    public boolean removeSecondFactors(long id) {
        return db.inTransaction(() -> {
            db.update("DELETE FROM passkeys WHERE user_id = ?", id);
            return removeApp(id);
        });
    }

    /**
     * Sets one column of what lets the account in, and ends every session of the account: its
     * administrator-page sessions are deleted, and the moved credential version ends the login-gate
     * unlocks, which live in the server's memory where another process (the command line) cannot reach.
     */
    private boolean changeAccess(long id, String assignment, Object value) {
        return db.inTransaction(() -> db.update("UPDATE users SET " + assignment + " WHERE id = ?", value, id) == 1
                && endSessions(id));
    }

    /**
     * Ends every session of the account, as a change of what lets it in does: its credential version moves and
     * its administrator-page sessions and half-done sign-ins are deleted; a removed passkey or second factor is
     * such a change. Joins the caller's transaction, if any. False when no such user.
     */
    public boolean endSessions(long id) {
        return db.inTransaction(() -> {
            if (db.update("UPDATE users SET credential_version = credential_version + 1 WHERE id = ?", id) != 1) {
                return false;
            }
            db.update("DELETE FROM admin_sessions WHERE user_id = ?", id);
            db.update("DELETE FROM sign_in_challenges WHERE user_id = ?", id);
            return true;
        });
    }

    /**
     * Sets the language of the account's administrator pages, or null for the browser's; false when no such
     * user. Not a change of access: sessions go on.
     */
    public boolean setLanguage(long id, Language language) {
        return db.update("UPDATE users SET language = ? WHERE id = ?", language == null ? null : language.code(), id) == 1;
    }

    private Optional<Long> idOf(String email) {
        return db.queryOne("SELECT id FROM users WHERE email = ?", r -> r.getLong("id"), email.trim());
    }

    private static User map(Row r) throws SQLException {
        return new User(r.getLong("id"), r.string("email"), r.string("name"), r.bool("is_admin"), r.bool("disabled"),
                r.string("password_hash") != null, r.getLong("created_at"),
                Language.fromCode(r.string("language")).orElse(null));
    }
}
