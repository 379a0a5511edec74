package org.signet.web.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.support.AdminClient;
import org.signet.support.SignetFixture;
import org.signet.support.TestOpenIdProvider;

/**
 * The two single sign-on addresses over HTTP against a provider of the test's own, for what the real provider
 * cannot be made to send: an ID token for another audience and an expired one are each a page in words with the
 * request id, counted in {@code /metrics}, with no session cookie; a good one sets the session cookie
 * ({@code SameSite=Strict}), clears the binding cookie and answers a page of the site's own that goes on.
 */
class SingleSignOnHttpTest {
    private TestOpenIdProvider provider;

    @RegisterExtension
    final SignetFixture signet = SignetFixture.running(() -> new String[] {"auth.oidc.issuer=" + provider.issuer(),
            "auth.oidc.client_id=" + TestOpenIdProvider.CLIENT_ID,
            "auth.oidc.client_secret=" + TestOpenIdProvider.CLIENT_SECRET}).onSystemClock();

    @BeforeEach
    void users() {
        signet.server().app.users().add("ann@example.com", "Ann", false, null);
    }

    @AfterEach
    void stop() {
        provider.close();
    }

    /** The provider starts before the fixture reads its settings, as the fixture's supplier asks for its address. */
    SingleSignOnHttpTest() throws Exception {
        provider = TestOpenIdProvider.start(java.time.Clock.systemUTC());
    }

    /** Starts a sign-in and comes back with a code for Ann, as the browser would from the provider. */
    private HttpResponse<String> backFromProvider(AdminClient client) {
        HttpResponse<String> start = client.get("/admin/oidc/start");
        assertEquals(302, start.statusCode(), start.body());
        Map<String, String> q = query(URI.create(start.headers().firstValue("Location").orElseThrow()));
        String code = provider.code(q.get("nonce"), "ann@example.com");
        return client.get("/admin/oidc/callback?state=" + enc(q.get("state")) + "&code=" + enc(code));
    }

    @Test
    void callback_goodToken_sessionCookieAndAPageThatGoesOn() {
        AdminClient client = new AdminClient(signet.server());
        HttpResponse<String> page = backFromProvider(client);
        assertEquals(200, page.statusCode(), page.body());
        assertTrue(page.body().contains("<meta http-equiv=\"refresh\" content=\"0; url=/admin\" />"), page.body());
        assertTrue(AdminClient.setCookies(page).stream().anyMatch(c -> c.startsWith(AdminRoutes.SESSION_COOKIE + "=")
                && c.contains("SameSite=Strict") && c.contains("HttpOnly")), AdminClient.setCookies(page).toString());
        assertTrue(AdminClient.setCookies(page).stream().anyMatch(c -> c.startsWith("signet_oidc=;")
                && c.contains("Max-Age=0")), AdminClient.setCookies(page).toString());
        assertEquals(200, client.get("/admin").statusCode());
    }

    @Test
    void callback_wrongAudienceOrExpiredToken_refusedWithAPageAndCounted() {
        provider.bend(c -> c.audience("another-client"));
        assertRefused(backFromProvider(new AdminClient(signet.server())));
        provider.bend(c -> c.expirationTime(new Date(System.currentTimeMillis() - 120_000)));
        assertRefused(backFromProvider(new AdminClient(signet.server())));
        String metrics = new AdminClient(signet.server()).get("/metrics").body();
        assertTrue(metrics.contains("signet_sso_refusals_total{reason=\"sso_invalid_token\"} 2"), metrics);
    }

    private static void assertRefused(HttpResponse<String> page) {
        assertEquals(401, page.statusCode());
        assertTrue(page.body().contains("could not be trusted"), page.body());
        assertTrue(page.body().contains("id=\"request-id\">" + page.headers().firstValue("X-Request-Id").orElseThrow()),
                page.body());
        assertFalse(page.body().contains("Exception") || page.body().contains("audience"), page.body());
        assertTrue(AdminClient.setCookies(page).stream().noneMatch(c -> c.startsWith(AdminRoutes.SESSION_COOKIE)));
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private static Map<String, String> query(URI uri) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String pair : uri.getRawQuery().split("&")) {
            int eq = pair.indexOf('=');
            out.put(pair.substring(0, eq), URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return out;
    }
}
