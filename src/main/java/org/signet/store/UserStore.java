package org.signet.store;

import java.sql.SQLException;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.signet.domain.User;

/** Host-site accounts. */
public final class UserStore {
    private static final String COLUMNS = "id, email, name, is_admin, disabled, password_hash, created_at";

    private final Database db;
    private final Clock clock;

    public UserStore(Database db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    public User add(String email, String name, boolean admin, String passwordHash) {
        long id = db.insert("INSERT INTO users(email, name, is_admin, password_hash, created_at) VALUES (?,?,?,?,?)",
                email.trim(), name.trim(), admin, passwordHash, clock.millis() / 1000);
        return find(id).orElseThrow();
    }

    public Optional<User> find(long id) {
        return db.queryOne("SELECT " + COLUMNS + " FROM users WHERE id = ?", UserStore::map, id);
    }

    public Optional<User> findByEmail(String email) {
        return db.queryOne("SELECT " + COLUMNS + " FROM users WHERE email = ?", UserStore::map, email.trim());
    }

    public Optional<String> passwordHash(long userId) {
        return db.queryOne("SELECT password_hash FROM users WHERE id = ?", r -> r.string("password_hash"), userId);
    }

    public List<User> list() {
        return db.query("SELECT " + COLUMNS + " FROM users ORDER BY id", UserStore::map);
    }

    public boolean setPassword(String email, String passwordHash) {
        return db.update("UPDATE users SET password_hash = ? WHERE email = ?", passwordHash, email.trim()) == 1;
    }

    public boolean disable(String email) {
        return db.update("UPDATE users SET disabled = 1 WHERE email = ?", email.trim()) == 1;
    }

    /** Grants or withdraws the administrator flag; false when no such user. */
    public boolean setAdmin(long id, boolean admin) {
        return db.update("UPDATE users SET is_admin = ? WHERE id = ?", admin, id) == 1;
    }

    /** Disables an account by id; its keys stop working at once (the auth_changes counter moves). */
    public boolean disable(long id) {
        return db.update("UPDATE users SET disabled = 1 WHERE id = ?", id) == 1;
    }

    private static User map(Row r) throws SQLException {
        return new User(r.getLong("id"), r.string("email"), r.string("name"), r.bool("is_admin"), r.bool("disabled"),
                r.string("password_hash") != null, r.getLong("created_at"));
    }
}
