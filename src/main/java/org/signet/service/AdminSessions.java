package org.signet.service;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.signet.crypto.Tokens;
import org.signet.domain.Principal;
import org.signet.domain.SignInMethod;
import org.signet.domain.User;
import org.signet.error.Refusal;
import org.signet.store.AdminSessionStore;
import org.signet.store.SignInChallengeStore;
import org.signet.store.UserStore;

/**
 * Sign-in to the administrator pages: a host-site account's email and password, checked by
 * {@link PasswordCheck}, then, for an account with a second factor, a code ({@link SecondFactors}).
 * Between the two the sign-in is a challenge, not a session: it opens no page, lives in the database
 * (so the code may reach any instance) and ends after {@link #CHALLENGE_LIFETIME}. A session id is 256
 * random bits that exist in clear only in the browser's cookie; the database keeps its SHA-256, the
 * user, and the CSRF token every form of the session must carry. A session ends at sign-out, after
 * {@code idle} without a request, and at once when its user's password, disabled flag or administrator
 * flag changes, or a second factor of theirs is removed.
 */
public final class AdminSessions {
    /** last_seen_at moves at most this often, so browsing costs a write a minute, not one a request. */
    private static final long TOUCH_INTERVAL_SECONDS = 60;
    private final UserStore users;
    private final AdminSessionStore store;
    private final PasswordCheck passwords;
    private final Clock clock;
    private final Duration idle;
    private final SecondStep second;

    /** A password sign-in has this long to give its second factor. */
    public static final Duration CHALLENGE_LIFETIME = Duration.ofMinutes(5);

    /**
     * What the step after a right password needs: the account's factors, where a challenge waits, the record
     * a finished sign-in is written to, and whether an account without a second factor must set one up first
     * ({@code auth.require_second_factor}).
     */
    public record SecondStep(SecondFactors factors, SignInChallengeStore challenges, SignInRecord record,
            boolean required) {}

    /** Where a sign-in stands after its password: signed in, or a code asked for. */
    public sealed interface Step permits SignedIn, CodeAsked {}

    /** A session as just created at sign-in: the only time its id exists outside the cookie. */
    public record SignedIn(String sessionId, Session session) implements Step {}

    /** The password was right, the second factor is asked for: the challenge's id (the cookie's) and form token. */
    public record CodeAsked(String challengeId, String csrfToken) implements Step {}

    /**
     * A live session: whose it is and the token its forms carry; {@code setUpFirst} while it began with a
     * password alone, a second factor is required and the account still has none, so that only setting one
     * up is open to it.
     */
    public record Session(User user, String csrfToken, boolean setUpFirst) {
        public Principal principal() {
            return new Principal(user.id(), user.admin());
        }
    }

    public AdminSessions(UserStore users, AdminSessionStore store, PasswordCheck passwords, Clock clock,
            Duration idle, SecondStep second) {
        this.users = users;
        this.store = store;
        this.passwords = passwords;
        this.clock = clock;
        this.idle = idle;
        this.second = second;
    }

    /**
     * Signs in with a password, ending the session the browser had ({@code previousSessionId}, or null) so
     * that every sign-in gets a new id; for an account with a second factor, asks for its code instead.
     * Refused alike for an unknown account, a wrong password, an account without a password and a disabled
     * one; while the account or address is locked out, refused with the same lock for the right password as
     * for a wrong one.
     */
    public Step signIn(String email, char[] password, String clientIp, String previousSessionId) {
        PasswordCheck.Outcome checked = passwords.check(email, password, clientIp, u -> true,
                u -> !second.factors().has(u.id()));
        if (checked.verdict() == PasswordCheck.Verdict.LOCKED) {
            throw Refusal.tooMany("login_locked", "Too many failed sign-ins.", checked.retryAfterSeconds());
        }
        if (!checked.accepted()) {
            throw invalidLogin();
        }
        User user = checked.user();
        if (second.factors().has(user.id())) {
            String id = Tokens.base64Url(32);
            String csrf = Tokens.base64Url(32);
            second.challenges().insert(digest(id), new SignInChallengeStore.Challenge(user.id(),
                    checked.credentialVersion(), csrf, now()));
            return new CodeAsked(id, csrf);
        }
        SignedIn in = open(user, new Opening(checked.credentialVersion(), second.required(), previousSessionId));
        second.record().record(user.id(), SignInMethod.PASSWORD, null, clientIp);
        return in;
    }

    /** The form token of the challenge with this id, while it waits for its code; empty once over or unknown. */
    public Optional<String> challenge(String challengeId) {
        return liveChallenge(challengeId).map(SignInChallengeStore.Challenge::csrfToken);
    }

    /**
     * Finishes the sign-in of a challenge with the code of its second factor. A wrong code is refused and
     * counted; the challenge stays for another try until it ends. The challenge completes once.
     */
    public SignedIn withCode(String challengeId, String code, String clientIp, String previousSessionId) {
        SignInChallengeStore.Challenge c = liveChallenge(challengeId).orElseThrow(AdminSessions::challengeOver);
        User user = users.find(c.userId()).filter(u -> !u.disabled()).orElseThrow(AdminSessions::challengeOver);
        SignInMethod method = second.factors().satisfied(user, code, clientIp)
                .orElseThrow(() -> new Refusal(Refusal.Kind.UNAUTHORIZED, "invalid_code", "The code is not correct.",
                        Map.of()));
        if (!second.challenges().delete(digest(challengeId))) {
            throw challengeOver();
        }
        SignedIn in = open(user, new Opening(c.credentialVersion(), false, previousSessionId));
        second.record().record(user.id(), method, null, clientIp);
        return in;
    }

    /** How a session is opened: the credential version checked, whether set-up comes first, the session it replaces. */
    private record Opening(long credentialVersion, boolean factorRequired, String previousSessionId) {}

    private SignedIn open(User user, Opening o) {
        if (o.previousSessionId() != null) {
            signOut(o.previousSessionId());
        }
        String id = Tokens.base64Url(32);
        String csrf = Tokens.base64Url(32);
        // A password change between the check and here ends this session before it begins.
        if (!store.insert(digest(id), new AdminSessionStore.NewSession(user.id(), o.credentialVersion(), csrf,
                o.factorRequired()), now())) {
            throw invalidLogin();
        }
        return new SignedIn(id, new Session(user, csrf, o.factorRequired() && !second.factors().has(user.id())));
    }

    private Optional<SignInChallengeStore.Challenge> liveChallenge(String challengeId) {
        if (challengeId == null || !challengeId.matches("[A-Za-z0-9_-]{43}")) {
            return Optional.empty();
        }
        return second.challenges().find(digest(challengeId))
                .filter(c -> now() - c.createdAt() < CHALLENGE_LIFETIME.toSeconds());
    }

    private static Refusal challengeOver() {
        return new Refusal(Refusal.Kind.UNAUTHORIZED, "sign_in_expired",
                "The sign-in has ended; sign in again with your password.", Map.of());
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
        return users.find(row.get().userId()).map(u -> new Session(u, row.get().csrfToken(),
                row.get().factorRequired() && !second.factors().has(u.id())));
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
        second.challenges().deleteBefore(now() - CHALLENGE_LIFETIME.toSeconds());
        passwords.evictStale();
    }

    private static String digest(String sessionId) {
        return Tokens.sha256Hex(sessionId);
    }

    private long now() {
        return clock.millis() / 1000;
    }
}
