package org.signet.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.chrome.ChromeDriver;
import org.signet.crypto.Passwords;
import org.signet.support.ApiFlow;
import org.signet.support.Browser;
import org.signet.support.DocumentSetup;
import org.signet.support.Party;
import org.signet.support.SignetFixture;
import org.signet.support.TestFiles;

/**
 * A branded site in a real headless Chromium, in English and German: the signer's page, its signature dialog, the
 * verify page and the administrator pages show the site's logo and accent, and axe-core with best practice finds
 * nothing, colour contrast with the accent included. The accent is a red barely dark enough for white text
 * (4.59:1), so every shade drawn from it is put to the test.
 */
class BrandedPagesBrowserTest {
    static final String NAME = "Atelier Rosé";
    /** White text on it reads at 4.59:1, just over the start check's 4.5:1. */
    static final String ACCENT = "#d83c10";
    private static final String PASSWORD = "branded-browser-pass";

    @RegisterExtension
    static final SignetFixture signet = SignetFixture.stopped().onSystemClock();

    static Browser browser;
    static ApiFlow flow;
    private final List<String> found = new ArrayList<>();

    @BeforeAll
    static void start() throws Exception {
        Files.write(signet.dir().resolve("logo.png"), TestFiles.png(160, 48));
        signet.start("site.name=" + NAME, "site.logo=logo.png", "site.accent=" + ACCENT);
        signet.server().app.users().add("ada@example.org", "Ada Admin", true, Passwords.hash(PASSWORD.toCharArray()));
        flow = new ApiFlow(signet.server(), signet.server().account("owner@example.org", false).full(),
                Clock.systemUTC());
        browser = Browser.start();
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
    }

    @AfterEach
    void noViolations() {
        assertEquals(List.of(), found, "axe-core violations");
    }

    /** The browser asks for {@code lang} first, as a German-speaking reader's would. */
    private static void speak(String lang) {
        ((ChromeDriver) browser.driver()).executeCdpCommand("Emulation.setUserAgentOverride",
                Map.of("userAgent", "SignetBrandTest/1.0", "acceptLanguage", lang));
    }

    private void check(String state) {
        for (String violation : Axe.violations(browser.driver(), Axe.WITH_BEST_PRACTICE)) {
            found.add(state + " -> " + violation);
        }
    }

    /**
     * The logo loaded (so served as an image the page may show), the accent in the page's palette and, when
     * {@code primaryButton} names one, behind that button's white text.
     */
    private static void brandShown(String primaryButton) {
        Object width = browser.js("return document.querySelector('.brand .brand-logo').naturalWidth;");
        assertEquals(160L, ((Number) width).longValue(), "the logo is loaded");
        assertEquals(NAME, browser.visible(By.cssSelector(".brand .brand-logo")).getAttribute("alt"));
        assertEquals(ACCENT, browser.js("return getComputedStyle(document.documentElement)"
                + ".getPropertyValue('--primary').trim();"));
        if (primaryButton != null) {
            assertEquals("rgb(216, 60, 16)", browser.js("return getComputedStyle(document.querySelector("
                    + "arguments[0])).backgroundColor;", primaryButton));
        }
        assertTrue(browser.driver().getTitle().endsWith(" - " + NAME), browser.driver().getTitle());
    }

    @ParameterizedTest
    @ValueSource(strings = {"en", "de"})
    void signerPage_brandedAndClean(String lang) {
        DocumentSetup doc = DocumentSetup.upload(flow, "Brand lease " + lang, 1);
        Party ann = doc.party("Ann Brand", "signer", 1);
        doc.field(ann, "text", 1, 72, 120, 220, 24, "field_name", "Company")
                .field(ann, "signature", 1, 72, 600, 220, 50).send();
        SignerPage page = new SignerPage(browser);
        browser.open(ann.url() + "?lang=" + lang);
        browser.visible(By.cssSelector(".page[data-page-number='1']"));
        assertEquals(lang, browser.js("return document.documentElement.lang;"));
        brandShown(null);
        check(lang + " signer page");
        browser.click(By.id("consent-summary"));
        check(lang + " signer page, consent terms open");
        page.openSignatureDialog();
        check(lang + " signature dialog");
        page.typeSignature("Ann Brand");
        browser.until(d -> d.findElement(By.id("apply-signature")).isEnabled());
        brandShown("#apply-signature");
        check(lang + " signature dialog, typed");
    }

    @ParameterizedTest
    @ValueSource(strings = {"en", "de"})
    void signerPage_onAPhone_logoFitsTheBarAndClean(String lang) {
        browser.reset(390, 844);
        DocumentSetup doc = DocumentSetup.upload(flow, "Brand phone " + lang, 1);
        Party pat = doc.party("Pat Phone", "signer", 1);
        doc.field(pat, "signature", 1, 72, 600, 220, 50).send();
        new SignerPage(browser).open(new Party(pat.id(), pat.name(), pat.email(), pat.url() + "?lang=" + lang));
        long logoWidth = ((Number) browser.js("return document.querySelector('.brand-logo').getBoundingClientRect()"
                + ".right;")).longValue();
        assertTrue(logoWidth <= 390, "the logo reaches " + logoWidth + " px");
        assertEquals(390L, ((Number) browser.js("return document.documentElement.scrollWidth;")).longValue(),
                "no side scroll");
        brandShown(null);
        check(lang + " signer page on a phone");
    }

    @ParameterizedTest
    @ValueSource(strings = {"en", "de"})
    void verifyPage_brandedAndClean(String lang) {
        speak(lang);
        browser.open(signet.server().app.siteUrl() + "/verify");
        browser.visible(By.id("verify-form"));
        assertEquals(lang, browser.js("return document.documentElement.lang;"));
        brandShown("#verify-submit");
        check(lang + " verify page");
    }

    @ParameterizedTest
    @ValueSource(strings = {"en", "de"})
    void adminPages_brandedAndClean(String lang) {
        speak(lang);
        browser.open(signet.server().app.siteUrl() + "/admin/login");
        browser.visible(By.id("email")).sendKeys("ada@example.org");
        browser.visible(By.id("password")).sendKeys(PASSWORD);
        brandShown("#login-submit");
        check(lang + " admin sign-in");
        browser.click(By.id("login-submit"));
        browser.visible(By.id("by-state"));
        check(lang + " admin dashboard");
        browser.open(signet.server().app.siteUrl() + "/admin/keys");
        browser.visible(By.id("key-name"));
        check(lang + " admin keys");
    }
}
