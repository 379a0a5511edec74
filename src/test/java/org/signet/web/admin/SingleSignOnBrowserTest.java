package org.signet.web.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.chrome.ChromeDriver;
import org.signet.domain.User;
import org.signet.support.AdminClient;
import org.signet.support.Browser;
import org.signet.support.LogCapture;
import org.signet.support.OpenIdProviderProcess;
import org.signet.support.SignetFixture;
import org.signet.web.Axe;

/**
 * Single sign-on in a real headless Chromium through a real OpenID provider (panva's oidc-provider, run with
 * Node, its development login pages): an existing account, one made from the claims, an administrator made by
 * the group; and each refusal the provider can be made to cause (an unknown person, an unverified email, a
 * forged state, a wrong client secret, a provider that cannot be reached) as a page in words with the request
 * id, logged and counted in {@code /metrics}, signing nobody in. The sign-in page with its button and the
 * refusal page are free of axe-core violations in the four languages. The ID token's own checks (audience,
 * expiry, algorithms) are in {@code IdTokenCheckTest} and {@code SingleSignOnTest}.
 */
class SingleSignOnBrowserTest {
    static final int PROVIDER_PORT = reserve();
    static final String ISSUER = "http://localhost:" + PROVIDER_PORT;

    /** Existing accounts only, administrators by the group, no passwords. */
    @RegisterExtension
    static final SignetFixture existing = SignetFixture.running(settings(OpenIdProviderProcess.CLIENT_SECRET,
            "auth.oidc.admin_group=signet-admins", "auth.passwords=false")).onSystemClock();
    /** Accounts made at the first sign-in, the button in the site's own words. */
    @RegisterExtension
    static final SignetFixture creating = SignetFixture.running(settings(OpenIdProviderProcess.CLIENT_SECRET,
            "auth.oidc.create_users=true", "auth.oidc.label=Sign in with Keycloak")).onSystemClock();
    @RegisterExtension
    static final SignetFixture wrongSecret = SignetFixture.running(settings("not-the-secret")).onSystemClock();
    @RegisterExtension
    static final SignetFixture unreachable = SignetFixture.running("auth.oidc.issuer=http://localhost:" + reserve(),
            "auth.oidc.client_id=signet", "auth.oidc.client_secret=x").onSystemClock();

    static OpenIdProviderProcess provider;
    static Browser browser;

    private static String[] settings(String secret, String... more) {
        List<String> all = new java.util.ArrayList<>(List.of("auth.oidc.issuer=" + ISSUER,
                "auth.oidc.client_id=" + OpenIdProviderProcess.CLIENT_ID, "auth.oidc.client_secret=" + secret));
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }

