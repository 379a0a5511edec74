package org.signet.service;

import java.util.Arrays;
import java.util.List;
import org.signet.crypto.Passwords;
import org.signet.domain.EmailAddress;
import org.signet.domain.Language;
import org.signet.domain.Principal;
import org.signet.domain.User;
import org.signet.error.Refusal;
import org.signet.store.UserStore;

/**
 * Host-site accounts as administrators manage them on the administrator pages: list, create, grant
 * or withdraw administration, disable. Everything here but a user's own language is for administrators
 * only; an administrator cannot withdraw their own rights or disable themselves, so a site always keeps
 * one. Granting, withdrawing and disabling end the account's sessions, as {@link UserStore} does for
 * every such change.
 */
public final class Accounts {
    static final int MIN_PASSWORD = 8;

    private final UserStore users;

    public Accounts(UserStore users) {
        this.users = users;
    }

    public List<User> list(Principal p) {
        requireAdmin(p);
        return users.list();
    }

    /**
     * A new account; {@code password} may be empty for an account that only owns API keys, else it
     * needs {@value #MIN_PASSWORD} characters. The array is cleared either way.
     */
    public User create(Principal p, String email, String name, boolean admin, char[] password) {
        try {
            requireAdmin(p);
            if (!EmailAddress.isValid(email)) {
                throw Refusal.invalidParam("email", "email is not a valid email address.");
            }
            if (password.length > 0 && password.length < MIN_PASSWORD) {
                throw Refusal.invalidParam("password", "password needs at least " + MIN_PASSWORD + " characters.");
            }
            if (users.findByEmail(email).isPresent()) {
                throw Refusal.conflict("user_exists", "A user with this email already exists.");
            }
            return users.add(email, name, admin, password.length == 0 ? null : Passwords.hash(password));
        } finally {
            Arrays.fill(password, '\0');
        }
    }

    public User setAdmin(Principal p, long id, boolean admin) {
        User u = other(p, id);
        users.setAdmin(u.id(), admin);
        return users.find(id).orElseThrow();
    }

    /** Disables an account: its API keys and its sessions stop working at once. */
    public User disable(Principal p, long id) {
        User u = other(p, id);
        users.disable(u.id());
        return users.find(id).orElseThrow();
    }

    /**
     * Sets the language the caller's own administrator pages speak, or null to follow their browser;
     * every user may, for their own account only.
     */
    public User setOwnLanguage(Principal p, Language language) {
        users.setLanguage(p.userId(), language);
        return users.find(p.userId()).orElseThrow(() -> Refusal.notFound("User"));
    }

    private User other(Principal p, long id) {
        requireAdmin(p);
        User u = users.find(id).orElseThrow(() -> Refusal.notFound("User"));
        if (u.id() == p.userId()) {
            throw Refusal.conflict("own_account", "You cannot change your own administrator rights or disable yourself.");
        }
        return u;
    }

    private static void requireAdmin(Principal p) {
        if (!p.admin()) {
            throw Refusal.forbidden("page");
        }
    }
}
