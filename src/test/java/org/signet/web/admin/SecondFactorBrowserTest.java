package org.signet.web.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.chrome.ChromeDriver;
import org.signet.crypto.Base32;
import org.signet.domain.User;
import org.signet.support.AdminClient;
import org.signet.support.Browser;
import org.signet.support.SignetFixture;
import org.signet.support.TestServer;
import org.signet.web.Axe;

/**
 * The authenticator app in a real headless Chromium, on a site that requires a second factor, in each of
 * the four languages (the browser's, as the user has chosen none): taken to the set-up before any page,
 * turned on with the QR code's secret after a wrong code, signed out, signed in with a code after a wrong
 * one, with a recovery code once and refused the second time, an administrator's reset on the Users page,
 * and the app turned off. Every page and state on the way is free of axe-core violations (WCAG 2.2 AA and
 * best practice) and of console errors.
 */
class SecondFactorBrowserTest {
    @RegisterExtension
    static final SignetFixture signet = SignetFixture.running("auth.require_second_factor=true");

    /** Each language's words the test finds its way by. */
    private record Words(String lang, String setUpTitle, String codeTitle, String signOut) {}

    private static final List<Words> LANGUAGES = List.of(
            new Words("en", "Authenticator app", "Enter a code", "Sign out"),
            new Words("de", "Authenticator-App", "Code eingeben", "Abmelden"),
            new Words("fr", "Application d’authentification", "Saisir un code", "Se déconnecter"),
            new Words("es", "Aplicación de autenticación", "Introducir un código", "Cerrar sesión"));

    static TestServer server;
    static Browser browser;

