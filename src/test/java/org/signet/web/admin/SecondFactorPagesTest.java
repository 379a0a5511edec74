package org.signet.web.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.domain.User;
import org.signet.support.AdminClient;
import org.signet.support.SignetFixture;

/**
 * The authenticator app and the second sign-in step over raw HTTP, on a site that requires a second factor
 * and a hand-moved clock: a user without a factor reaches no page and changes nothing before setting one up;
 * the code step opens no page either; an administrator's reset and turning the app off end the sessions.
 */
class SecondFactorPagesTest {
    @RegisterExtension
    static final SignetFixture signet = SignetFixture.running("auth.require_second_factor=true");

    private static final List<String> PAGES = List.of("/admin", "/admin/documents", "/admin/keys", "/admin/webhooks",
            "/admin/users", "/admin/account");

    private static User user(String name, boolean admin) {
        return signet.server().app.users().add(name + System.nanoTime() + "@example.com", name, admin,
                AdminHttpTest.HASH);
    }

    private static String location(HttpResponse<String> r) {
        return r.headers().firstValue("Location").orElse(null);
    }

    /** Turns on the signed-in user's app, then moves to the next step so that a new code is due. */
    private static byte[] setUp(AdminClient c, List<String> recoveryCodes) {
        byte[] secret = AppSetUp.turnOn(c, signet.clock(), recoveryCodes);
        signet.clock().advance(Duration.ofSeconds(30));
        return secret;
    }

    private static String csrf(AdminClient c) {
        return AppSetUp.csrf(c);
    }

    private static String code(byte[] secret) {
        return AppSetUp.code(secret, signet.clock());
    }

    @Test
    void requireSecondFactor_noPageNorChangeBeforeSetUp_thenEveryPage() {
        User u = user("needs", true);
        AdminClient c = new AdminClient(signet.server());
        assertEquals("/admin/account/app", location(c.signIn(u.email(), AdminHttpTest.PASSWORD)));
        for (String path : PAGES) {
            HttpResponse<String> r = c.get(path);
            assertEquals(302, r.statusCode(), path);
            assertEquals("/admin/account/app?notice=factor_required", location(r), path);
        }
        String csrf = csrf(c);
        HttpResponse<String> key = c.post("/admin/keys", csrf, "name", "early", "permission", "read");
        assertEquals("/admin/account/app?notice=factor_required", location(key));
        HttpResponse<String> made = c.post("/admin/users", csrf, "email", "x" + System.nanoTime() + "@example.com",
                "name", "X");
        assertEquals("/admin/account/app?notice=factor_required", location(made));
        assertEquals(0, signet.server().app.database().queryLong("SELECT COUNT(*) FROM api_keys WHERE user_id = ?", u.id()));
        HttpResponse<String> setUpPage = c.get("/admin/account/app");
        assertEquals(200, setUpPage.statusCode());
        assertTrue(setUpPage.body().contains("id=\"app-required\""));
        assertFalse(setUpPage.body().contains("href=\"/admin/keys\""), "no way shown to pages not reachable yet");
        setUp(c, new ArrayList<>());
        for (String path : PAGES) {
            assertEquals(200, c.get(path).statusCode(), path);
        }
    }

    @Test
    void codeStep_challengeOpensNoPage_wrongCodeAgain_rightCodeSignsIn() {
        User u = user("coder", false);
        AdminClient c = new AdminClient(signet.server());
        c.signIn(u.email(), AdminHttpTest.PASSWORD);
        byte[] secret = setUp(c, new ArrayList<>());
        assertEquals(302, c.post("/admin/logout", csrf(c)).statusCode());
        HttpResponse<String> first = c.signIn(u.email(), AdminHttpTest.PASSWORD);
        assertEquals("/admin/login/code", location(first));
        assertNull(c.cookie(AdminRoutes.SESSION_COOKIE));
        assertTrue(c.cookie(CodeStep.COOKIE) != null);
        for (String path : PAGES) {
            assertEquals("/admin/login", location(c.get(path)), path);
        }
        HttpResponse<String> form = c.get("/admin/login/code");
        assertEquals(200, form.statusCode());
        HttpResponse<String> wrong = c.post("/admin/login/code", AdminClient.csrfOf(form), "code", "000000");
        assertEquals(401, wrong.statusCode());
        assertTrue(wrong.body().contains("id=\"code-error\""));
        HttpResponse<String> right = c.post("/admin/login/code", AdminClient.csrfOf(form), "code", code(secret));
        assertEquals("/admin", location(right));
        assertEquals(200, c.get("/admin/keys").statusCode());
        assertEquals("/admin/login?notice=sign_in_expired", location(c.get("/admin/login/code")), "used once");
    }

