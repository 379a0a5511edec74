package org.signet.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.domain.User;
import org.signet.error.Refusal;
import org.signet.oidc.OidcSettings;
import org.signet.oidc.OpenIdProvider;
import org.signet.store.Database;
import org.signet.store.OidcPendingStore;
import org.signet.store.UserStore;
import org.signet.support.SignetFixture;
import org.signet.support.SuiteDatabase;
import org.signet.support.TestOpenIdProvider;

/**
 * Single sign-on against a provider of the test's own over real HTTP, on a real database: who is signed in to
 * which account (linked by subject, found by a verified email, made from the claims, an administrator by the
 * group), and each refusal, which signs nobody in and is counted by its code.
 */
class SingleSignOnTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.stopped();

    private Database db;
    private UserStore users;
    private AdminSessions sessions;
    private TestOpenIdProvider provider;

    @BeforeEach
    void open() throws Exception {
        db = SuiteDatabase.open(signet.dir(), "NORMAL", 4);
        SignInStack stack = new SignInStack(db, signet.dir(), signet.clock(), false);
        users = stack.users;
        sessions = stack.sessions;
        provider = TestOpenIdProvider.start(signet.clock());
    }

    @AfterEach
    void close() {
        provider.close();
        db.close();
    }

    private SingleSignOn sso(SingleSignOn.Policy policy, String issuer, String secret) {
        OpenIdProvider client = new OpenIdProvider(new OidcSettings(URI.create(issuer), TestOpenIdProvider.CLIENT_ID,
                secret, "openid email profile"), () -> URI.create("http://localhost/admin/oidc/callback"), signet.clock());
        return new SingleSignOn(client, new OidcPendingStore(db), users, sessions, signet.clock(), policy);
    }

    private SingleSignOn sso(SingleSignOn.Policy policy) {
        return sso(policy, provider.issuer(), TestOpenIdProvider.CLIENT_SECRET);
    }

    private static final SingleSignOn.Policy EXISTING_ONLY = new SingleSignOn.Policy(false, Optional.empty());

    /** Starts a sign-in and comes back from the provider as {@code subject} with a fresh code. */
    private AdminSessions.SignedIn signIn(SingleSignOn sso, String subject) {
        SingleSignOn.Start start = sso.begin();
        Map<String, String> q = query(start.redirect());
        return sso.complete(new SingleSignOn.Callback(q.get("state"), provider.code(q.get("nonce"), subject), null,
                start.binding()), "192.0.2.1", null);
    }

    private static String refusal(Runnable r) {
        return assertThrows(Refusal.class, r::run).code();
    }

    private long sessionCount() {
        return db.queryLong("SELECT COUNT(*) FROM admin_sessions");
    }

    @Test
    void begin_authorizationRequest_codeFlowWithPkceStateAndNonce() {
        Map<String, String> q = query(sso(EXISTING_ONLY).begin().redirect());
        assertEquals("code", q.get("response_type"));
        assertEquals("S256", q.get("code_challenge_method"));
        assertEquals(43, q.get("code_challenge").length());
        assertEquals("openid email profile", q.get("scope"));
        assertEquals("http://localhost/admin/oidc/callback", q.get("redirect_uri"));
        assertTrue(q.get("state").length() >= 43 && q.get("nonce").length() >= 43, q.toString());
    }

    @Test
    void complete_existingAccount_signedInAndLinkedBySubject() {
        User ann = users.add("ann@example.com", "Ann", false, null);
        SingleSignOn sso = sso(EXISTING_ONLY);
        assertEquals(ann.id(), signIn(sso, "ann@example.com").session().user().id());
        assertEquals(ann.id(), users.findLinked(provider.issuer(), "ann@example.com").orElseThrow().id());

        provider.bend(c -> c.claim("email", "ann.new@example.com"));
        assertEquals(ann.id(), signIn(sso, "ann@example.com").session().user().id(), "same sub, another email");
    }

    @Test
    void complete_unknownPerson_refusedUnlessTheSiteMakesAccounts() {
        assertEquals("sso_unknown_user", refusal(() -> signIn(sso(EXISTING_ONLY), "carol@example.com")));
        assertTrue(users.findByEmail("carol@example.com").isEmpty());
        assertEquals(0, sessionCount());

        User made = signIn(sso(new SingleSignOn.Policy(true, Optional.empty())), "carol@example.com").session().user();
        assertEquals("carol@example.com", made.email());
        assertEquals("Person carol@example.com", made.name());
        assertFalse(made.admin() || made.hasPassword());
    }

    @Test
    void complete_unverifiedEmail_refused() {
        users.add("erin@example.com", "Erin", false, null);
        provider.bend(c -> c.claim("email_verified", false));
        assertEquals("sso_email_unverified", refusal(() -> signIn(sso(EXISTING_ONLY), "erin@example.com")));
        assertTrue(users.findLinked(provider.issuer(), "erin@example.com").isEmpty());
        assertEquals(0, sessionCount());
    }

    @Test
    void complete_adminGroup_grantsAndWithdrawsTheFlag() {
        users.add("bob@example.com", "Bob", false, null);
        SingleSignOn sso = sso(new SingleSignOn.Policy(false, Optional.of("signet-admins")));
        provider.bend(c -> c.claim("groups", List.of("staff", "signet-admins")));
        assertTrue(signIn(sso, "bob@example.com").session().user().admin());
        provider.bend(c -> c.claim("groups", List.of("staff")));
        assertFalse(signIn(sso, "bob@example.com").session().user().admin());
    }

    @Test
    void complete_disabledAccount_refused() {
        users.disable(users.add("dan@example.com", "Dan", false, null).id());
        assertEquals("sso_account_disabled", refusal(() -> signIn(sso(EXISTING_ONLY), "dan@example.com")));
    }

    @Test
    void complete_stateForgedReplayedStaleOrOfAnotherBrowser_refused() {
        users.add("ann@example.com", "Ann", false, null);
        SingleSignOn sso = sso(EXISTING_ONLY);
        SingleSignOn.Start start = sso.begin();
        Map<String, String> q = query(start.redirect());
        Function<String, SingleSignOn.Callback> back = binding -> new SingleSignOn.Callback(q.get("state"),
                provider.code(q.get("nonce"), "ann@example.com"), null, binding);
        assertEquals("sso_state", refusal(() -> sso.complete(new SingleSignOn.Callback("forged", "c", null,
                start.binding()), "192.0.2.1", null)));
        assertEquals("sso_state", refusal(() -> sso.complete(back.apply("another-browser"), "192.0.2.1", null)));
        assertEquals("sso_state", refusal(() -> sso.complete(back.apply(start.binding()), "192.0.2.1", null)),
                "the try from another browser used the state up");

        SingleSignOn.Start second = sso.begin();
        Map<String, String> q2 = query(second.redirect());
        SingleSignOn.Callback good = new SingleSignOn.Callback(q2.get("state"),
                provider.code(q2.get("nonce"), "ann@example.com"), null, second.binding());
        sso.complete(good, "192.0.2.1", null);
        assertEquals("sso_state", refusal(() -> sso.complete(good, "192.0.2.1", null)), "replayed");

        SingleSignOn.Start third = sso.begin();
        Map<String, String> q3 = query(third.redirect());
        signet.clock().advance(SingleSignOn.PENDING.plusSeconds(1));
        assertEquals("sso_state", refusal(() -> sso.complete(new SingleSignOn.Callback(q3.get("state"),
                provider.code(q3.get("nonce"), "ann@example.com"), null, third.binding()), "192.0.2.1", null)), "stale");
        assertEquals(1, sessionCount());
    }

    @Test
    void complete_wrongAudienceOrExpiredToken_refused() {
        users.add("ann@example.com", "Ann", false, null);
        SingleSignOn sso = sso(EXISTING_ONLY);
        provider.bend(c -> c.audience("another-client"));
        assertEquals("sso_invalid_token", refusal(() -> signIn(sso, "ann@example.com")));
        provider.bend(c -> c.expirationTime(Date.from(signet.clock().instant().minusSeconds(120))));
        assertEquals("sso_invalid_token", refusal(() -> signIn(sso, "ann@example.com")));
        assertEquals(0, sessionCount());
        assertEquals(Map.of("sso_invalid_token", 2L), sso.refusals());
    }

    @Test
    void complete_providerErrorOrWrongClientSecret_refused() {
        users.add("ann@example.com", "Ann", false, null);
        SingleSignOn sso = sso(EXISTING_ONLY, provider.issuer(), "not-the-secret");
        SingleSignOn.Start start = sso.begin();
        String state = query(start.redirect()).get("state");
        assertEquals("sso_provider_error", refusal(() -> sso.complete(new SingleSignOn.Callback(state, null,
                "access_denied", start.binding()), "192.0.2.1", null)));
        assertEquals("sso_token_refused", refusal(() -> signIn(sso, "ann@example.com")));
        assertEquals(0, sessionCount());
    }

    @Test
    void begin_providerUnreachable_refused() throws Exception {
        int closed = org.signet.process.ChildProcess.freePort();
        SingleSignOn sso = sso(EXISTING_ONLY, "http://127.0.0.1:" + closed, TestOpenIdProvider.CLIENT_SECRET);
        assertEquals("sso_unreachable", refusal(sso::begin));
        assertEquals(Map.of("sso_unreachable", 1L), sso.refusals());
    }

    @Test
    void evictExpired_forgetsSignInsNeverCompleted() {
        SingleSignOn sso = sso(EXISTING_ONLY);
        sso.begin();
        sso.evictExpired();
        assertEquals(1, db.queryLong("SELECT COUNT(*) FROM oidc_pending"));
        signet.clock().advance(SingleSignOn.PENDING.plusSeconds(1));
        sso.evictExpired();
        assertEquals(0, db.queryLong("SELECT COUNT(*) FROM oidc_pending"));
    }

    private static Map<String, String> query(URI uri) {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        for (String pair : uri.getRawQuery().split("&")) {
            int eq = pair.indexOf('=');
            out.put(pair.substring(0, eq), URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return out;
    }
}
