package org.signet.service;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.signet.crypto.Tokens;
import org.signet.domain.EmailAddress;
import org.signet.domain.User;
import org.signet.error.Refusal;
import org.signet.oidc.IdClaims;
import org.signet.oidc.OidcException;
import org.signet.oidc.OpenIdProvider;
import org.signet.store.OidcPendingStore;
import org.signet.store.UserStore;

/**
 * Sign-in to the administrator pages through the site's OpenID provider, with the authorization code flow,
 * PKCE, {@code state} and {@code nonce}. The browser is sent to the provider with a fresh state and a binding
 * value for a cookie of its own; the nonce and the PKCE verifier are derived from the binding, so the database
 * keeps only digests and a row that the callback takes away: a state is good once, for ten minutes, and only
 * in the browser that started it. The provider's person is found by its {@code sub}, else by a verified email
 * (then linked by {@code sub}), else made when {@code auth.oidc.create_users} says so; the administrator group,
 * when set, decides the administrator flag at each sign-in. Every refusal is counted by its code.
 */
public final class SingleSignOn {
    /** How long the provider may keep the browser before the sign-in it started counts for nothing. */
    public static final Duration PENDING = Duration.ofMinutes(10);
    /** The log a refusal is written to, with its request id, by the page that answers it. */
    public static final String LOGGER = "signet.sso";

    private final OpenIdProvider provider;
    private final OidcPendingStore pending;
    private final UserStore users;
    private final AdminSessions sessions;
    private final Clock clock;
    private final Policy policy;
    private final Map<String, LongAdder> refusals = new ConcurrentHashMap<>();

    /**
     * What the site's settings allow.
     *
     * @param createUsers {@code auth.oidc.create_users}: a person without an account gets one at first sign-in
     * @param adminGroup {@code auth.oidc.admin_group}: the {@code groups} value that makes an administrator, or empty
     */
    public record Policy(boolean createUsers, Optional<String> adminGroup) {}

    /** Where to send the browser, and the value of the binding cookie to give it on the way. */
    public record Start(URI redirect, String binding) {}

    /** What the provider sent the browser back with, and the binding cookie it brought (each may be null). */
    public record Callback(String state, String code, String error, String binding) {}

    public SingleSignOn(OpenIdProvider provider, OidcPendingStore pending, UserStore users, AdminSessions sessions,
            Clock clock, Policy policy) {
        this.provider = provider;
        this.pending = pending;
        this.users = users;
        this.sessions = sessions;
        this.clock = clock;
        this.policy = policy;
    }

    /** A new sign-in: remembered as pending, and the provider's address to send the browser to. */
    public Start begin() {
        String state = Tokens.base64Url(32);
        String binding = Tokens.base64Url(32);
        try {
            URI redirect = provider.authorization(state, nonce(binding), verifier(binding));
            pending.insert(Tokens.sha256Hex(state), Tokens.sha256Hex(binding), now());
            return new Start(redirect, binding);
        } catch (OidcException e) {
            throw counted(refusal(e));
        }
    }

    /**
     * Completes the sign-in the provider sent the browser back from, ending the session the browser had
     * ({@code previousSessionId}, or null); a refusal signs nobody in and says in its message why, for the log.
     */
    public AdminSessions.SignedIn complete(Callback callback, String clientIp, String previousSessionId) {
        try {
            String binding = ownPending(callback);
            if (callback.error() != null || callback.code() == null) {
                throw refused(Refusal.Kind.UNAUTHORIZED, "sso_provider_error",
                        "the provider answered error " + OidcException.errorCode(callback.error()));
            }
            IdClaims claims = provider.redeem(callback.code(), verifier(binding), nonce(binding));
            return signedIn(account(claims), claims, new From(clientIp, previousSessionId));
        } catch (OidcException e) {
            throw counted(refusal(e));
        } catch (Refusal r) {
            throw counted(r);
        }
    }

    /** The refusals since start, by code, for {@code /metrics}. */
    public Map<String, Long> refusals() {
        Map<String, Long> out = new TreeMap<>();
        refusals.forEach((code, n) -> out.put(code, n.sum()));
        return out;
    }

    /** Forgets sign-ins that were never completed in time; run now and then. */
    public void evictExpired() {
        pending.deleteStartedBefore(now() - PENDING.toSeconds());
    }

