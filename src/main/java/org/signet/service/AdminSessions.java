package org.signet.service;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.signet.crypto.Passwords;
import org.signet.crypto.Tokens;
import org.signet.domain.Principal;
import org.signet.domain.User;
import org.signet.store.AdminSessionStore;
import org.signet.store.UserStore;

/**
 * Sign-in to the administrator pages (S12): a host-site account's email and password, checked
 * against the stored password hash, through the {@link LoginThrottle}. A session id is 256 random
 * bits that exist in clear only in the browser's cookie; the database keeps its SHA-256, the user,
 * and the CSRF token every form of the session must carry. A session ends at sign-out, after
 * {@code idle} without a request, and at once when its user is disabled.
 */
public final class AdminSessions {
    /** last_seen_at moves at most this often, so browsing costs a write a minute, not one a request. */
    private static final long TOUCH_INTERVAL_SECONDS = 60;
    /**
     * Checked against when the account is unknown, so that timing does not tell which accounts exist.
     * Made at the first such sign-in, not at start: 310,000 rounds on a cold JVM took 0.75 s of start-up.
     */
    private static final class Decoy {
        static final String HASH = Passwords.hash("decoy password".toCharArray());
    }

    private final UserStore users;
    private final AdminSessionStore store;
    private final LoginThrottle throttle;
    private final Clock clock;
    private final Duration idle;

    /** A session as just created at sign-in: the only time its id exists outside the cookie. */
    public record SignedIn(String sessionId, Session session) {}

    /** A live session: whose it is and the token its forms carry. */
    public record Session(User user, String csrfToken) {
        public Principal principal() {
            return new Principal(user.id(), user.admin());
        }
    }

    public AdminSessions(UserStore users, AdminSessionStore store, LoginThrottle throttle, Clock clock, Duration idle) {
        this.users = users;
        this.store = store;
        this.throttle = throttle;
        this.clock = clock;
        this.idle = idle;
    }

    /**
     * Signs in, ending the session the browser had ({@code previousSessionId}, or null) so that every
     * sign-in gets a new id. Refused alike for an unknown account, a wrong password, an account
     * without a password and a disabled one; refused while the account or address is locked out.
     */
    public SignedIn signIn(String email, char[] password, String clientIp, String previousSessionId) {
        Optional<Long> locked = throttle.lockedFor(email, clientIp);
        if (locked.isPresent()) {
            throw Refusal.tooMany("login_locked", "Too many failed sign-ins.", locked.get());
        }
        Optional<User> user = users.findByEmail(email).filter(u -> !u.disabled() && u.hasPassword());
        String hash = user.flatMap(u -> users.passwordHash(u.id())).orElseGet(() -> Decoy.HASH);
        if (!Passwords.verify(password, hash) || user.isEmpty()) {
            throw failed(email, clientIp);
        }
        throttle.succeeded(email);
        if (previousSessionId != null) {
            signOut(previousSessionId);
        }
        String id = Tokens.base64Url(32);
        String csrf = Tokens.base64Url(32);
        store.insert(digest(id), user.get().id(), csrf, now());
        return new SignedIn(id, new Session(user.get(), csrf));
    }

    private Refusal failed(String email, String clientIp) {
        throttle.failed(email, clientIp);
        return throttle.lockedFor(email, clientIp)
                .map(wait -> Refusal.tooMany("login_locked", "Too many failed sign-ins.", wait))
                .orElseGet(() -> new Refusal(Refusal.Kind.UNAUTHORIZED, "invalid_login",
                        "The email or password is not correct.", Map.of()));
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

    /** Removes sessions idle for longer than allowed, and stale lockout counts; run now and then. */
    public void evictExpired() {
        store.deleteIdleSince(now() - idle.toSeconds());
        throttle.evictStale();
    }

    private static String digest(String sessionId) {
        return Tokens.sha256Hex(sessionId);
    }

    private long now() {
        return clock.millis() / 1000;
    }
}
