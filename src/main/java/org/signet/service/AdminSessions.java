package org.signet.service;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.signet.crypto.Tokens;
import org.signet.domain.Principal;
import org.signet.domain.User;
import org.signet.error.Refusal;
import org.signet.store.AdminSessionStore;
import org.signet.store.UserStore;
import org.signet.webauthn.Ceremonies.Assertion;

/**
 * Sign-in to the administrator pages: a host-site account's email and password, checked by
 * {@link PasswordCheck}, the word of the site's OpenID provider ({@link SingleSignOn}), or a passkey alone,
 * checked by {@link Passkeys}. A session id is 256 random bits that exist in clear only in the browser's
 * cookie; the database keeps its SHA-256, the user, and the CSRF token every form of the session must
 * carry. A session ends at sign-out, after {@code idle} without a request, and at once when its
 * user's password, disabled flag or administrator flag changes, or one of their passkeys is removed.
 */
public final class AdminSessions {
    /** last_seen_at moves at most this often, so browsing costs a write a minute, not one a request. */
    private static final long TOUCH_INTERVAL_SECONDS = 60;
    private final UserStore users;
    private final AdminSessionStore store;
    private final PasswordCheck passwords;
    private final Passkeys passkeys;
    private final Clock clock;
    private final Duration idle;
    private final boolean passwordsAllowed;

    /** A session as just created at sign-in: the only time its id exists outside the cookie. */
    public record SignedIn(String sessionId, Session session) {}

    /** A live session: whose it is and the token its forms carry. */
    public record Session(User user, String csrfToken) {
        public Principal principal() {
            return new Principal(user.id(), user.admin());
        }
    }

    /** {@code passwordsAllowed} false ({@code auth.passwords}) leaves single sign-on and passkeys as the ways in. */
    public AdminSessions(UserStore users, AdminSessionStore store, PasswordCheck passwords, Passkeys passkeys,
            Clock clock, Duration idle, boolean passwordsAllowed) {
        this.users = users;
        this.store = store;
        this.passwords = passwords;
        this.passkeys = passkeys;
        this.clock = clock;
        this.idle = idle;
        this.passwordsAllowed = passwordsAllowed;
    }

    /**
     * Signs in, ending the session the browser had ({@code previousSessionId}, or null) so that every
     * sign-in gets a new id. Refused alike for an unknown account, a wrong password, an account
     * without a password and a disabled one; while the account or address is locked out, refused with
     * the same lock for the right password as for a wrong one.
     */
    public SignedIn signIn(String email, char[] password, String clientIp, String previousSessionId) {
        if (!passwordsAllowed) {
            throw new Refusal(Refusal.Kind.FORBIDDEN, "password_sign_in_off",
                    "This site signs in through single sign-on only.", Map.of());
        }
        PasswordCheck.Outcome checked = passwords.check(email, password, clientIp, u -> true);
        if (checked.verdict() == PasswordCheck.Verdict.LOCKED) {
            throw Refusal.tooMany("login_locked", "Too many failed sign-ins.", checked.retryAfterSeconds());
        }
        if (!checked.accepted()) {
            throw invalidLogin();
        }
        return start(checked.user(), checked.credentialVersion(), previousSessionId)
                .orElseThrow(AdminSessions::invalidLogin);
    }

    /**
     * Signs in with a passkey alone, its assertion checked by {@link Passkeys#verifyAssertion}: the one place a
     * sign-in with a passkey completes. Refused with {@code passkey_refused} as the check is, and alike when the
     * passkey was removed or its user disabled meanwhile.
     */
    public SignedIn signInWithPasskey(Assertion assertion, String previousSessionId) {
        Passkeys.Verified verified = passkeys.verifyAssertion(assertion);
        return users.find(verified.userId()).filter(u -> !u.disabled())
                .flatMap(u -> start(u, verified.credentialVersion(), previousSessionId))
                .orElseThrow(() -> new Refusal(Refusal.Kind.UNAUTHORIZED, "passkey_refused",
                        "The passkey was not accepted.", Map.of()));
    }

    /**
     * Starts a session for an account whose person the site's OpenID provider has vouched for, without a
     * password; the provider is trusted for every factor it asks for.
     */
    public SignedIn vouchedFor(User user, String previousSessionId) {
        long version = users.credentialVersion(user.id()).orElseThrow(AdminSessions::invalidLogin);
        return start(user, version, previousSessionId).orElseThrow(AdminSessions::invalidLogin);
    }

    /** Whether the sign-in page offers the password form and takes a posted password. */
    public boolean passwordsAllowed() {
        return passwordsAllowed;
    }

    /**
     * A new session for {@code user}, ending the browser's previous one; empty when the user's credential version
     * is no longer {@code credentialVersion}: a change of what lets them in between the check and here ends this
     * session before it begins.
     */
    private Optional<SignedIn> start(User user, long credentialVersion, String previousSessionId) {
        if (previousSessionId != null) {
            signOut(previousSessionId);
        }
        String id = Tokens.base64Url(32);
        String csrf = Tokens.base64Url(32);
        if (!store.insert(digest(id), user.id(), credentialVersion, csrf, now())) {
            return Optional.empty();
        }
        return Optional.of(new SignedIn(id, new Session(user, csrf)));
    }

    private static Refusal invalidLogin() {
        return new Refusal(Refusal.Kind.UNAUTHORIZED, "invalid_login", "The email or password is not correct.", Map.of());
    }

    /** The live session with this id, or empty for an unknown, idle, or disabled user's one (which it ends). */
    public Optional<Session> find(String sessionId) {
        if (sessionId == null || !sessionId.matches("[A-Za-z0-9_-]{43}")) {
            return Optional.empty();
        }
        String key = digest(sessionId);
        Optional<AdminSessionStore.Stored> row = store.find(key);
        long now = now();
        if (row.isEmpty() || row.get().userDisabled() || now - row.get().lastSeenAt() > idle.toSeconds()) {
            row.ifPresent(r -> store.delete(key));
            return Optional.empty();
        }
        if (now - row.get().lastSeenAt() >= TOUCH_INTERVAL_SECONDS) {
            store.touch(key, now);
        }
        return users.find(row.get().userId()).map(u -> new Session(u, row.get().csrfToken()));
    }

    /** Whether {@code token} is the session's CSRF token, compared in constant time. */
    public static boolean csrfMatches(Session session, String token) {
        return token != null && Tokens.constantTimeEquals(session.csrfToken().getBytes(StandardCharsets.UTF_8),
                token.getBytes(StandardCharsets.UTF_8));
    }

    public void signOut(String sessionId) {
        if (sessionId != null) {
            store.delete(digest(sessionId));
        }
    }

    /** Removes sessions idle for longer than allowed, stale lockout counts and passkey challenges; run now and then. */
    public void evictExpired() {
        store.deleteIdleSince(now() - idle.toSeconds());
        passwords.evictStale();
        passkeys.evictExpired();
    }

    private static String digest(String sessionId) {
        return Tokens.sha256Hex(sessionId);
    }

    private long now() {
        return clock.millis() / 1000;
    }
}
