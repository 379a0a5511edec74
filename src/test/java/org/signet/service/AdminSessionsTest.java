package org.signet.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.crypto.Passwords;
import org.signet.crypto.Tokens;
import org.signet.domain.User;
import org.signet.error.Refusal;
import org.signet.store.AdminSessionStore;
import org.signet.store.Database;
import org.signet.store.UserStore;
import org.signet.support.SignetFixture;
import org.signet.support.SoftAuthenticator;
import org.signet.support.SuiteDatabase;

/** Sign-in, sessions, lockout and CSRF of the administrator pages, on the real database and a hand-moved clock. */
class AdminSessionsTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.stopped();

    private static final String PASSWORD = "correct horse";
    private static final String SITE = "http://localhost:8080";
    /** One hash for every account here: PBKDF2 at full strength is slow on purpose. */
    private static final String HASH = Passwords.hash(PASSWORD.toCharArray());

    private Database db;
    private UserStore users;
    private AdminSessions sessions;
    private Passkeys passkeys;
    private User ada;

    @BeforeEach
    void open() throws Exception {
        db = SuiteDatabase.open(signet.dir(), "NORMAL", 4);
        SignInStack stack = new SignInStack(db, signet.dir(), signet.clock(), false);
        users = stack.users;
        sessions = stack.sessions;
        passkeys = stack.passkeys;
        ada = users.add("ada@example.com", "Ada", true, HASH);
    }

    /** A sign-in of an account without a second factor, which ends signed in. */
    private AdminSessions.SignedIn signIn(String email, char[] password, String ip, String previousSessionId) {
        return (AdminSessions.SignedIn) sessions.signIn(email, password, ip, previousSessionId);
    }

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void signIn_rightPassword_givesSessionThatIsFound() {
        AdminSessions.SignedIn in = signIn("ADA@example.com", PASSWORD.toCharArray(), "10.0.0.1", null);
        assertEquals(ada.id(), sessions.find(in.sessionId()).orElseThrow().user().id());
        assertEquals(43, in.sessionId().length());
        assertEquals(in.session().csrfToken(), sessions.find(in.sessionId()).orElseThrow().csrfToken());
    }

    @Test
    void signIn_storesOnlyHashOfSessionId() {
        AdminSessions.SignedIn in = signIn("ada@example.com", PASSWORD.toCharArray(), "10.0.0.1", null);
        List<String> stored = db.query("SELECT id_hash FROM admin_sessions", r -> r.string("id_hash"));
        assertEquals(List.of(Tokens.sha256Hex(in.sessionId())), stored);
    }

    @Test
    void signIn_wrongPasswordUnknownAccountOrNoPassword_refusedAlike() {
        users.add("nopass@example.com", "No", false, null);
        for (String email : List.of("ada@example.com", "nobody@example.com", "nopass@example.com")) {
            Refusal r = assertThrows(Refusal.class, () -> signIn(email, "wrong".toCharArray(), "10.0.0.1", null));
            assertEquals("invalid_login", r.code(), email);
        }
    }

    @Test
    void signIn_rotatesSessionIdAndEndsThePreviousOne() {
        String first = signIn("ada@example.com", PASSWORD.toCharArray(), "10.0.0.1", null).sessionId();
        String second = signIn("ada@example.com", PASSWORD.toCharArray(), "10.0.0.1", first).sessionId();
        assertNotEquals(first, second);
        assertTrue(sessions.find(first).isEmpty());
        assertTrue(sessions.find(second).isPresent());
    }

    @Test
    void signIn_afterAccountFailures_lockedEvenWithRightPasswordUntilLockEnds() {
        for (int i = 0; i < 2; i++) {
            assertEquals("invalid_login", assertThrows(Refusal.class,
                    () -> signIn("ada@example.com", "nope".toCharArray(), "10.0.0." + 10, null)).code());
        }
        Refusal third = assertThrows(Refusal.class, () -> signIn("ada@example.com", "nope".toCharArray(),
                "10.0.0.11", null));
        assertEquals("login_locked", third.code());
        Refusal locked = assertThrows(Refusal.class, () -> signIn("ada@example.com", PASSWORD.toCharArray(),
                "10.0.0.12", null));
        assertEquals(Refusal.Kind.TOO_MANY, locked.kind());
        signet.clock().advance(Duration.ofMinutes(16));
        assertTrue(signIn("ada@example.com", PASSWORD.toCharArray(), "10.0.0.12", null).sessionId() != null);
    }

    @Test
    void signIn_afterAddressFailuresOnManyAccounts_lockedForThatAddressOnly() {
        for (int i = 0; i < 5; i++) {
            String email = "guess" + i + "@example.com";
            assertThrows(Refusal.class, () -> signIn(email, "x".toCharArray(), "192.0.2.7", null));
        }
        Refusal r = assertThrows(Refusal.class, () -> signIn("ada@example.com", PASSWORD.toCharArray(),
                "192.0.2.7", null));
        assertEquals("login_locked", r.code());
        assertTrue(signIn("ada@example.com", PASSWORD.toCharArray(), "192.0.2.8", null).sessionId() != null);
    }

    @Test
    void signIn_success_forgetsAccountFailures() {
        for (int i = 0; i < 2; i++) {
            assertThrows(Refusal.class, () -> signIn("ada@example.com", "no".toCharArray(), "10.0.0.1", null));
        }
        signIn("ada@example.com", PASSWORD.toCharArray(), "10.0.0.1", null);
        for (int i = 0; i < 2; i++) {
            assertEquals("invalid_login", assertThrows(Refusal.class,
                    () -> signIn("ada@example.com", "no".toCharArray(), "10.0.0.2", null)).code());
        }
    }

    @Test
    void find_afterIdleLimit_endsSession() {
        String id = signIn("ada@example.com", PASSWORD.toCharArray(), "10.0.0.1", null).sessionId();
        signet.clock().advance(Duration.ofMinutes(29));
        assertTrue(sessions.find(id).isPresent());
        signet.clock().advance(Duration.ofMinutes(29));
        assertTrue(sessions.find(id).isPresent(), "each request moves the idle limit forward");
        signet.clock().advance(Duration.ofMinutes(31));
        assertTrue(sessions.find(id).isEmpty());
        assertEquals(0, db.queryLong("SELECT COUNT(*) FROM admin_sessions"));
    }

    @Test
    void find_userDisabled_endsSessionAtOnce() {
        String id = signIn("ada@example.com", PASSWORD.toCharArray(), "10.0.0.1", null).sessionId();
        users.disable(ada.id());
        assertTrue(sessions.find(id).isEmpty());
        Refusal r = assertThrows(Refusal.class, () -> signIn("ada@example.com", PASSWORD.toCharArray(),
                "10.0.0.1", null));
        assertEquals("invalid_login", r.code());
    }

    @Test
    void find_afterPasswordOrAdministratorChange_endsSession() {
        List<Runnable> changes = List.of(() -> users.setPassword("ada@example.com", HASH),
                () -> users.setAdmin(ada.id(), false), () -> users.setAdmin(ada.id(), true));
        for (Runnable change : changes) {
            String id = signIn("ada@example.com", PASSWORD.toCharArray(), "10.0.0.1", null).sessionId();
            change.run();
            assertTrue(sessions.find(id).isEmpty());
        }
        assertEquals(0, db.queryLong("SELECT COUNT(*) FROM admin_sessions"));
    }

    /** The store's half of a sign-in that a password change overtakes between the check and the session. */
    @Test
    void insert_credentialVersionMovedSinceTheCheck_noSession() {
        AdminSessionStore store = new AdminSessionStore(db);
        long checked = users.credentialVersion(ada.id()).orElseThrow();
        users.setPassword("ada@example.com", HASH);
        assertFalse(store.insert(Tokens.sha256Hex("a"), new AdminSessionStore.NewSession(ada.id(), checked, "csrf", false), 0));
        assertTrue(store.insert(Tokens.sha256Hex("b"), new AdminSessionStore.NewSession(ada.id(), checked + 1, "csrf", false),
                0));
        assertEquals(1, db.queryLong("SELECT COUNT(*) FROM admin_sessions"));
    }

    @Test
    void find_malformedOrUnknownId_empty() {
        assertTrue(sessions.find(null).isEmpty());
        assertTrue(sessions.find("short").isEmpty());
        assertTrue(sessions.find(Tokens.base64Url(32)).isEmpty());
    }

    @Test
    void signOut_deletesTheRow() {
        String id = signIn("ada@example.com", PASSWORD.toCharArray(), "10.0.0.1", null).sessionId();
        sessions.signOut(id);
        assertTrue(sessions.find(id).isEmpty());
        assertEquals(0, db.queryLong("SELECT COUNT(*) FROM admin_sessions"));
    }

    @Test
    void csrfMatches_onlyTheSessionsToken() {
        AdminSessions.Session s = signIn("ada@example.com", PASSWORD.toCharArray(), "10.0.0.1", null).session();
        AdminSessions.Session other = signIn("ada@example.com", PASSWORD.toCharArray(), "10.0.0.1", null)
                .session();
        assertTrue(AdminSessions.csrfMatches(s, s.csrfToken()));
        assertFalse(AdminSessions.csrfMatches(s, other.csrfToken()));
        assertFalse(AdminSessions.csrfMatches(s, null));
        assertFalse(AdminSessions.csrfMatches(s, ""));
    }

    @Test
    void evictExpired_removesIdleSessionsAndStaleCounts() {
        signIn("ada@example.com", PASSWORD.toCharArray(), "10.0.0.1", null);
        assertThrows(Refusal.class, () -> signIn("x@example.com", "no".toCharArray(), "10.0.0.1", null));
        signet.clock().advance(Duration.ofHours(2));
        sessions.evictExpired();
        assertEquals(0, db.queryLong("SELECT COUNT(*) FROM admin_sessions"));
        assertEquals(0, db.queryLong("SELECT COUNT(*) FROM login_failures"));
    }
    /** A passkey added to Ada's account, and its authenticator. */
    private SoftAuthenticator passkeyOfAda() {
        SoftAuthenticator key = new SoftAuthenticator();
        Passkeys.CreationOptions o = passkeys.startAdding(ada);
        passkeys.add(ada, "Laptop", key.create(SITE, "localhost", o.challenge(), o.userHandle()));
        return key;
    }

    @Test
    void signInWithPasskey_givesSessionOfItsOwner_endingTheBrowsersPrevious() {
        AdminSessions.SignedIn before = (AdminSessions.SignedIn) sessions.signIn("ada@example.com", PASSWORD.toCharArray(),
                "10.0.0.1", null);
        SoftAuthenticator key = passkeyOfAda();
        AdminSessions.SignedIn in = sessions.signInWithPasskey(
                key.get(SITE, "localhost", passkeys.startAssertion().challenge()), "10.0.0.1", before.sessionId());
        assertEquals(ada.id(), sessions.find(in.sessionId()).orElseThrow().user().id());
        assertTrue(sessions.find(before.sessionId()).isEmpty(), "every sign-in gets a new session id");
    }

    @Test
    void signInWithPasskey_passkeyRemoved_refusedAndItsSessionsEnded() {
        SoftAuthenticator key = passkeyOfAda();
        AdminSessions.SignedIn in = sessions.signInWithPasskey(
                key.get(SITE, "localhost", passkeys.startAssertion().challenge()), "10.0.0.1", null);
        passkeys.remove(ada.id(), passkeys.list(ada.id()).get(0).id());
        assertTrue(sessions.find(in.sessionId()).isEmpty());
        Refusal r = assertThrows(Refusal.class, () -> sessions.signInWithPasskey(
                key.get(SITE, "localhost", passkeys.startAssertion().challenge()), "10.0.0.1", null));
        assertEquals("passkey_refused", r.code());
    }

    @Test
    void evictExpired_removesPasskeyChallengesPastTheirTime() {
        SoftAuthenticator key = passkeyOfAda();
        String challenge = passkeys.startAssertion().challenge();
        signet.clock().advance(Duration.ofMinutes(6));
        sessions.evictExpired();
        assertEquals(0, db.queryLong("SELECT COUNT(*) FROM passkey_challenges"));
        assertThrows(Refusal.class, () -> sessions.signInWithPasskey(key.get(SITE, "localhost", challenge), "10.0.0.1", null));
    }
}
