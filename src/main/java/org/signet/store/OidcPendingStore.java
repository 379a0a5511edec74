package org.signet.store;

import java.util.Optional;

/**
 * Single sign-ons sent to the provider and not back yet, each known by the SHA-256 of its {@code state} and
 * bound to the SHA-256 of the browser's binding cookie. In the database rather than in memory, so that the
 * provider may send the browser back to any instance that shares it.
 */
public final class OidcPendingStore {
    private final Database db;

    private record Pending(String bindingHash, long createdAt) {}

    public OidcPendingStore(Database db) {
        this.db = db;
    }

    public void insert(String stateHash, String bindingHash, long now) {
        db.update("INSERT INTO oidc_pending(state_hash, binding_hash, created_at) VALUES (?,?,?)", stateHash,
                bindingHash, now);
    }

    /**
     * Takes the pending sign-in with this state away and answers its binding hash, if it was created at or after
     * {@code notBefore}; empty for an unknown, used or stale state. Of two callbacks with one state, at several
     * instances at once, only the one whose delete removed the row gets it.
     */
    public Optional<String> take(String stateHash, long notBefore) {
        return db.inTransaction(() -> {
            Optional<Pending> row = db.queryOne("SELECT binding_hash, created_at FROM oidc_pending WHERE state_hash = ?",
                    r -> new Pending(r.string("binding_hash"), r.getLong("created_at")), stateHash);
            if (row.isEmpty() || db.update("DELETE FROM oidc_pending WHERE state_hash = ?", stateHash) != 1) {
                return Optional.empty();
            }
            return row.filter(p -> p.createdAt() >= notBefore).map(Pending::bindingHash);
        });
    }

    /** Removes sign-ins started before {@code cutoff}; they would be refused anyway. */
    public int deleteStartedBefore(long cutoff) {
        return db.update("DELETE FROM oidc_pending WHERE created_at < ?", cutoff);
    }
}
