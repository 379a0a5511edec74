package org.signet.web.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import org.openqa.selenium.virtualauthenticator.HasVirtualAuthenticator;
import org.openqa.selenium.virtualauthenticator.VirtualAuthenticator;
import org.openqa.selenium.virtualauthenticator.VirtualAuthenticatorOptions;
import org.signet.domain.Language;
import org.signet.domain.User;
import org.signet.support.Browser;
import org.signet.support.SignetFixture;
import org.signet.support.TestServer;
import org.signet.text.Messages;
import org.signet.web.Axe;

/**
 * Passkeys in a real headless Chromium with its virtual authenticator (CTAP2, internal, resident keys, the user
 * verified): one added on "My account", used alone to sign in after signing out, removed, and then refused; the
 * sign-in page without script still signs in with a password; every new page and state without an axe-core
 * violation (WCAG 2.2 AA and best practice) in the four languages. The site is {@code http://localhost:port}:
 * WebAuthn wants a host name, and treats localhost as a secure context.
 */
class PasskeyBrowserTest {
    @RegisterExtension
    static final SignetFixture signet = SignetFixture.running().onSystemClock();

    static TestServer server;
    static Browser browser;
    VirtualAuthenticator authenticator;

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
        authenticator = ((HasVirtualAuthenticator) browser.driver()).addVirtualAuthenticator(
                new VirtualAuthenticatorOptions().setProtocol(VirtualAuthenticatorOptions.Protocol.CTAP2)
                        .setTransport(VirtualAuthenticatorOptions.Transport.INTERNAL).setHasResidentKey(true)
                        .setHasUserVerification(true).setIsUserVerified(true));
        browser.consoleErrors();
    }

    @AfterEach
    void removeAuthenticator() {
        ((HasVirtualAuthenticator) browser.driver()).removeVirtualAuthenticator(authenticator);
        acceptLanguage(null);
    }

    private static String url(String path) {
        return server.app.siteUrl() + path;
    }

    private static User user(Language language) {
        User u = server.app.users().add("pk" + System.nanoTime() + "@example.com", "Pat Passkey", false,
                AdminHttpTest.HASH);
        server.app.users().setLanguage(u.id(), language);
        return u;
    }

    @Test
    void addPasskey_signOut_signInWithItAlone_remove_noLongerSignsIn() {
        User u = user(null);
        AdminPagesSample.signIn(browser, server, u.email());
        browser.open(url("/admin/account"));
        assertTrue(browser.present(By.id("passkeys-none")));
        addPasskey("Work laptop");
        assertEquals("Work laptop", browser.visible(By.cssSelector("#passkey-list tbody td")).getText());
        assertEquals(1, authenticator.getCredentials().size());
        assertTrue(authenticator.getCredentials().get(0).isResidentCredential());

        signOut();
        browser.click(By.id("passkey-sign-in"));
        browser.visible(By.id("by-state"));
        assertEquals(u.email(), browser.visible(By.cssSelector(".who")).getText(), "signed in as its owner");
        browser.open(url("/admin/account"));
        List<String> cells = browser.all(By.cssSelector("#passkey-list tbody td")).stream().map(e -> e.getText()).toList();
        assertNotEquals("never", cells.get(2), "last used is recorded: " + cells);

        browser.click(By.cssSelector("tr[data-passkey] button"));
        assertTrue(browser.visible(By.cssSelector(".notice")).getText().contains("every session of yours has ended"));
        browser.visible(By.id("login-submit"));
        browser.open(url("/admin/account"));
        browser.visible(By.id("login-submit"));

        browser.click(By.id("passkey-sign-in"));
        browser.until(d -> d.findElement(By.id("passkey-sign-in-status")).getText().startsWith("The passkey was not"));
        assertTrue(browser.present(By.id("login-submit")), "still on the sign-in page");
        assertFalse(browser.driver().manage().getCookies().stream()
                .anyMatch(c -> c.getName().equals(AdminRoutes.SESSION_COOKIE) && !c.getValue().isEmpty()));
    }

    @Test
    void passkey_servesAsTheSecondFactorAfterAPassword_inFourLanguages() {
        for (Language language : Language.values()) {
            authenticator.removeAllCredentials();
            User u = user(language);
            acceptLanguage(language.code());
            AdminPagesSample.signIn(browser, server, u.email());
            browser.open(url("/admin/account"));
            addPasskey("Phone " + language.code());
            signOut();

            browser.visible(By.id("email")).sendKeys(u.email());
            browser.visible(By.id("password")).sendKeys(AdminHttpTest.PASSWORD);
            browser.click(By.id("login-submit"));
            browser.visible(By.id("passkey-second"));
            assertFalse(browser.present(By.id("code")), "no app, so no code is asked for");
            assertFalse(browser.driver().manage().getCookies().stream()
                    .anyMatch(c -> c.getName().equals(AdminRoutes.SESSION_COOKIE) && !c.getValue().isEmpty()),
                    "a password alone opens no session");
            clean("second step with a passkey", language.code());
            browser.click(By.id("passkey-second"));
            browser.visible(By.id("by-state"));
            assertEquals(u.email(), browser.visible(By.cssSelector(".who")).getText());
            browser.open(url("/admin/account"));
            assertTrue(browser.visible(By.id("account-record")).getAttribute("textContent").contains(
                    Messages.of(AdminView.BUNDLE, language).get("record.password_passkey")), "the record names how");
            browser.reset(1280, 900);
        }
    }

    @Test
    void withoutScript_passkeyButtonsSaySoAndThePasswordFormSignsIn() {
        User u = user(null);
        asServed("/admin/login");
        assertFalse(browser.visible(By.id("passkey-sign-in")).isEnabled());
        assertTrue(browser.visible(By.id("passkey-sign-in-status")).getText().contains("needs JavaScript"));
        assertEquals(List.of(), Axe.violations(browser.driver()), "sign-in page without script");
        AdminPagesSample.signIn(browser, server, u.email());
        asServed("/admin/account");
        assertFalse(browser.visible(By.id("passkey-add")).isEnabled());
        assertTrue(browser.visible(By.id("passkey-add-status")).getText().contains("needs JavaScript"));
        assertEquals(List.of(), Axe.violations(browser.driver()), "account page without script");
    }

    /**
     * Opens {@code path} with the page's scripts off, as a browser without script shows it, then turns script back
     * on for the test's own (axe), which the page does not run again.
     */
    private static void asServed(String path) {
        ChromeDriver chrome = (ChromeDriver) browser.driver();
        chrome.executeCdpCommand("Emulation.setScriptExecutionDisabled", Map.of("value", true));
        try {
            browser.open(url(path));
            browser.visible(By.tagName("h1"));
        } finally {
            chrome.executeCdpCommand("Emulation.setScriptExecutionDisabled", Map.of("value", false));
        }
    }

    @Test
    void everyPasskeyState_noAxeViolation_inFourLanguages() {
        for (Language language : Language.values()) {
            // One passkey of this site at a time: with several, Chromium asks which, and no one answers.
            authenticator.removeAllCredentials();
            User u = user(language);
            acceptLanguage(language.code());
            String code = language.code();
            browser.open(url("/admin/login"));
            clean("sign-in page", code);
            AdminPagesSample.signIn(browser, server, u.email());
            browser.open(url("/admin/account"));
            clean("account without passkeys", code);
            addPasskey("Laptop " + code);
            clean("account with a passkey, just added", code);
            signOut();
            browser.click(By.id("passkey-sign-in"));
            browser.visible(By.id("by-state"));
            browser.open(url("/admin/account"));
            browser.click(By.cssSelector("tr[data-passkey] button"));
            browser.visible(By.cssSelector(".notice"));
            clean("sign-in page after removing a passkey", code);
            browser.click(By.id("passkey-sign-in"));
            browser.until(d -> !d.findElement(By.id("passkey-sign-in-status")).getText().isEmpty()
                    && d.findElement(By.id("passkey-sign-in")).isEnabled());
            accessible("sign-in page, passkey refused", code);
            browser.reset(1280, 900);
        }
    }

    private static void addPasskey(String name) {
        browser.visible(By.id("passkey-name")).sendKeys(name);
        browser.click(By.id("passkey-add"));
        browser.visible(By.cssSelector(".notice"));
        browser.visible(By.id("passkey-list"));
    }

    private static void signOut() {
        browser.click(By.cssSelector("form[action='/admin/logout'] button"));
        browser.visible(By.id("login-submit"));
    }

    /** Sends {@code code} as the browser's language, so that the pages before a session speak it; null: none. */
    private static void acceptLanguage(String code) {
        ChromeDriver chrome = (ChromeDriver) browser.driver();
        chrome.executeCdpCommand("Network.enable", Map.of());
        chrome.executeCdpCommand("Network.setExtraHTTPHeaders",
                Map.of("headers", code == null ? Map.of() : Map.of("Accept-Language", code)));
    }

    private static void clean(String what, String code) {
        accessible(what, code);
        assertEquals(List.of(), browser.consoleErrors(), what + ", " + code + ": console errors");
    }

    /** As {@link #clean}, for a state reached through a refused request, which Chromium itself logs. */
    private static void accessible(String what, String code) {
        assertEquals(code, browser.visible(By.tagName("html")).getAttribute("lang"), what);
        assertEquals(List.of(), Axe.violations(browser.driver()), what + ", " + code + ": axe violations");
        assertEquals(List.of(), browser.consoleErrors().stream().filter(e -> !e.contains("Failed to load resource: the "
                + "server responded with a status of 4")).toList(), what + ", " + code + ": console errors");
    }
}
