package org.signet.web.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.Select;
import org.signet.support.Browser;
import org.signet.support.SignetFixture;
import org.signet.support.TestServer;
import org.signet.web.Axe;

/**
 * The administrator pages in French, German and Spanish (and English, the browser's here) in a real
 * headless Chromium: the language chosen on the account page, then every section walked in it, on a
 * desktop and a phone, each page free of axe-core violations with best practice included and of
 * console errors; error pages in the same look; and the browser's own language before any choice.
 */
class AdminLanguagesBrowserTest {
    @RegisterExtension
    static final SignetFixture signet = SignetFixture.running("webhooks.allow_private=true").onSystemClock();

    static TestServer server;
    static Browser browser;
    static String completedDoc;
    static String pendingDoc;
    static long webhookId;

    @BeforeAll
    static void start() throws Exception {
        browser = Browser.start();
        server = signet.server();
        server.app.users().add("ada@example.com", "Ada Admin", true, AdminHttpTest.HASH);
        server.app.users().add("bea@example.com", "Bea Admin", true, AdminHttpTest.HASH);
        TestServer.Account sam = server.account("sam@example.com", false);
        AdminPagesSample sample = AdminPagesSample.seed(server, sam);
        completedDoc = sample.completedDoc();
        pendingDoc = sample.pendingDoc();
        webhookId = sample.webhookId();
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

    private static String url(String path) {
        return server.app.siteUrl() + path;
    }

    private static void signIn(String email) {
        AdminPagesSample.signIn(browser, server, email);
    }

    /** Chooses {@code code} (empty: the browser's, English here) on the account page, through its form, as a user does. */
    private static void choose(String code) {
        browser.open(url("/admin/account"));
        new Select(browser.visible(By.id("account-language"))).selectByValue(code);
        browser.click(By.id("account-save"));
        browser.visible(By.cssSelector(".notice"));
        assertEquals(code.isEmpty() ? "en" : code, lang());
    }

    private static String lang() {
        return browser.visible(By.tagName("html")).getAttribute("lang");
    }

    /** The page is in {@code code}, headed {@code heading}, and clean with best practice included. */
    private static void clean(String what, String code, String heading) {
        accessible(what, code, heading);
        assertEquals(List.of(), browser.consoleErrors(), what + ": console errors");
    }

    /**
     * As {@link #clean} for a page answered with an error status, which Chromium reports on the console
     * itself ("Failed to load resource"); any other console line still fails.
     */
    private static void accessible(String what, String code, String heading) {
        assertEquals(code, lang(), what);
        assertEquals(heading, browser.visible(By.tagName("h1")).getText(), what);
        assertEquals(List.of(), Axe.violations(browser.driver(), Axe.WITH_BEST_PRACTICE), what + ": axe violations");
        assertEquals(List.of(), browser.consoleErrors().stream().filter(e -> !e.contains("Failed to load resource: the "
                + "server responded with a status of 4")).toList(), what + ": console errors");
    }

    @Test
    void french_everySectionInFrenchAndClean() {
        signIn("ada@example.com");
        choose("fr");
        clean("account", "fr", "Mon compte");
        Map<String, String> pages = new java.util.LinkedHashMap<>();
        pages.put("/admin", "Tableau de bord");
        pages.put("/admin/documents", "Documents");
        pages.put("/admin/documents?status=completed", "Documents");
        pages.put("/admin/documents/" + completedDoc, "Signed lease");
        pages.put("/admin/documents/" + pendingDoc, "Waiting NDA");
        pages.put("/admin/keys", "Clés d’API");
        pages.put("/admin/webhooks", "Webhooks");
        pages.put("/admin/webhooks/" + webhookId, "http://127.0.0.1:9/hook");
        pages.put("/admin/users", "Utilisateurs");
        pages.forEach((path, heading) -> {
            browser.open(url(path));
            clean(path, "fr", heading);
            assertTrue(browser.present(By.xpath("//button[normalize-space()='Se déconnecter']")), path);
        });
        browser.open(url("/admin/documents/" + completedDoc));
        assertTrue(browser.visible(By.id("chain-valid")).getText().startsWith("La piste d’audit est intacte"));
        browser.open(url("/admin/documents/" + pendingDoc));
        browser.click(By.xpath("//button[normalize-space()='Afficher le lien de signature']"));
        browser.visible(By.cssSelector("input.link-field"));
        clean("signing link shown", "fr", "Waiting NDA");
        browser.click(By.cssSelector("button[data-copy]"));
        browser.until(d -> d.findElement(By.cssSelector("button[data-copy]")).getText().equals("Copié"));
        browser.reset(390, 844);
        signIn("ada@example.com");
        for (String path : List.of("/admin", "/admin/documents/" + completedDoc, "/admin/users")) {
            browser.open(url(path));
            long overflow = (Long) browser.js("return document.documentElement.scrollWidth - window.innerWidth;");
            assertTrue(overflow <= 0, path + " in French on a phone scrolls sideways by " + overflow + " px");
            clean(path + " on a phone", "fr", pages.get(path));
        }
    }

    @Test
    void french_errorPages_inTheSameLookAndClean() {
        signIn("ada@example.com");
        choose("fr");

        browser.open(url("/admin/no/such/page"));
        accessible("unknown address", "fr", "Introuvable");
        assertTrue(browser.visible(By.id("request-id")).getText().length() > 8);
        browser.open(url("/admin/documents/999999"));
        accessible("no such document", "fr", "Introuvable");
    }

    @Test
    void englishThenGermanAndSpanish_onADesktopAndAPhone() {
        signIn("bea@example.com");
        browser.open(url("/admin/account"));
        clean("account, en", "en", "My account");
        browser.open(url("/admin/no/such/page"));
        accessible("unknown address, en", "en", "Not found");
        choose("de");
        browser.open(url("/admin"));
        clean("dashboard, de", "de", "Übersicht");
        browser.open(url("/admin/documents/" + completedDoc));
        clean("document, de", "de", "Signed lease");
        choose("es");
        browser.reset(390, 844);
        signIn("bea@example.com");
        browser.open(url("/admin/keys"));
        clean("keys, es, phone", "es", "Claves de API");
        long overflow = (Long) browser.js("return document.documentElement.scrollWidth - window.innerWidth;");
        assertTrue(overflow <= 0, "the keys page scrolls sideways by " + overflow + " px");
        browser.open(url("/admin/account"));
        clean("account, es, phone", "es", "Mi cuenta");
        choose("");
    }

    @Test
    void browserLanguage_beforeAnyChoice_speaksItFromTheSignInPageOn() {
        ChromeDriver chrome = (ChromeDriver) browser.driver();
        chrome.executeCdpCommand("Network.enable", Map.of());
        chrome.executeCdpCommand("Network.setExtraHTTPHeaders", Map.of("headers", Map.of("Accept-Language", "es-ES,es;q=0.9")));
        try {
            browser.open(url("/admin/login"));
            clean("sign-in page, es", "es", "Iniciar sesión");
            browser.visible(By.id("email")).sendKeys("sam@example.com");
            browser.visible(By.id("password")).sendKeys("not the password");
            browser.click(By.id("login-submit"));
            assertEquals("El correo electrónico o la contraseña no son correctos.",
                    browser.visible(By.id("login-error")).getText());
            accessible("sign-in refused, es", "es", "Iniciar sesión");
        } finally {
            chrome.executeCdpCommand("Network.setExtraHTTPHeaders", Map.of("headers", Map.of()));
        }
    }
}