    /**
     * The one place a single-sign-on sign-in completes: the session starts here, without the site's own second
     * step, because the provider is trusted for the factors it asks for. {@code claims} say which provider
     * vouched, for whatever is to be recorded of the sign-in.
     */
    private AdminSessions.SignedIn signedIn(User user, IdClaims claims, From from) {
        return sessions.vouchedFor(user, claims.issuer(), from.clientIp(), from.previousSessionId());
    }

    /** Where a sign-in comes from: the browser's address, and the session it had before, or null. */
    private record From(String clientIp, String previousSessionId) {}

    /** The binding of the pending sign-in this callback's state names, taken away; refused unless it is this browser's. */
    private String ownPending(Callback callback) {
        if (callback.state() == null || callback.binding() == null) {
            throw refused(Refusal.Kind.INVALID, "sso_state", "no state, or no binding cookie");
        }
        Optional<String> bound = pending.take(Tokens.sha256Hex(callback.state()), now() - PENDING.toSeconds());
        byte[] given = Tokens.sha256Hex(callback.binding()).getBytes(StandardCharsets.US_ASCII);
        if (bound.isEmpty() || !Tokens.constantTimeEquals(bound.get().getBytes(StandardCharsets.US_ASCII), given)) {
            throw refused(Refusal.Kind.INVALID, "sso_state", "a state unknown, used, expired or of another browser");
        }
        return callback.binding();
    }

    /** The account the provider's person signs in to, its administrator flag set by the group when there is one. */
    private User account(IdClaims claims) {
        User user = users.findLinked(claims.issuer(), claims.subject()).orElseGet(() -> byEmail(claims));
        if (user.disabled()) {
            throw refused(Refusal.Kind.FORBIDDEN, "sso_account_disabled", "account " + user.id() + " is disabled");
        }
        Optional<Boolean> admin = policy.adminGroup().map(claims.groups()::contains);
        if (admin.isPresent() && admin.get() != user.admin()) {
            users.setAdmin(user.id(), admin.get());
            return users.find(user.id()).orElseThrow();
        }
        return user;
    }

    /** The account with the person's verified email, linked now, or a new one when the site makes them. */
    private User byEmail(IdClaims claims) {
        String who = "subject " + claims.subject() + " of " + claims.issuer();
        if (!claims.emailVerified() || !EmailAddress.isValid(claims.email())) {
            throw refused(Refusal.Kind.FORBIDDEN, "sso_email_unverified", who + " has no verified email");
        }
        Optional<User> known = users.findByEmail(claims.email());
        if (known.isPresent()) {
            if (!users.link(known.get().id(), claims.issuer(), claims.subject())) {
                throw refused(Refusal.Kind.FORBIDDEN, "sso_linked_elsewhere",
                        who + ": account " + known.get().id() + " is linked to another subject");
            }
            return known.get();
        }
        if (!policy.createUsers()) {
            throw refused(Refusal.Kind.FORBIDDEN, "sso_unknown_user", who + " has no account here");
        }
        String name = claims.name().isEmpty() ? claims.email() : claims.name();
        return users.addLinked(claims.email(), name, false, claims.issuer(), claims.subject());
    }

    private static Refusal refusal(OidcException e) {
        return switch (e.reason()) {
            case UNREACHABLE -> refused(Refusal.Kind.UNAVAILABLE, "sso_unreachable", e.getMessage());
            case TOKEN_REFUSED -> refused(Refusal.Kind.UNAUTHORIZED, "sso_token_refused", e.getMessage());
            case INVALID_TOKEN -> refused(Refusal.Kind.UNAUTHORIZED, "sso_invalid_token", e.getMessage());
        };
    }

    /** A refusal whose message says why for the log; the page says it in its own words by the code. */
    private static Refusal refused(Refusal.Kind kind, String code, String why) {
        return new Refusal(kind, code, why, Map.of());
    }

    private Refusal counted(Refusal r) {
        refusals.computeIfAbsent(r.code(), c -> new LongAdder()).increment();
        return r;
    }

    /** The nonce is the binding's digest under its own label, so it never equals the verifier. */
    private static String nonce(String binding) {
        return Tokens.sha256Hex("nonce:" + binding);
    }

    /** 64 hexadecimal characters: within the verifier's 43 to 128 unreserved characters (RFC 7636, section 4.1). */
    private static String verifier(String binding) {
        return Tokens.sha256Hex("pkce:" + binding);
    }

    private long now() {
        return clock.millis() / 1000;
    }
}
