package org.signet.service;

import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import java.util.logging.Logger;
import org.signet.crypto.Tokens;
import org.signet.domain.Passkey;
import org.signet.domain.User;
import org.signet.error.Refusal;
import org.signet.store.Database;
import org.signet.store.PasskeyStore;
import org.signet.store.UserStore;
import org.signet.webauthn.CeremonyRefused;
import org.signet.webauthn.Ceremonies;
import org.signet.webauthn.Ceremonies.Assertion;
import org.signet.webauthn.Ceremonies.Attestation;
import org.signet.webauthn.RelyingParty;

/**
 * Passkeys (WebAuthn) of host-site accounts: one added on "My account", listed and removed there, and the one
 * check of an assertion that a sign-in with a passkey, or a passkey as a second factor, is made with. The relying
 * party is {@code site.url}'s host, the origin {@code site.url}'s. Every challenge is kept in the database for
 * {@link #CHALLENGE_LIFE} and taken as it is answered, so that it is used once, on whichever instance. A passkey
 * is discoverable and asks for user verification, so that it alone signs in. Removing one ends every session of
 * its user, as any change of what lets an account in does.
 */
public final class Passkeys {
    static final Duration CHALLENGE_LIFE = Duration.ofMinutes(5);
    static final int MAX_NAME = 60;
    static final int MAX_PER_USER = 20;
    private static final String ADDING = "register";
    private static final String SIGN_IN = "sign_in";
    private static final Logger LOG = Logger.getLogger("signet.passkeys");
    private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();

    private final Database db;
    private final PasskeyStore store;
    private final UserStore users;
    private final Ceremonies ceremonies = new Ceremonies();
    private final Supplier<String> siteUrl;
    private final Clock clock;

    /** What {@code navigator.credentials.create()} is to be called with; binary values in base64url. */
    public record CreationOptions(String challenge, String rpId, String userHandle, String userName,
            String userDisplayName, List<String> excludeCredentials, List<Long> algorithms, long timeoutMillis) {}

    /** What {@code navigator.credentials.get()} is to be called with; any of the site's passkeys may answer. */
    public record RequestOptions(String challenge, String rpId, long timeoutMillis) {}

    /** Whose passkey an assertion was made with, and their credential version when it was read. */
    public record Verified(long userId, long credentialVersion) {}

    /** @param siteUrl {@code site.url}, asked at each ceremony: by default it is known once the port is bound */
    public Passkeys(Database db, PasskeyStore store, UserStore users, Supplier<String> siteUrl, Clock clock) {
        this.db = db;
        this.store = store;
        this.users = users;
        this.siteUrl = siteUrl;
        this.clock = clock;
    }

    /** Begins adding a passkey to {@code user}'s account: a fresh challenge and user handle. */
    public CreationOptions startAdding(User user) {
        String challenge = Tokens.base64Url(32);
        byte[] handle = Tokens.randomBytes(32);
        store.addChallenge(challenge, ADDING, new PasskeyStore.Challenge(user.id(), handle, expiry()));
        return new CreationOptions(challenge, relyingParty().id(), B64.encodeToString(handle), user.email(),
                user.name().isBlank() ? user.email() : user.name(), store.credentialIds(user.id()),
                Ceremonies.ALGORITHMS, CHALLENGE_LIFE.toMillis());
    }

    /**
     * Keeps the passkey the browser made for a challenge of {@link #startAdding}, by {@code user}, named
     * {@code name}. Refused with {@code passkey_invalid} when the challenge is unknown, used, expired or
     * another user's, or the attestation does not hold; nothing is kept then.
     */
    public Passkey add(User user, String name, Attestation a) {
        String named = checkedName(name);
        if (store.list(user.id()).size() >= MAX_PER_USER) {
            throw Refusal.conflict("passkey_limit", "An account has at most " + MAX_PER_USER + " passkeys.");
        }
        try {
            byte[] challenge = ceremonies.challengeOf(a.clientDataJson());
            PasskeyStore.Challenge c = take(challenge, ADDING).filter(t -> t.userId() != null && t.userId() == user.id())
                    .orElseThrow(() -> new CeremonyRefused("challenge unknown, used, expired or another user's", null));
            Ceremonies.Registered made = ceremonies.register(relyingParty(), challenge, a);
            String id = B64.encodeToString(made.credentialId());
            if (store.credentialIdTaken(id)) {
                throw new CeremonyRefused("credential id already kept", null);
            }
            return store.add(new PasskeyStore.NewPasskey(user.id(), id, named, c.userHandle(), made.credential(),
                    made.signCount()), now());
        } catch (CeremonyRefused e) {
            LOG.info("passkey not added for user " + user.id() + ": " + e.getMessage());
            throw Refusal.invalid("passkey_invalid", "The passkey could not be added.");
        }
    }

