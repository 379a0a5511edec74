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
import org.signet.webauthn.Ceremonies.Assertion;

/**
 * Sign-in to the administrator pages: a host-site account's email and password, checked by
 * {@link PasswordCheck}, then, for an account with a second factor, a code or a passkey ({@link SecondFactors});
 * the word of the site's OpenID provider ({@link SingleSignOn}); or a passkey alone ({@link Passkeys}).
 * Between a password and its second factor the sign-in is a challenge, not a session: it opens no page, lives in the database
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
    private final Passkeys passkeys;
    private final Clock clock;
    private final Duration idle;
    private final SecondStep second;
    private final boolean passwordsAllowed;

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

    /** {@code passwordsAllowed} false ({@code auth.passwords}) leaves single sign-on and passkeys as the ways in. */
    public AdminSessions(UserStore users, AdminSessionStore store, PasswordCheck passwords, Passkeys passkeys,
            Clock clock, Duration idle, SecondStep second, boolean passwordsAllowed) {
        this.users = users;
        this.store = store;
        this.passwords = passwords;
        this.passkeys = passkeys;
        this.clock = clock;
        this.idle = idle;
        this.second = second;
        this.passwordsAllowed = passwordsAllowed;
    }

    /**
     * Signs in with a password, ending the session the browser had ({@code previousSessionId}, or null) so
     * that every sign-in gets a new id; for an account with a second factor, asks for its code instead.
     * Refused alike for an unknown account, a wrong password, an account without a password and a disabled
     * one; while the account or address is locked out, refused with the same lock for the right password as
     * for a wrong one.
     */
    public Step signIn(String email, char[] password, String clientIp, String previousSessionId) {
        if (!passwordsAllowed) {
            throw new Refusal(Refusal.Kind.FORBIDDEN, "password_sign_in_off",
                    "This site signs in through single sign-on only.", Map.of());
        }
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
        SignedIn in = open(user, new Opening(checked.credentialVersion(), second.required(), previousSessionId))
                .orElseThrow(AdminSessions::invalidLogin);
        second.record().record(user.id(), SignInMethod.PASSWORD, null, clientIp);
        return in;
    }

    /**
     * Signs in with a passkey alone, its assertion checked by {@link Passkeys#verifyAssertion}: the one place a
     * sign-in with a passkey completes. Refused with {@code passkey_refused} as the check is, and alike when the
     * passkey was removed or its user disabled meanwhile.
     */
    public SignedIn signInWithPasskey(Assertion assertion, String clientIp, String previousSessionId) {
        Passkeys.Verified verified = passkeys.verifyAssertion(assertion);
        SignedIn in = users.find(verified.userId()).filter(u -> !u.disabled())
                .flatMap(u -> open(u, new Opening(verified.credentialVersion(), false, previousSessionId)))
                .orElseThrow(Passkeys::refused);
        second.record().record(in.session().user().id(), SignInMethod.PASSKEY, null, clientIp);
        return in;
    }

    /**
     * Starts a session for an account whose person the site's OpenID provider ({@code issuer}) has vouched for,
     * without a password; the provider is trusted for every factor it asks for.
     */
    public SignedIn vouchedFor(User user, String issuer, String clientIp, String previousSessionId) {
        long version = users.credentialVersion(user.id()).orElseThrow(AdminSessions::invalidLogin);
        SignedIn in = open(user, new Opening(version, false, previousSessionId)).orElseThrow(AdminSessions::invalidLogin);
        second.record().record(user.id(), SignInMethod.SINGLE_SIGN_ON, issuer, clientIp);
        return in;
    }

    /** Whether the sign-in page offers the password form and takes a posted password. */
    public boolean passwordsAllowed() {
        return passwordsAllowed;
    }

    /** A sign-in waiting for its second factor: its form token, and which factors the account can give. */
    public record Waiting(String csrfToken, boolean app, boolean passkey) {}

    /** The challenge with this id, while it waits for its second factor; empty once over or unknown. */
    public Optional<Waiting> challenge(String challengeId) {
        return liveChallenge(challengeId).map(c -> new Waiting(c.csrfToken(), second.factors().hasApp(c.userId()),
                second.factors().hasPasskey(c.userId())));
    }

    /**
     * Finishes the sign-in of a challenge with the code of its second factor. A wrong code is refused and
     * counted; the challenge stays for another try until it ends. The challenge completes once.
     */
    public SignedIn withCode(String challengeId, String code, String clientIp, String previousSessionId) {
        SignInChallengeStore.Challenge c = liveChallenge(challengeId).orElseThrow(AdminSessions::challengeOver);
        User user = waitingUser(c);
        SignInMethod method = second.factors().satisfied(user, code, clientIp)
                .orElseThrow(() -> new Refusal(Refusal.Kind.UNAUTHORIZED, "invalid_code", "The code is not correct.",
                        Map.of()));
        return finish(challengeId, c, new Finish(user, method, clientIp, previousSessionId));
    }

    /**
     * Finishes the sign-in of a challenge with a passkey of the same account as its second factor; a passkey
     * refused, or another account's, is counted as a wrong code is.
     */
    public SignedIn withPasskey(String challengeId, Assertion assertion, String clientIp, String previousSessionId) {
        SignInChallengeStore.Challenge c = liveChallenge(challengeId).orElseThrow(AdminSessions::challengeOver);
        User user = waitingUser(c);
        SignInMethod method = second.factors().satisfiedByPasskey(user, assertion, clientIp);
        return finish(challengeId, c, new Finish(user, method, clientIp, previousSessionId));
    }

    /** How a waiting sign-in ends: whose it is, by which second factor, from where, the session it replaces. */
    private record Finish(User user, SignInMethod method, String clientIp, String previousSessionId) {}

    private User waitingUser(SignInChallengeStore.Challenge c) {
        return users.find(c.userId()).filter(u -> !u.disabled()).orElseThrow(AdminSessions::challengeOver);
    }

    /** Takes the challenge away (so it completes once) and opens the session its second factor earned. */
    private SignedIn finish(String challengeId, SignInChallengeStore.Challenge c, Finish f) {
        if (!second.challenges().delete(digest(challengeId))) {
            throw challengeOver();
        }
        SignedIn in = open(f.user(), new Opening(c.credentialVersion(), false, f.previousSessionId()))
                .orElseThrow(AdminSessions::invalidLogin);
        second.record().record(f.user().id(), f.method(), null, f.clientIp());
        return in;
    }

    /** How a session is opened: the credential version checked, whether set-up comes first, the session it replaces. */
    private record Opening(long credentialVersion, boolean factorRequired, String previousSessionId) {}

    /**
     * A new session for {@code user}, ending the browser's previous one; empty when the user's credential version
     * is no longer the one checked: a change of what lets them in between the check and here ends this session
     * before it begins.
     */
    private Optional<SignedIn> open(User user, Opening o) {
        if (o.previousSessionId() != null) {
            signOut(o.previousSessionId());
        }
        String id = Tokens.base64Url(32);
        String csrf = Tokens.base64Url(32);
        if (!store.insert(digest(id), new AdminSessionStore.NewSession(user.id(), o.credentialVersion(), csrf,
                o.factorRequired()), now())) {
            return Optional.empty();
        }
        return Optional.of(new SignedIn(id, new Session(user, csrf,
                o.factorRequired() && !second.factors().has(user.id()))));
    }

    private Optional<SignInChallengeStore.Challenge> liveChallenge(String challengeId) {
        if (challengeId == null || !challengeId.matches("[A-Za-z0-9_-]{43}")) {
            return Optional.empty();
        }
        return second.challenges().find(digest(challengeId))
                .filter(c -> now() - c.createdAt() < CHALLENGE_LIFETIME.toSeconds());
    }

    /** The refusal of a second step whose sign-in is over: sign in again with the password. */
    public static Refusal challengeOver() {
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
        passkeys.evictExpired();
    }

    private static String digest(String sessionId) {
        return Tokens.sha256Hex(sessionId);
    }

    private long now() {
        return clock.millis() / 1000;
    }
}