    @Test
    void codeStep_forgedToken_refusedWithoutSigningIn() {
        User u = user("forged", false);
        AdminClient c = new AdminClient(signet.server());
        c.signIn(u.email(), AdminHttpTest.PASSWORD);
        byte[] secret = setUp(c, new ArrayList<>());
        c.post("/admin/logout", csrf(c));
        c.signIn(u.email(), AdminHttpTest.PASSWORD);
        HttpResponse<String> r = c.post("/admin/login/code", "forged", "code", code(secret));
        assertEquals(403, r.statusCode());
        assertNull(c.cookie(AdminRoutes.SESSION_COOKIE));
    }

    @Test
    void usersPage_administratorResetsFactor_sessionsEndAndRecordNamesIt() {
        User admin = user("resetter", true);
        AdminClient a = new AdminClient(signet.server());
        a.signIn(admin.email(), AdminHttpTest.PASSWORD);
        setUp(a, new ArrayList<>());
        User u = user("lost", false);
        AdminClient c = new AdminClient(signet.server());
        c.signIn(u.email(), AdminHttpTest.PASSWORD);
        setUp(c, new ArrayList<>());
        assertTrue(a.get("/admin/users").body().contains("/admin/users/" + u.id() + "/second-factor/reset"));
        HttpResponse<String> r = a.post("/admin/users/" + u.id() + "/second-factor/reset", a.csrf());
        assertEquals("/admin/users?notice=user_factor_reset", location(r));
        assertEquals("/admin/login?notice=expired", location(c.get("/admin/keys")));
        AdminClient again = new AdminClient(signet.server());
        assertEquals("/admin/account/app", location(again.signIn(u.email(), AdminHttpTest.PASSWORD)),
                "no factor now, and one is required");
        String record = again.get("/admin/account/app").body();
        assertTrue(record.contains("id=\"app-required\""), record);
    }

    @Test
    void turnOff_withRecoveryCode_endsSessions_wrongCodeChangesNothing() {
        User u = user("off", false);
        AdminClient c = new AdminClient(signet.server());
        c.signIn(u.email(), AdminHttpTest.PASSWORD);
        List<String> codes = new ArrayList<>();
        setUp(c, codes);
        HttpResponse<String> wrong = c.post("/admin/account/app/off", csrf(c), "code", "abcde-fghij");
        assertEquals(400, wrong.statusCode());
        assertTrue(wrong.body().contains("data-app=\"on\""));
        HttpResponse<String> off = c.post("/admin/account/app/off", csrf(c), "code", codes.get(0));
        assertEquals("/admin/login?notice=app_removed", location(off));
        assertEquals("/admin/login?notice=expired", location(c.get("/admin/keys")));
    }

    @Test
    void badInput_answeredWithAPageAndChangesNothing() {
        User admin = user("careful", true);
        AdminClient c = new AdminClient(signet.server());
        c.signIn(admin.email(), AdminHttpTest.PASSWORD);
        HttpResponse<String> noQr = c.get("/admin/account/app/qr.svg");
        assertEquals(404, noQr.statusCode(), location(noQr));
        assertEquals(409, c.post("/admin/account/app/confirm", csrf(c), "code", "123456").statusCode());
        assertEquals(302, c.post("/admin/account/app/begin", csrf(c)).statusCode());
        HttpResponse<String> empty = c.post("/admin/account/app/confirm", csrf(c));
        assertEquals(400, empty.statusCode());
        assertTrue(empty.body().contains("id=\"app-code-error\""));
        assertEquals(400, c.post("/admin/account/app/confirm", csrf(c), "code", "9".repeat(5000)).statusCode());
        assertEquals(403, c.post("/admin/account/app/confirm", "stale", "code", "123456").statusCode());
        assertEquals("/admin/account/app?notice=factor_required",
                location(c.post("/admin/users/999999/second-factor/reset", csrf(c))), "not before the set-up");
        assertTrue(c.get("/admin/account/app").body().contains("data-app=\"setting-up\""), "still being set up");

        User set = user("set", true);
        AdminClient a = new AdminClient(signet.server());
        a.signIn(set.email(), AdminHttpTest.PASSWORD);
        setUp(a, new ArrayList<>());
        assertEquals(404, a.post("/admin/users/999999/second-factor/reset", a.csrf()).statusCode());
        assertEquals(409, a.post("/admin/users/" + set.id() + "/second-factor/reset", a.csrf()).statusCode());
        assertEquals(409, a.post("/admin/account/app/begin", a.csrf()).statusCode(), "an app is on already");
        assertEquals(200, a.get("/admin/keys").statusCode(), "nothing of it ended the session");

        AdminClient stranger = new AdminClient(signet.server());
        stranger.setCookie(CodeStep.COOKIE, "not-a-challenge");
        assertEquals("/admin/login?notice=sign_in_expired", location(stranger.get(CodeStep.PATH)));
        assertEquals("/admin/login?notice=sign_in_expired", location(stranger.post(CodeStep.PATH, "x", "code", "1")));
    }
}
