package org.signet.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.domain.Passkey;
import org.signet.domain.User;
import org.signet.error.Refusal;
import org.signet.store.AdminSessionStore;
import org.signet.store.Database;
import org.signet.store.PasskeyStore;
import org.signet.store.UserStore;
import org.signet.support.SignetFixture;
import org.signet.support.SoftAuthenticator;
import org.signet.support.SuiteDatabase;
import org.signet.webauthn.Ceremonies.Assertion;

/**
 * Passkeys added, used and removed on the real database with a software authenticator: each way an answer can be
 * wrong (origin, relying party, a challenge used twice or expired, a counter that did not grow, no user
 * verification, another user's challenge) is refused and changes nothing.
 */
class PasskeysTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.stopped();

    private static final String SITE = "https://sign.example.com";
    private static final String RP = "sign.example.com";

    private Database db;
    private UserStore users;
    private Passkeys passkeys;
    private User ada;
    private SoftAuthenticator key;

    @BeforeEach
    void open() throws Exception {
        db = SuiteDatabase.open(signet.dir(), "NORMAL", 4);
        users = new UserStore(db, signet.clock());
        passkeys = new Passkeys(db, new PasskeyStore(db), users, () -> SITE, signet.clock());
        ada = users.add("ada@example.com", "Ada", true, null);
        key = new SoftAuthenticator();
    }

    @AfterEach
    void close() {
        db.close();
    }

    private Passkey addKey() {
        Passkeys.CreationOptions options = passkeys.startAdding(ada);
        return passkeys.add(ada, " Laptop ", key.create(SITE, RP, options.challenge(), options.userHandle()));
    }

    private Assertion signIn() {
        return key.get(SITE, RP, passkeys.startAssertion().challenge());
    }

    @Test
    void startAdding_offersTheSitesHostAndADiscoverableUser() {
        Passkeys.CreationOptions options = passkeys.startAdding(ada);
        assertEquals(RP, options.rpId());
        assertEquals("ada@example.com", options.userName());
        assertEquals(43, options.userHandle().length(), "32 random bytes, nothing of the account");
        assertEquals(List.of(), options.excludeCredentials());
        addKey();
        assertEquals(1, passkeys.startAdding(ada).excludeCredentials().size());
    }

    @Test
    void add_thenVerifyAssertion_answersTheUserAndRecordsTheUse() {
        Passkey added = addKey();
        assertEquals("Laptop", added.name());
        assertNull(passkeys.list(ada.id()).get(0).lastUsedAt());
        signet.clock().advance(Duration.ofMinutes(1));
        Passkeys.Verified verified = passkeys.verifyAssertion(signIn());
        assertEquals(ada.id(), verified.userId());
        assertEquals(users.credentialVersion(ada.id()).orElseThrow(), verified.credentialVersion());
        assertEquals(signet.clock().millis() / 1000, passkeys.list(ada.id()).get(0).lastUsedAt());
    }

    @Test
    void verifyAssertion_wrongOrigin_refused() {
        addKey();
        String challenge = passkeys.startAssertion().challenge();
        assertRefused(key.get("https://evil.example.net", RP, challenge));
        assertRefused(key.get("http://sign.example.com", RP, passkeys.startAssertion().challenge()));
    }

    @Test
    void verifyAssertion_otherRelyingParty_refused() {
        addKey();
        assertRefused(key.get(SITE, "example.com", passkeys.startAssertion().challenge()));
    }

    @Test
    void verifyAssertion_reusedChallenge_refused() {
        addKey();
        String challenge = passkeys.startAssertion().challenge();
        passkeys.verifyAssertion(key.get(SITE, RP, challenge));
        assertRefused(key.get(SITE, RP, challenge));
    }

    @Test
    void verifyAssertion_unknownOrExpiredChallenge_refused() {
        addKey();
        assertRefused(key.get(SITE, RP, "bm90LWhhbmRlZC1vdXQtYnktdGhlLXNpdGUtYXQtYWxsLQ"));
        String challenge = passkeys.startAssertion().challenge();
        signet.clock().advance(Passkeys.CHALLENGE_LIFE.plusSeconds(1));
        assertRefused(key.get(SITE, RP, challenge));
    }

    @Test
    void verifyAssertion_counterNotGrown_refusedAsACopiedKey() {
        addKey();
        passkeys.verifyAssertion(signIn());
        key.counter(0);
        assertRefused(signIn());
    }

    @Test
    void verifyAssertion_userNotVerified_refused() {
        addKey();
        assertRefused(key.get(SITE, RP, passkeys.startAssertion().challenge(), false));
    }

    @Test
    void verifyAssertion_unknownPasskey_refused() {
        addKey();
        SoftAuthenticator other = new SoftAuthenticator();
        assertRefused(other.get(SITE, RP, passkeys.startAssertion().challenge()));
    }

    @Test
    void verifyAssertion_disabledUser_refused() {
        addKey();
        users.disable(ada.id());
        assertRefused(signIn());
    }

    @Test
    void add_challengeOfAnotherUser_refusedAndNothingKept() {
        User bob = users.add("bob@example.com", "Bob", false, null);
        Passkeys.CreationOptions bobs = passkeys.startAdding(bob);
        Refusal r = assertThrows(Refusal.class, () -> passkeys.add(ada, "Laptop",
                key.create(SITE, RP, bobs.challenge(), bobs.userHandle())));
        assertEquals("passkey_invalid", r.code());
        assertEquals(400, r.status());
        assertEquals(List.of(), passkeys.list(ada.id()));
    }

    @Test
    void add_wrongOriginOrChallengeUsedTwice_refused() {
        Passkeys.CreationOptions options = passkeys.startAdding(ada);
        assertEquals("passkey_invalid", assertThrows(Refusal.class, () -> passkeys.add(ada, "Laptop",
                key.create("https://evil.example.net", RP, options.challenge(), options.userHandle()))).code());
        assertEquals("passkey_invalid", assertThrows(Refusal.class, () -> passkeys.add(ada, "Laptop",
                key.create(SITE, RP, options.challenge(), options.userHandle()))).code(), "the challenge was used");
        assertEquals(List.of(), passkeys.list(ada.id()));
    }

    @Test
    void add_nameEmptyOrTooLong_refusedBeforeTheChallengeIsUsed() {
        Passkeys.CreationOptions options = passkeys.startAdding(ada);
        var attestation = key.create(SITE, RP, options.challenge(), options.userHandle());
        assertEquals("rest_invalid_param", assertThrows(Refusal.class, () -> passkeys.add(ada, "  ", attestation)).code());
        assertEquals("rest_invalid_param", assertThrows(Refusal.class,
                () -> passkeys.add(ada, "x".repeat(Passkeys.MAX_NAME + 1), attestation)).code());
        assertEquals("Laptop", passkeys.add(ada, "Laptop", attestation).name());
    }

    @Test
    void remove_endsEverySessionAndThePasskeyNoLongerSignsIn() {
        Passkey added = addKey();
        AdminSessionStore sessions = new AdminSessionStore(db);
        long version = users.credentialVersion(ada.id()).orElseThrow();
        assertTrue(sessions.insert("a".repeat(64), new AdminSessionStore.NewSession(ada.id(), version, "csrf", false), 1));
        passkeys.remove(ada.id(), added.id());
        assertNotEquals(version, users.credentialVersion(ada.id()).orElseThrow());
        assertTrue(sessions.find("a".repeat(64)).isEmpty());
        assertEquals(List.of(), passkeys.list(ada.id()));
        assertRefused(signIn());
    }

    @Test
    void remove_anotherUsersPasskey_notFoundAndKept() {
        Passkey added = addKey();
        User bob = users.add("bob@example.com", "Bob", false, null);
        long version = users.credentialVersion(bob.id()).orElseThrow();
        assertEquals(404, assertThrows(Refusal.class, () -> passkeys.remove(bob.id(), added.id())).status());
        assertEquals(1, passkeys.list(ada.id()).size());
        assertEquals(version, users.credentialVersion(bob.id()).orElseThrow());
    }

    private void assertRefused(Assertion a) {
        Refusal r = assertThrows(Refusal.class, () -> passkeys.verifyAssertion(a));
        assertEquals("passkey_refused", r.code());
        assertEquals(401, r.status());
        assertFalse(r.getMessage().contains("challenge"), "the reason is logged, not told");
    }
}
