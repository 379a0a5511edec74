package org.signet.store;

import java.sql.SQLException;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.signet.crypto.Tokens;
import org.signet.domain.ApiKey;
import org.signet.domain.ApiKey.Permission;

/**
 * API keys: {@code wps_} + 32 base62 characters, with a 40-character secret that is
 * returned once by {@link #create} and stored only as its SHA-256. The secret has 238 random
 * bits, so a plain digest is enough; slow hashing is for guessable passwords.
 */
public final class ApiKeyStore {
    private static final String COLUMNS =
            "id, user_id, key, name, description, permission, rate_limit, created_at, last_used_at, revoked_at, team_id";

    private final Database db;
    private final Clock clock;

    /** A key as just created: the only time its secret exists in clear. */
    public record Created(ApiKey key, String secret) {}

    /** What authentication needs: the key, its secret's digest, and its user's state. */
    public record Credential(ApiKey key, byte[] secretHash, String userName, String userEmail, boolean admin,
            boolean userDisabled) {}

    public ApiKeyStore(Database db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    public Created create(long userId, String name, String description, Permission permission, int rateLimit) {
        return create(userId, null, name, description, permission, rateLimit);
    }

    /** A new key made by {@code userId}; with {@code teamId} it acts for that team rather than for its maker. */
    public Created create(long userId, Long teamId, String name, String description, Permission permission,
            int rateLimit) {
        String key = "wps_" + Tokens.base62(32);
        String secret = Tokens.base62(40);
        long id = db.insert("INSERT INTO api_keys(user_id, key, secret_hash, name, description, permission, "
                        + "rate_limit, created_at, team_id) VALUES (?,?,?,?,?,?,?,?,?)",
                userId, key, Tokens.sha256(secret), name, description, permission.wire(), rateLimit,
                clock.millis() / 1000, teamId);
        return new Created(find(id).orElseThrow(), secret);
    }

    public Optional<ApiKey> find(long id) {
        return db.queryOne("SELECT " + COLUMNS + " FROM api_keys WHERE id = ?", ApiKeyStore::map, id);
    }

    public Optional<ApiKey> findByKey(String key) {
        return db.queryOne("SELECT " + COLUMNS + " FROM api_keys WHERE key = ?", ApiKeyStore::map, key);
    }

    public Optional<Credential> credential(String key) {
        return db.queryOne("SELECT k.id, k.user_id, k.key, k.name, k.description, k.permission, k.rate_limit, "
                + "k.created_at, k.last_used_at, k.revoked_at, k.team_id, k.secret_hash, u.name AS user_name, "
                + "u.email AS user_email, u.is_admin, u.disabled "
                + "FROM api_keys k JOIN users u ON u.id = k.user_id WHERE k.key = ?",
                r -> new Credential(map(r), r.bytes("secret_hash"), r.string("user_name"), r.string("user_email"),
                        r.bool("is_admin"), r.bool("disabled")), key);
    }

    /**
     * The auth_changes counter, which every change to a key or a user that {@link #credential} reads
     * moves forward, whichever process makes it.
     */
    public long authVersion() {
        return db.queryLong("SELECT version FROM auth_changes WHERE id = 1");
    }

    /** See {@link Database#commitMark()}: unchanged, nothing anywhere has committed, keys and users included. */
    public long commitMark() {
        return db.commitMark();
    }

    public List<ApiKey> list() {
        return db.query("SELECT " + COLUMNS + " FROM api_keys ORDER BY id", ApiKeyStore::map);
    }

    /** The keys of team {@code teamId}, whoever made them, oldest first. */
    public List<ApiKey> listForTeam(long teamId) {
        return db.query("SELECT " + COLUMNS + " FROM api_keys WHERE team_id = ? ORDER BY id", ApiKeyStore::map, teamId);
    }

    public List<ApiKey> listForUser(long userId) {
        return db.query("SELECT " + COLUMNS + " FROM api_keys WHERE user_id = ? ORDER BY id", ApiKeyStore::map, userId);
    }

    /** Revokes by key string or numeric id; false when no live key matches. */
    public boolean revoke(String keyOrId) {
        long now = clock.millis() / 1000;
        if (keyOrId.matches("\\d{1,18}")) {
            return db.update("UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL", now,
                    Long.parseLong(keyOrId)) == 1;
        }
        return db.update("UPDATE api_keys SET revoked_at = ? WHERE key = ? AND revoked_at IS NULL", now, keyOrId) == 1;
    }

    public void touch(long id, long epochSeconds) {
        db.update("UPDATE api_keys SET last_used_at = ? WHERE id = ?", epochSeconds, id);
    }

    private static ApiKey map(Row r) throws SQLException {
        return new ApiKey(r.getLong("id"), r.getLong("user_id"), r.string("key"), r.string("name"),
                r.string("description"), Permission.fromWire(r.string("permission")), r.getInt("rate_limit"),
                r.getLong("created_at"), r.nullableLong("last_used_at"), r.nullableLong("revoked_at"),
                r.nullableLong("team_id"));
    }
}