    /** Begins a sign-in with a passkey, or a passkey as the second factor: a fresh challenge for any passkey. */
    public RequestOptions startAssertion() {
        String challenge = Tokens.base64Url(32);
        store.addChallenge(challenge, SIGN_IN, new PasskeyStore.Challenge(null, null, expiry()));
        return new RequestOptions(challenge, relyingParty().id(), CHALLENGE_LIFE.toMillis());
    }

    /**
     * Checks an assertion answering a challenge of {@link #startAssertion}: the challenge is taken (used once,
     * unexpired), the origin and relying party are the site's, the user was verified, the signature holds for the
     * kept passkey and its counter grew; the passkey's use is recorded. Answers whose passkey it was, or refuses
     * with {@code passkey_refused} (401) alike for every reason, which is logged.
     */
    public Verified verifyAssertion(Assertion a) {
        try {
            byte[] challenge = ceremonies.challengeOf(a.clientDataJson());
            take(challenge, SIGN_IN).orElseThrow(() -> new CeremonyRefused("challenge unknown, used or expired", null));
            PasskeyStore.Stored kept = store.findByCredentialId(B64.encodeToString(a.credentialId()))
                    .orElseThrow(() -> new CeremonyRefused("no such passkey", null));
            if (kept.userDisabled()) {
                throw new CeremonyRefused("user " + kept.passkey().userId() + " is disabled", null);
            }
            if (a.userHandle() != null && !Tokens.constantTimeEquals(a.userHandle(), kept.userHandle())) {
                throw new CeremonyRefused("user handle is not the passkey's", null);
            }
            long count = ceremonies.verify(relyingParty(), challenge, a,
                    new Ceremonies.Known(kept.credential(), kept.signCount()));
            if (!store.recordUse(kept.passkey().id(), kept.signCount(), count, now())) {
                throw new CeremonyRefused("passkey used at the same time or removed", null);
            }
            return new Verified(kept.passkey().userId(), kept.credentialVersion());
        } catch (CeremonyRefused e) {
            LOG.info("passkey refused: " + e.getMessage());
            throw refused();
        }
    }

    public List<Passkey> list(long userId) {
        return store.list(userId);
    }

    /** Whether the account has a passkey: then it counts as the account's second factor. */
    public boolean has(long userId) {
        return !store.credentialIds(userId).isEmpty();
    }

    /** The accounts that have a passkey. */
    public Set<Long> usersWithPasskey() {
        return store.usersWithPasskey();
    }

    /** Removes the user's passkey and ends every session of theirs; 404 when they have none of that id. */
    public void remove(long userId, long passkeyId) {
        boolean removed = db.inTransaction(() -> store.delete(userId, passkeyId) && users.endSessions(userId));
        if (!removed) {
            throw Refusal.notFound("passkey");
        }
    }

    /** Removes challenges no longer answerable; run now and then. */
    public void evictExpired() {
        store.deleteExpiredChallenges(now());
    }

    private Optional<PasskeyStore.Challenge> take(byte[] challenge, String purpose) {
        long now = now();
        return store.takeChallenge(B64.encodeToString(challenge), purpose).filter(c -> c.expiresAt() >= now);
    }

    private static String checkedName(String name) {
        String named = name == null ? "" : name.strip();
        if (named.isEmpty() || named.length() > MAX_NAME || named.chars().anyMatch(Character::isISOControl)) {
            throw Refusal.invalidParam("name", "name needs 1 to " + MAX_NAME + " characters on one line.");
        }
        return named;
    }

    static Refusal refused() {
        return new Refusal(Refusal.Kind.UNAUTHORIZED, "passkey_refused", "The passkey was not accepted.", Map.of());
    }

    private RelyingParty relyingParty() {
        return RelyingParty.of(siteUrl.get());
    }

    private long expiry() {
        return now() + CHALLENGE_LIFE.toSeconds();
    }

    private long now() {
        return clock.millis() / 1000;
    }
}
