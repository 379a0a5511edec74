package org.signet.service;

import java.util.List;
import java.util.Optional;
import org.signet.domain.ApiKey;
import org.signet.domain.ApiKey.Permission;
import org.signet.domain.FactorChange;
import org.signet.domain.User;
import org.signet.store.AccountEventStore;
import org.signet.store.ApiKeyStore;
import org.signet.store.UserStore;

/**
 * What the site's operator does from the command line, beside the server or without it: accounts and API
 * keys, with no one signed in, so no principal is asked for. The checks of each command stay with it.
 */
public final class Operator {
    private final UserStore users;
    private final ApiKeyStore keys;
    private final AccountEventStore events;

    public Operator(UserStore users, ApiKeyStore keys, AccountEventStore events) {
        this.users = users;
        this.keys = keys;
        this.events = events;
    }

    public Optional<User> user(String email) {
        return users.findByEmail(email);
    }

    public List<User> users() {
        return users.list();
    }

    /** A new account; {@code passwordHash} is null for one that cannot sign in until a password is set. */
    public User addUser(String email, String name, boolean admin, String passwordHash) {
        return users.add(email, name, admin, passwordHash);
    }

    /** Sets the account's password, which ends its sessions. */
    public void setPassword(String email, String passwordHash) {
        users.setPassword(email, passwordHash);
    }

    /** Disables the account, whose API keys and sessions stop working at once; false when there is none. */
    public boolean disable(String email) {
        return users.disable(email);
    }

    /**
     * Removes the account's second factors, for a user who lost them, which ends its sessions; recorded on
     * the account as a reset. False when there is no such account.
     */
    public boolean resetSecondFactors(String email) {
        Optional<User> user = users.findByEmail(email);
        if (user.isEmpty() || !users.removeSecondFactors(user.get().id())) {
            return false;
        }
        events.factorChanged(user.get().id(), FactorChange.RESET, null, null);
        return true;
    }

    /** A new key of {@code userId}, with its secret in clear: shown once, never stored. */
    public ApiKeys.Created createKey(long userId, String name, String description, Permission permission,
            int rateLimit) {
        ApiKeyStore.Created c = keys.create(userId, name, description, permission, rateLimit);
        return new ApiKeys.Created(c.key(), c.secret());
    }

    public List<ApiKey> keys() {
        return keys.list();
    }

    /** Revokes the active key named by its {@code wps_} key or its id; false when there is none. */
    public boolean revokeKey(String key) {
        return keys.revoke(key);
    }
}
