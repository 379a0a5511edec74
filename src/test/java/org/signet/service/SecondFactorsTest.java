package org.signet.service;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.crypto.Base32;
import org.signet.crypto.Passwords;
import org.signet.crypto.Totp;
import org.signet.domain.AccountEvent;
import org.signet.domain.FactorChange;
import org.signet.domain.Principal;
import org.signet.domain.SignInMethod;
import org.signet.domain.User;
import org.signet.error.Refusal;
import org.signet.store.Database;
import org.signet.support.SignetFixture;
import org.signet.support.SoftAuthenticator;
import org.signet.support.SuiteDatabase;
import org.signet.webauthn.Ceremonies;

/**
 * The authenticator app as the second step of the administrator sign-in, on the real database (SQLite, or
 * PostgreSQL with {@code -Dsignet.test.db=postgresql}) and a hand-moved clock: the challenge that is not a
 * session, codes used once, wrong codes in the password throttle, recovery codes, the required set-up,
 * turning off and resetting, and the record of each.
 */
class SecondFactorsTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.stopped();

    private static final String PASSWORD = "correct horse";
    private static final String HASH = Passwords.hash(PASSWORD.toCharArray());
    private static final String IP = "10.0.0.1";

    private Database db;
    private SignInStack stack;
    private User ada;
    private User bob;
    private byte[] secret;
    private List<String> recoveryCodes;

    @BeforeEach
    void open() throws Exception {
        db = SuiteDatabase.open(signet.dir(), "NORMAL", 4);
        stack = new SignInStack(db, signet.dir(), signet.clock(), false);
        ada = stack.users.add("ada@example.com", "Ada", true, HASH);
        bob = stack.users.add("bob@example.com", "Bob", false, HASH);
    }

    @AfterEach
    void close() {
        db.close();
    }

    /** Turns on Bob's app, then moves to the next step so that a new code is due. */
    private void bobTurnsOnApp() {
        Principal p = new Principal(bob.id(), false);
        secret = Base32.decode(stack.app.begin(p));
        recoveryCodes = stack.app.confirm(p, codeNow(), IP);
        signet.clock().advance(Duration.ofSeconds(30));
    }

    private String codeNow() {
        return Totp.code(secret, Totp.step(signet.clock().millis() / 1000), Totp.DIGITS);
    }

    private AdminSessions.CodeAsked passwordStep() {
        return assertInstanceOf(AdminSessions.CodeAsked.class,
                stack.sessions.signIn("bob@example.com", PASSWORD.toCharArray(), IP, null));
    }

    private long count(String table) {
        return db.queryLong("SELECT COUNT(*) FROM " + table);
    }

    @Test
    void signIn_accountWithApp_asksForCodeAndOpensNoSession() {
        bobTurnsOnApp();
        AdminSessions.CodeAsked asked = passwordStep();
        assertEquals(0, count("admin_sessions"));
        assertTrue(stack.sessions.find(asked.challengeId()).isEmpty(), "a challenge is no session");
        assertEquals(asked.csrfToken(), stack.sessions.challenge(asked.challengeId()).orElseThrow().csrfToken());
    }

    @Test
    void withCode_rightCode_signsInAndRecordsPasswordAndApp() {
        bobTurnsOnApp();
        AdminSessions.SignedIn in = stack.sessions.withCode(passwordStep().challengeId(), codeNow(), IP, null);
        assertEquals(bob.id(), stack.sessions.find(in.sessionId()).orElseThrow().user().id());
        assertEquals(0, count("sign_in_challenges"));
        AccountEvent last = stack.record.recent(new Principal(bob.id(), false)).get(0);
        assertEquals(SignInMethod.PASSWORD_APP, last.method());
        assertEquals(IP, last.ipAddress());
    }

    @Test
    void withCode_sameCodeTwice_secondRefused() {
        bobTurnsOnApp();
        String code = codeNow();
        stack.sessions.withCode(passwordStep().challengeId(), code, IP, null);
        String second = passwordStep().challengeId();
        Refusal r = assertThrows(Refusal.class, () -> stack.sessions.withCode(second, code, IP, null));
        assertEquals("invalid_code", r.code());
        assertEquals(1, count("admin_sessions"));
    }

    @Test
    void withCode_codeOfTwoStepsAgo_refused() {
        bobTurnsOnApp();
        String old = codeNow();
        signet.clock().advance(Duration.ofSeconds(60));
        assertEquals("invalid_code", assertThrows(Refusal.class,
                () -> stack.sessions.withCode(passwordStep().challengeId(), old, IP, null)).code());
    }

    @Test
    void withCode_wrongCodes_countWithWrongPasswordsAndLock() {
        bobTurnsOnApp();
        assertThrows(Refusal.class, () -> stack.sessions.signIn("bob@example.com", "nope".toCharArray(), IP, null));
        String challenge = passwordStep().challengeId();
        assertEquals("invalid_code", assertThrows(Refusal.class,
                () -> stack.sessions.withCode(challenge, "000000", IP, null)).code());
        Refusal third = assertThrows(Refusal.class, () -> stack.sessions.withCode(challenge, "111111", IP, null));
        assertEquals(Refusal.Kind.TOO_MANY, third.kind(), "one wrong password and two wrong codes lock at three");
        Refusal right = assertThrows(Refusal.class, () -> stack.sessions.withCode(challenge, codeNow(), IP, null));
        assertEquals(Refusal.Kind.TOO_MANY, right.kind(), "while locked, even the right code is refused");
        assertEquals(0, count("admin_sessions"));
    }

    @Test
    void withCode_recoveryCode_worksOnceWithAnyCaseOrSpacing() {
        bobTurnsOnApp();
        assertEquals(10, recoveryCodes.size());
        String code = recoveryCodes.get(3);
        stack.sessions.withCode(passwordStep().challengeId(), " " + code.toUpperCase() + " ", IP, null);
        String again = passwordStep().challengeId();
        assertEquals("invalid_code", assertThrows(Refusal.class,
                () -> stack.sessions.withCode(again, code, IP, null)).code());
        assertEquals(SignInMethod.PASSWORD_RECOVERY_CODE,
                stack.record.recent(new Principal(bob.id(), false)).get(0).method());
        assertEquals(9, stack.factors.recoveryCodesLeft(new Principal(bob.id(), false)));
    }

    @Test
    void withCode_afterFiveMinutes_challengeOverAndNoSession() {
        bobTurnsOnApp();
        String challenge = passwordStep().challengeId();
        signet.clock().advance(Duration.ofMinutes(5));
        assertEquals("sign_in_expired", assertThrows(Refusal.class,
                () -> stack.sessions.withCode(challenge, codeNow(), IP, null)).code());
        assertTrue(stack.sessions.challenge(challenge).isEmpty());
        assertEquals(0, count("admin_sessions"));
    }

    @Test
    void signIn_accountWithoutApp_signsInWithPasswordRecorded() {
        AdminSessions.Step step = stack.sessions.signIn("bob@example.com", PASSWORD.toCharArray(), IP, null);
        AdminSessions.SignedIn in = assertInstanceOf(AdminSessions.SignedIn.class, step);
        assertFalse(in.session().setUpFirst());
        assertEquals(SignInMethod.PASSWORD, stack.record.recent(new Principal(bob.id(), false)).get(0).method());
    }

    @Test
    void requireSecondFactor_sessionSetsUpFirstUntilAppConfirmed() throws Exception {
        SignInStack strict = new SignInStack(db, signet.dir(), signet.clock(), true);
        AdminSessions.SignedIn in = assertInstanceOf(AdminSessions.SignedIn.class,
                strict.sessions.signIn("bob@example.com", PASSWORD.toCharArray(), IP, null));
        assertTrue(in.session().setUpFirst());
        assertTrue(strict.sessions.find(in.sessionId()).orElseThrow().setUpFirst());
        Principal p = new Principal(bob.id(), false);
        secret = Base32.decode(strict.app.begin(p));
        assertTrue(strict.sessions.find(in.sessionId()).orElseThrow().setUpFirst(), "a secret not confirmed is no factor");
        strict.app.confirm(p, codeNow(), IP);
        assertFalse(strict.sessions.find(in.sessionId()).orElseThrow().setUpFirst());
    }

    @Test
    void confirm_wrongCode_refusedAndAppStaysOff() {
        Principal p = new Principal(bob.id(), false);
        secret = Base32.decode(stack.app.begin(p));
        String wrong = codeNow().equals("123456") ? "654321" : "123456";
        assertEquals("invalid_code", assertThrows(Refusal.class, () -> stack.app.confirm(p, wrong, IP)).code());
        assertFalse(stack.factors.has(bob.id()));
        assertEquals(0, count("recovery_codes"));
    }

    @Test
    void begin_again_replacesTheSecretBeingSetUp_butNotAnAppThatIsOn() {
        Principal p = new Principal(bob.id(), false);
        byte[] first = Base32.decode(stack.app.begin(p));
        secret = Base32.decode(stack.app.begin(p));
        assertEquals(Base32.encode(secret), stack.app.pendingSecret(p).orElseThrow());
        assertFalse(java.util.Arrays.equals(first, secret));
        stack.app.confirm(p, codeNow(), IP);
        assertEquals("app_exists", assertThrows(Refusal.class, () -> stack.app.begin(p)).code());
        assertTrue(stack.factors.has(bob.id()));
        assertEquals(1, count("user_authenticators"));
    }

    @Test
    void secret_sealedAtRest_recoveryCodesHashed() {
        bobTurnsOnApp();
        byte[] stored = db.queryOne("SELECT secret_sealed FROM user_authenticators", r -> r.bytes("secret_sealed"))
                .orElseThrow();
        assertFalse(new String(stored, java.nio.charset.StandardCharsets.ISO_8859_1)
                .contains(new String(secret, java.nio.charset.StandardCharsets.ISO_8859_1)));
        List<String> kept = db.query("SELECT code_hash FROM recovery_codes", r -> r.string("code_hash"));
        assertEquals(10, kept.size());
        recoveryCodes.forEach(c -> assertFalse(kept.contains(c)));
        assertArrayEquals(secret, Base32.decode(Base32.encode(secret)));
    }

    @Test
    void turnOffApp_rightCode_endsEverySessionAndIsRecorded() {
        bobTurnsOnApp();
        String one = stack.sessions.withCode(passwordStep().challengeId(), codeNow(), IP, null).sessionId();
        signet.clock().advance(Duration.ofSeconds(30));
        Principal p = new Principal(bob.id(), false);
        assertEquals("invalid_code", assertThrows(Refusal.class, () -> stack.factors.turnOffApp(p, "12", IP)).code());
        assertTrue(stack.sessions.find(one).isPresent(), "a wrong code changes nothing");
        stack.factors.turnOffApp(p, codeNow(), IP);
        assertFalse(stack.factors.has(bob.id()));
        assertTrue(stack.sessions.find(one).isEmpty());
        assertEquals(0, count("recovery_codes"));
        assertEquals(FactorChange.APP_REMOVED, stack.record.recent(p).get(0).change());
    }

    @Test
    void reset_byAdministrator_removesFactorEndsSessionsAndRecordsWho() {
        bobTurnsOnApp();
        String session = stack.sessions.withCode(passwordStep().challengeId(), codeNow(), IP, null).sessionId();
        String pending = passwordStep().challengeId();
        assertEquals(Refusal.Kind.FORBIDDEN, assertThrows(Refusal.class,
                () -> stack.factors.reset(new Principal(bob.id(), false), bob.id(), IP)).kind());
        stack.factors.reset(new Principal(ada.id(), true), bob.id(), "10.9.9.9");
        assertFalse(stack.factors.has(bob.id()));
        assertTrue(stack.sessions.find(session).isEmpty());
        assertTrue(stack.sessions.challenge(pending).isEmpty(), "a half-done sign-in ends too");
        AccountEvent reset = stack.record.recent(new Principal(bob.id(), false)).get(0);
        assertEquals(FactorChange.RESET, reset.change());
        assertEquals(ada.id(), reset.byUserId());
        assertInstanceOf(AdminSessions.SignedIn.class,
                stack.sessions.signIn("bob@example.com", PASSWORD.toCharArray(), IP, null));
    }

    /** Gives {@code user} a passkey held by a software authenticator of the test's. */
    private SoftAuthenticator passkeyOf(User user) {
        SoftAuthenticator key = new SoftAuthenticator();
        Passkeys.CreationOptions o = stack.passkeys.startAdding(user);
        stack.passkeys.add(user, "Phone", key.create(SignInStack.SITE, "localhost", o.challenge(), o.userHandle()));
        return key;
    }

    private Ceremonies.Assertion answer(SoftAuthenticator key) {
        return key.get(SignInStack.SITE, "localhost", stack.passkeys.startAssertion().challenge());
    }

    @Test
    void withPasskey_accountsPasskeyAfterItsPassword_signsInAndRecordsPasswordAndPasskey() {
        SoftAuthenticator key = passkeyOf(bob);
        assertTrue(stack.factors.has(bob.id()), "a passkey is a second factor");
        AdminSessions.CodeAsked asked = passwordStep();
        AdminSessions.Waiting waiting = stack.sessions.challenge(asked.challengeId()).orElseThrow();
        assertFalse(waiting.app());
        assertTrue(waiting.passkey());
        AdminSessions.SignedIn in = stack.sessions.withPasskey(asked.challengeId(), answer(key), IP, null);
        assertEquals(bob.id(), stack.sessions.find(in.sessionId()).orElseThrow().user().id());
        assertEquals(SignInMethod.PASSWORD_PASSKEY, stack.record.recent(new Principal(bob.id(), false)).get(0).method());
        assertThrows(Refusal.class, () -> stack.sessions.withPasskey(asked.challengeId(), answer(key), IP, null),
                "the challenge completes once");
    }

    @Test
    void withPasskey_anotherAccountsPasskey_refusedCountedAndTheChallengeWaits() {
        passkeyOf(bob);
        SoftAuthenticator adas = passkeyOf(ada);
        String challenge = passwordStep().challengeId();
        long failuresBefore = count("login_failures");
        Refusal r = assertThrows(Refusal.class, () -> stack.sessions.withPasskey(challenge, answer(adas), IP, null));
        assertEquals("passkey_refused", r.code());
        assertTrue(count("login_failures") > failuresBefore, "counted as a wrong code");
        assertEquals(0, count("admin_sessions"));
        assertTrue(stack.sessions.challenge(challenge).isPresent());
    }

    @Test
    void reset_removesPasskeysToo() {
        SoftAuthenticator key = passkeyOf(bob);
        stack.factors.reset(new Principal(ada.id(), true), bob.id(), IP);
        assertFalse(stack.factors.has(bob.id()));
        assertEquals(List.of(), stack.passkeys.list(bob.id()));
        assertThrows(Refusal.class, () -> stack.sessions.signInWithPasskey(answer(key), IP, null));
    }

    @Test
    void reset_ownAccount_refused() {
        assertEquals("own_account", assertThrows(Refusal.class,
                () -> stack.factors.reset(new Principal(ada.id(), true), ada.id(), IP)).code());
    }

    @Test
    void recent_keepsTheNewestTwentyNewestFirst() {
        for (int i = 0; i < 25; i++) {
            stack.record.record(bob.id(), SignInMethod.SINGLE_SIGN_ON, "https://id.example.com", "10.0.0." + i);
        }
        List<AccountEvent> recent = stack.record.recent(new Principal(bob.id(), false));
        assertEquals(20, recent.size());
        assertEquals("10.0.0.24", recent.get(0).ipAddress());
        assertEquals("https://id.example.com", recent.get(0).issuer());
        assertNull(recent.get(0).change());
    }
}
