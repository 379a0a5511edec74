package org.signet.web.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.support.AdminClient;
import org.signet.support.SignetFixture;
import org.signet.support.TestServer;

/**
 * Lockout, restarts and HTTPS sites, each on a server of its own: a locked-out address would lock
 * every other test of a shared server out too.
 */
class AdminLockoutTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running().onSystemClock();

    @Test
    void signIn_afterFiveFailures_lockedWithRightPasswordToo() throws Exception {
        signet.server().app.users().add("ada@example.com", "Ada", true, AdminHttpTest.HASH);
        for (int i = 0; i < 4; i++) {
            assertEquals(401, new AdminClient(signet.server()).signIn("ada@example.com", "wrong " + i).statusCode());
        }
        assertEquals(429, new AdminClient(signet.server()).signIn("ada@example.com", "wrong again").statusCode());
        HttpResponse<String> r = new AdminClient(signet.server()).signIn("ada@example.com", AdminHttpTest.PASSWORD);
        assertEquals(429, r.statusCode());
        assertTrue(r.body().contains("Too many failed sign-ins"), r.body());
        assertTrue(r.headers().firstValue("Retry-After").isPresent());
    }

    @Test
    void signIn_afterTwentyFailuresFromOneAddress_lockedForEveryAccount() throws Exception {
        signet.server().app.users().add("ada@example.com", "Ada", true, AdminHttpTest.HASH);
        for (int i = 0; i < 20; i++) {
            new AdminClient(signet.server()).signIn("guess" + i + "@example.com", "guess");
        }
        assertEquals(429, new AdminClient(signet.server()).signIn("ada@example.com", AdminHttpTest.PASSWORD).statusCode());
    }

    @Test
    void session_survivesRestart() throws Exception {
        signet.server().app.users().add("ada@example.com", "Ada", true, AdminHttpTest.HASH);
        AdminClient c = new AdminClient(signet.server());
        assertEquals(302, c.signIn("ada@example.com", AdminHttpTest.PASSWORD).statusCode());
        String cookie = c.cookie("signet_admin");
        TestServer again = signet.start();
        AdminClient after = new AdminClient(again);
        after.setCookie("signet_admin", cookie);
        assertEquals(200, after.get("/admin/keys").statusCode());
    }

    @Test
    void signIn_onHttpsSite_marksCookieSecure() throws Exception {
        signet.start("site.url=https://sign.example.com");
        signet.server().app.users().add("ada@example.com", "Ada", true, AdminHttpTest.HASH);
        HttpResponse<String> r = new AdminClient(signet.server()).signIn("ada@example.com", AdminHttpTest.PASSWORD);
        String cookie = AdminClient.setCookies(r).stream().filter(s -> s.startsWith("signet_admin=")).findFirst()
                .orElseThrow();
        assertTrue(cookie.endsWith("; Secure"), cookie);
    }
}
