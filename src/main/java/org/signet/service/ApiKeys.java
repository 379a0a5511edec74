package org.signet.service;

import java.util.List;
import java.util.Map;
import org.signet.domain.ApiKey;
import org.signet.domain.ApiKey.Permission;
import org.signet.domain.Principal;
import org.signet.domain.TeamRole;
import org.signet.domain.User;
import org.signet.error.Refusal;
import org.signet.store.ApiKeyStore;
import org.signet.store.TeamStore;
import org.signet.store.UserStore;

/**
 * API keys as the administrator pages manage them, with the REST interface's ownership:
 * a user sees and changes their own keys, an administrator everyone's. A revoked key fails its next
 * request, because revoking moves the counter {@link KeyAuthentication} checks on every request.
 */
public final class ApiKeys {
    private final ApiKeyStore keys;
    private final UserStore users;
    private final Ownership ownership;

    /** A key as just created, with its secret in clear: shown once, never stored. */
    public record Created(ApiKey key, String secret) {}

    public ApiKeys(ApiKeyStore keys, UserStore users, TeamStore teams) {
        this.keys = keys;
        this.users = users;
        this.ownership = new Ownership(teams);
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

    /**
     * A new key that acts for team {@code teamId} (its documents, templates and webhooks) rather than for a
     * person, made by an admin or owner of the team; it keeps working whoever leaves the team, until it is
     * revoked or the team deleted. A key does not make keys.
     */
    public Created createForTeam(Principal p, long teamId, String name, String description, Permission permission,
            int rateLimit) {
        managing(p, teamId);
        ApiKeyStore.Created c = keys.create(p.userId(), teamId, name, description, permission, rateLimit);
        return new Created(c.key(), c.secret());
    }

    /** The keys of team {@code teamId}, for its admins and owners. */
    public List<ApiKey> listForTeam(Principal p, long teamId) {
        managing(p, teamId);
        return keys.listForTeam(teamId);
    }

    /** Revokes key {@code keyId} of team {@code teamId}, for its admins and owners; 404 for a key not the team's. */
    public ApiKey revokeForTeam(Principal p, long teamId, long keyId) {
        managing(p, teamId);
        ApiKey k = keys.find(keyId).filter(found -> Long.valueOf(teamId).equals(found.teamId()))
                .orElseThrow(() -> Refusal.notFound("Key"));
        keys.revoke(Long.toString(k.id()));
        return keys.find(keyId).orElseThrow();
    }

    private void managing(Principal p, long teamId) {
        if (p.actsForTeam()) {
            ownership.requireTeam(p, teamId, TeamRole.VIEWER);
            throw new Refusal(Refusal.Kind.FORBIDDEN, "forbidden", "A team's API key does not manage the team's "
                    + "keys; its admins do.", Map.of());
        }
        ownership.requireTeam(p, teamId, TeamRole.ADMIN);
    }

    /** Revokes a key; revoking one already revoked changes nothing. */
    public ApiKey revoke(Principal p, long keyId) {
        ApiKey k = keys.find(keyId).orElseThrow(() -> Refusal.notFound("Key"));
        if (k.teamId() != null) {
            // A team's key is the team's: its admins revoke it, its maker only while one of them.
            managing(p, k.teamId());
        } else {
            Ownership.check(p, k, ApiKey::userId, "Key");
        }
        keys.revoke(Long.toString(k.id()));
        return keys.find(keyId).orElseThrow();
    }
}
