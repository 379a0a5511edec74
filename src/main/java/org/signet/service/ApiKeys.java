package org.signet.service;

import java.util.List;
import org.signet.domain.ApiKey;
import org.signet.domain.ApiKey.Permission;
import org.signet.domain.Principal;
import org.signet.domain.User;
import org.signet.error.Refusal;
import org.signet.store.ApiKeyStore;
import org.signet.store.UserStore;

/**
 * API keys as the administrator pages manage them, with the REST interface's ownership:
 * a user sees and changes their own keys, an administrator everyone's. A revoked key fails its next
 * request, because revoking moves the counter {@link KeyAuthentication} checks on every request.
 */
public final class ApiKeys {
    private final ApiKeyStore keys;
    private final UserStore users;

    /** A key as just created, with its secret in clear: shown once, never stored. */
    public record Created(ApiKey key, String secret) {}

    public ApiKeys(ApiKeyStore keys, UserStore users) {
        this.keys = keys;
        this.users = users;
    }

    /** The principal's keys, or everyone's for an administrator, oldest first. */
    public List<ApiKey> list(Principal p) {
        return p.admin() ? keys.list() : keys.listForUser(p.userId());
    }

    /** A new key for {@code ownerId}, who must be the principal unless the principal is an administrator. */
    public Created create(Principal p, long ownerId, String name, String description, Permission permission,
            int rateLimit) {
        User owner = Ownership.require(p, users.find(ownerId), User::id, "User");
        if (owner.disabled()) {
            throw Refusal.conflict("user_disabled", "A disabled user cannot be given a key.");
        }
        ApiKeyStore.Created c = keys.create(owner.id(), name, description, permission, rateLimit);
        return new Created(c.key(), c.secret());
    }

    /** Revokes a key; revoking one already revoked changes nothing. */
    public ApiKey revoke(Principal p, long keyId) {
        ApiKey k = Ownership.require(p, keys.find(keyId), ApiKey::userId, "Key");
        keys.revoke(Long.toString(k.id()));
        return keys.find(keyId).orElseThrow();
    }
}