    private static int reserve() {
        try {
            return OpenIdProviderProcess.reservePort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @BeforeAll
    static void start() throws Exception {
        provider = OpenIdProviderProcess.start(PROVIDER_PORT, List.of(callback(existing), callback(creating),
                callback(wrongSecret)));
        browser = Browser.start();
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.close();
        }
        if (provider != null) {
            provider.close();
        }
    }

    @BeforeEach
    void fresh() {
        browser.reset(1280, 900);
        browser.consoleErrors();
    }

    private static String callback(SignetFixture signet) {
        return signet.server().app.siteUrl() + "/admin/oidc/callback";
    }

    private static String url(SignetFixture signet, String path) {
        return signet.server().app.siteUrl() + path;
    }

    /** From Signet's sign-in page through the provider's login page as {@code login}, back to Signet. */
    private static void throughProvider(SignetFixture signet, String login) {
        browser.open(url(signet, "/admin/login"));
        browser.click(By.id("sso-start"));
        browser.visible(By.name("login")).sendKeys(login);
        browser.visible(By.name("password")).sendKeys("any password");
        browser.click(By.cssSelector("button.login-submit"));
        String site = signet.server().app.siteUrl();
        browser.until(d -> d.getCurrentUrl().startsWith(site) && !d.findElements(By.tagName("h1")).isEmpty());
    }

    /** Signed in: the dashboard, with {@code email} as who is signed in. */
    private static void assertSignedIn(SignetFixture signet, String email) {
        browser.until(d -> d.getCurrentUrl().equals(url(signet, "/admin")));
        assertEquals(email, browser.visible(By.cssSelector(".who")).getText());
    }

    /** A refusal page with the words for {@code code} and the request id; nobody signed in. */
    private static void assertRefused(SignetFixture signet, String code, String words) {
        assertTrue(browser.visible(By.id("request-id")).getText().matches("[A-Za-z0-9_-]{8,}"), code);
        assertTrue(browser.visible(By.cssSelector("main")).getText().contains(words), code + ": "
                + browser.visible(By.cssSelector("main")).getText());
        assertFalse(browser.driver().getPageSource().contains("Exception"), code);
        browser.open(url(signet, "/admin"));
        browser.until(d -> d.getCurrentUrl().startsWith(url(signet, "/admin/login")));
        assertTrue(metrics(signet).contains("signet_sso_refusals_total{reason=\"" + code + "\"}"), code);
    }

    /** The console's errors, but for the development login page's web font, which this machine cannot fetch. */
    private static List<String> signetConsoleErrors() {
        return browser.consoleErrors().stream().filter(e -> !e.contains("fonts.googleapis.com")).toList();
    }

    private static String metrics(SignetFixture signet) {
        try {
            HttpResponse<String> r = signet.client().send(HttpRequest.newBuilder(URI.create(url(signet, "/metrics")))
                    .GET().build(), HttpResponse.BodyHandlers.ofString());
            return r.body();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Test
    void existingAccount_signsInAndIsFoundBySubjectWhenTheEmailChanges() {
        User ann = existing.server().app.users().add("ann@example.com", "Ann", false, null);
        throughProvider(existing, "ann@example.com");
        assertSignedIn(existing, "ann@example.com");
        assertEquals(List.of(), signetConsoleErrors());

        provider.claims("ann@example.com", Map.of("email", "ann.elsewhere@example.com", "email_verified", true));
        browser.reset(1280, 900);
        throughProvider(existing, "ann@example.com");
        assertSignedIn(existing, "ann@example.com");
        assertEquals(ann.id(), existing.server().app.users().findByEmail("ann@example.com").orElseThrow().id());
    }

    @Test
    void adminGroup_makesTheAccountAnAdministrator() {
        existing.server().app.users().add("bob@example.com", "Bob", false, null);
        provider.claims("bob@example.com", Map.of("groups", List.of("staff", "signet-admins")));
        throughProvider(existing, "bob@example.com");
        assertSignedIn(existing, "bob@example.com");
        assertTrue(existing.server().app.users().findByEmail("bob@example.com").orElseThrow().admin());
        assertTrue(browser.present(By.cssSelector("a[href='/admin/users']")), "the administrators' section shows");
    }

    @Test
    void createUsers_makesTheAccountFromTheClaims() {
        browser.open(url(creating, "/admin/login"));
        assertEquals("Sign in with Keycloak", browser.visible(By.id("sso-start")).getText());
        assertTrue(browser.present(By.id("password")), "passwords stay on by default");
        throughProvider(creating, "carol@example.com");
        assertSignedIn(creating, "carol@example.com");
        User carol = creating.server().app.users().findByEmail("carol@example.com").orElseThrow();
        assertEquals("Person carol@example.com", carol.name());
        assertFalse(carol.admin() || carol.hasPassword());
    }

    @Test
    void unknownPerson_refusedAndLoggedWithTheRequestId() {
        try (LogCapture log = new LogCapture("signet.sso")) {
            throughProvider(existing, "dave@example.com");
            String requestId = browser.visible(By.id("request-id")).getText();
            assertRefused(existing, "sso_unknown_user", "There is no account here for you yet.");
            assertTrue(log.lines.stream().anyMatch(l -> l.contains("sso_unknown_user") && l.contains(requestId)),
                    log.lines.toString());
        }
        assertTrue(existing.server().app.users().findByEmail("dave@example.com").isEmpty());
    }

    @Test
    void unverifiedEmail_refused() {
        existing.server().app.users().add("erin@example.com", "Erin", false, null);
        provider.claims("erin@example.com", Map.of("email_verified", false));
        throughProvider(existing, "erin@example.com");
        assertRefused(existing, "sso_email_unverified", "has not confirmed your email address");
    }

    @Test
    void forgedState_refused() {
        existing.server().app.users().add("fay@example.com", "Fay", false, null);
        browser.open(url(existing, "/admin/login"));
        browser.click(By.id("sso-start"));
        browser.visible(By.name("login"));
        browser.open(url(existing, "/admin/oidc/callback?state=forged-state&code=any-code"));
        assertRefused(existing, "sso_state", "This sign-in link is not valid");
    }

    @Test
    void wrongClientSecret_refused() {
        wrongSecret.server().app.users().add("gus@example.com", "Gus", false, null);
        throughProvider(wrongSecret, "gus@example.com");
        assertRefused(wrongSecret, "sso_token_refused", "did not accept this site");
    }

    @Test
    void providerUnreachable_refused() {
        browser.open(url(unreachable, "/admin/login"));
        browser.click(By.id("sso-start"));
        assertRefused(unreachable, "sso_unreachable", "cannot be reached just now");
    }

    @Test
    void passwordsOff_noFormAndAPostedPasswordRefused() {
        browser.open(url(existing, "/admin/login"));
        assertTrue(browser.present(By.id("sso-start")));
        assertFalse(browser.present(By.id("password")) || browser.present(By.id("email")));
        existing.server().app.users().add("hal@example.com", "Hal", true, AdminHttpTest.HASH);
        AdminClient client = new AdminClient(existing.server());
        client.get("/admin/login");
        HttpResponse<String> posted = client.post("/admin/login", client.cookie(AdminRoutes.LOGIN_COOKIE),
                "email", "hal@example.com", "password", AdminHttpTest.PASSWORD);
        assertEquals(403, posted.statusCode());
        assertTrue(posted.body().contains("This site does not take passwords"), posted.body());
        assertTrue(AdminClient.setCookies(posted).stream().noneMatch(c -> c.startsWith(AdminRoutes.SESSION_COOKIE)));
    }

    @Test
    void signInAndRefusalPages_accessibleInFourLanguages() {
        ChromeDriver chrome = (ChromeDriver) browser.driver();
        chrome.executeCdpCommand("Network.enable", Map.of());
        Map<String, String> headings = Map.of("en", "Sign in", "de", "Anmelden", "fr", "Se connecter",
                "es", "Iniciar sesión");
        try {
            for (String code : List.of("en", "de", "fr", "es")) {
                chrome.executeCdpCommand("Network.setExtraHTTPHeaders", Map.of("headers", Map.of("Accept-Language", code)));
                for (SignetFixture signet : List.of(existing, creating)) {
                    browser.open(url(signet, "/admin/login"));
                    assertEquals(code, browser.visible(By.tagName("html")).getAttribute("lang"));
                    assertEquals(headings.get(code), browser.visible(By.tagName("h1")).getText());
                    assertEquals(List.of(), Axe.violations(browser.driver(), Axe.WITH_BEST_PRACTICE), code + " sign-in");
                }
                browser.open(url(existing, "/admin/oidc/callback?state=forged&code=x"));
                browser.visible(By.id("request-id"));
                assertEquals(code, browser.visible(By.tagName("html")).getAttribute("lang"));
                assertEquals(List.of(), Axe.violations(browser.driver(), Axe.WITH_BEST_PRACTICE), code + " refusal");
            }
        } finally {
            chrome.executeCdpCommand("Network.setExtraHTTPHeaders", Map.of("headers", Map.of()));
        }
    }
}