    @BeforeAll
    static void start() throws Exception {
        browser = Browser.start();
        server = signet.server();
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.close();
        }
    }

    @BeforeEach
    void fresh() {
        browser.reset(1280, 900);
        browser.consoleErrors();
    }

    @AfterEach
    void browserLanguage() {
        speak(null);
    }

    private static String url(String path) {
        return server.app.siteUrl() + path;
    }

    /** The browser asks for {@code lang} from now on (null: its own again). */
    private static void speak(String lang) {
        ChromeDriver chrome = (ChromeDriver) browser.driver();
        chrome.executeCdpCommand("Network.enable", Map.of());
        chrome.executeCdpCommand("Network.setExtraHTTPHeaders",
                Map.of("headers", lang == null ? Map.of() : Map.of("Accept-Language", lang)));
    }

    /**
     * The page is in {@code lang}, headed {@code heading} when given, free of axe violations and of console
     * errors but those Chromium logs itself for a page answered with 4xx, as a refused code is.
     */
    private static void clean(String what, String lang, String heading) {
        assertEquals(lang, browser.visible(By.tagName("html")).getAttribute("lang"), what);
        if (heading != null) {
            assertEquals(heading, browser.visible(By.tagName("h1")).getText(), what);
        }
        assertEquals(List.of(), Axe.violations(browser.driver(), Axe.WITH_BEST_PRACTICE), what + ": axe violations");
        assertEquals(List.of(), browser.consoleErrors().stream().filter(e -> !e.contains("Failed to load resource: the "
                + "server responded with a status of 4")).toList(), what + ": console errors");
    }

    private static void passwordStep(String email) {
        browser.open(url("/admin/login"));
        browser.visible(By.id("email")).sendKeys(email);
        browser.visible(By.id("password")).sendKeys(AdminHttpTest.PASSWORD);
        browser.click(By.id("login-submit"));
    }

    private static void code(String code) {
        browser.visible(By.id("code")).sendKeys(code);
        browser.click(By.id("code-submit"));
    }

    private static void signOut(Words w) {
        browser.click(By.xpath("//button[normalize-space()='" + w.signOut() + "']"));
        browser.visible(By.id("login-submit"));
    }

    private static String appCode(byte[] secret) {
        signet.clock().advance(Duration.ofSeconds(30));
        return AppSetUp.code(secret, signet.clock());
    }

    private static User user(String name, boolean admin) {
        return server.app.users().add(name + System.nanoTime() + "@example.com", name, admin, AdminHttpTest.HASH);
    }

    /** Another user with an app turned on, for an administrator to reset. */
    private static User withApp(String name) {
        User u = user(name, false);
        AdminClient c = new AdminClient(server);
        c.signIn(u.email(), AdminHttpTest.PASSWORD);
        AppSetUp.turnOn(c, signet.clock(), new ArrayList<>());
        return u;
    }

    @Test
    void app_setUpSignInWithCodeAndRecoveryCodeResetAndOff_everyStateCleanInFourLanguages() {
        for (Words w : LANGUAGES) {
            browser.reset(1280, 900);
            speak(w.lang());
            walk(w, user("ada-" + w.lang(), true), withApp("lost-" + w.lang()));
        }
    }

    @Test
    void phone_setUpRecoveryCodesAndCodeStep_fitTheScreenAndStayClean() {
        browser.reset(375, 740);
        Words en = LANGUAGES.get(0);
        User u = user("phone", false);
        passwordStep(u.email());
        browser.click(By.cssSelector("form[action='/admin/account/app/begin'] button"));
        browser.visible(By.id("app-qr"));
        fits("setting up on a phone");
        byte[] secret = Base32.decode(browser.visible(By.id("app-secret")).getText());
        browser.visible(By.id("app-code")).sendKeys(AppSetUp.code(secret, signet.clock()));
        browser.click(By.id("app-confirm"));
        browser.visible(By.id("recovery-codes"));
        fits("recovery codes on a phone");
        browser.click(By.id("app-continue"));
        signOut(en);
        passwordStep(u.email());
        browser.visible(By.id("code"));
        fits("code step on a phone");
    }

    /** The page scrolls no way but down, and is clean. */
    private static void fits(String what) {
        long overflow = (Long) browser.js("return document.documentElement.scrollWidth - window.innerWidth;");
        assertTrue(overflow <= 0, what + " scrolls sideways by " + overflow + " px");
        clean(what, "en", null);
    }

    private static void walk(Words w, User u, User lost) {
        String lang = w.lang();
        passwordStep(u.email());
        browser.visible(By.id("app-required"));
        clean("set-up required, " + lang, lang, w.setUpTitle());
        browser.open(url("/admin/keys"));
        assertTrue(browser.driver().getCurrentUrl().endsWith("/admin/account/app?notice=factor_required"), lang);
        clean("sent back to the set-up, " + lang, lang, w.setUpTitle());

        browser.click(By.cssSelector("form[action='/admin/account/app/begin'] button"));
        browser.visible(By.id("app-qr"));
        browser.until(d -> (Boolean) browser.js("var i = document.getElementById('app-qr');"
                + "return i.complete && i.naturalWidth > 0;"));
        clean("setting up, " + lang, lang, w.setUpTitle());
        byte[] secret = Base32.decode(browser.visible(By.id("app-secret")).getText());
        browser.visible(By.id("app-code")).sendKeys("000000".equals(AppSetUp.code(secret, signet.clock())) ? "111111"
                : "000000");
        browser.click(By.id("app-confirm"));
        browser.visible(By.id("app-code-error"));
        clean("a wrong code at set-up, " + lang, lang, w.setUpTitle());
        browser.visible(By.id("app-code")).sendKeys(AppSetUp.code(secret, signet.clock()));
        browser.click(By.id("app-confirm"));
        browser.visible(By.id("recovery-codes"));
        List<String> recovery = browser.all(By.cssSelector("#recovery-codes li")).stream().map(e -> e.getText()).toList();
        assertEquals(10, recovery.size(), lang);
        clean("recovery codes, " + lang, lang, null);
        browser.click(By.id("app-continue"));
        assertEquals("on", browser.visible(By.id("account-app")).getAttribute("data-app"));
        clean("account with the app on, " + lang, lang, null);

        signOut(w);
        passwordStep(u.email());
        browser.visible(By.id("code"));
        clean("code step, " + lang, lang, w.codeTitle());
        code("12345");
        browser.visible(By.id("code-error"));
        clean("a wrong code at sign-in, " + lang, lang, w.codeTitle());
        code(appCode(secret));
        browser.visible(By.id("by-state"));

        signOut(w);
        passwordStep(u.email());
        code(recovery.get(0));
        browser.visible(By.id("by-state"));
        signOut(w);
        passwordStep(u.email());
        code(recovery.get(0));
        browser.visible(By.id("code-error"));
        code(recovery.get(1));
        browser.visible(By.id("by-state"));

        browser.open(url("/admin/account"));
        assertTrue(browser.present(By.cssSelector("td[data-event='password_app']")), lang);
        assertTrue(browser.present(By.cssSelector("td[data-event='password_recovery_code']")), lang);
        assertTrue(browser.present(By.cssSelector("td[data-event='app_added']")), lang);
        clean("account with its record, " + lang, lang, null);

        browser.open(url("/admin/users"));
        clean("users with a reset button, " + lang, lang, null);
        browser.click(By.cssSelector("form[action='/admin/users/" + lost.id() + "/second-factor/reset'] button"));
        browser.visible(By.cssSelector(".notice"));
        assertTrue(!browser.present(By.cssSelector("form[action='/admin/users/" + lost.id()
                + "/second-factor/reset']")), lang);
        clean("users after a reset, " + lang, lang, null);

        browser.open(url("/admin/account/app"));
        assertEquals("on", browser.visible(By.id("app-state")).getAttribute("data-app"));
        clean("the app on, " + lang, lang, w.setUpTitle());
        browser.visible(By.id("app-code")).sendKeys(appCode(secret));
        browser.click(By.id("app-off"));
        browser.visible(By.id("login-submit"));
        browser.visible(By.cssSelector(".notice"));
        clean("signed out by turning the app off, " + lang, lang, null);
        browser.open(url("/admin/login?notice=sign_in_expired"));
        browser.visible(By.cssSelector(".notice"));
        clean("sign-in ended, " + lang, lang, null);
    }
}
