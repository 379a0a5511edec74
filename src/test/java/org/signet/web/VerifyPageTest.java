package org.signet.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.signet.domain.Language;
import org.signet.support.AlteredPdfs;
import org.signet.support.ApiFlow;
import org.signet.support.Browser;
import org.signet.support.TestFiles;
import org.signet.text.Messages;

/**
 * The verify page in a real headless Chromium with script: a file chosen and checked without the
 * page reloading, the results in plain words in each language the pages speak, a refused file's reason, and no
 * axe-core violation (WCAG 2.2 AA and best practice) on any of these states.
 */
class VerifyPageTest {
    @RegisterExtension
    static final SigningPageFixture WORLD = new SigningPageFixture(1280, 900);

    private final Browser browser = WORLD.browser;
    private final List<String> found = new ArrayList<>();

    @BeforeEach
    void forgetEarlierConsoleErrors() {
        browser.consoleErrors(); // reading empties the log: what an earlier test's pages logged is gone
    }

    @AfterEach
    void noViolations() {
        assertEquals(List.of(), found, "axe-core violations");
    }

    private void check(String state) {
        for (String violation : Axe.violations(browser.driver(), Axe.WITH_BEST_PRACTICE)) {
            found.add(state + " -> " + violation);
        }
    }

    static String words(Language l, String key, Object... args) {
        return Messages.of(PageHtml.BUNDLE, l).get(key, args);
    }

    /** Chooses {@code pdf} in the form, checks it, and waits for what the page then shows. */
    static void checkFile(Browser browser, byte[] pdf, By awaited) throws IOException {
        Path file = Files.createTempFile("signet-verify-", ".pdf");
        try {
            Files.write(file, pdf);
            browser.visible(By.id("verify-file")).sendKeys(file.toAbsolutePath().toString());
            browser.click(By.id("verify-submit"));
            browser.visible(awaited);
        } finally {
            Files.deleteIfExists(file);
        }
    }

    private byte[] sealed(String title) {
        return SealedFile.signedAndSealed(new ApiFlow(WORLD.server, WORLD.owner.full(), WORLD.clock), title);
    }

    @Test
    void english_sealedFile_resultsInPlaceWithTheDocument() throws IOException {
        byte[] pdf = sealed("Lease of flat 4B");
        browser.open(WORLD.server.app.siteUrl() + "/verify");
        assertEquals(words(Language.EN, "verify.title"), browser.visible(By.tagName("h1")).getText());
        check("empty form");
        browser.js("window.signetNoReload = true;");

        checkFile(browser, pdf, By.id("results"));

        assertEquals(true, browser.js("return window.signetNoReload === true;"), "the page was not reloaded");
        WebElement verdict = browser.visible(By.id("verdict"));
        assertEquals("good", verdict.getAttribute("data-verdict"));
        assertEquals(words(Language.EN, "verify.verdict.good"), verdict.getText());
        assertEquals("results", browser.js("return document.activeElement.id;"), "focus moves to the results");
        String results = browser.visible(By.id("results")).getText();
        assertTrue(results.contains("Lease of flat 4B") && results.contains("Ann Able"), results);
        assertFalse(results.contains("@"), results);
        check("results of a sealed file");
        assertEquals(List.of(), browser.consoleErrors(), "the page logged errors");
    }

    @Test
    void german_drawnOnCopy_saysWhatChangedInGerman() throws IOException {
        byte[] drawn = AlteredPdfs.drawnOnPageOne(sealed("Mietvertrag"));
        browser.open(WORLD.server.app.siteUrl() + "/verify?lang=de");
        assertEquals("de", browser.driver().findElement(By.tagName("html")).getAttribute("lang"));
        check("empty form, German");

        checkFile(browser, drawn, By.id("results"));

        WebElement verdict = browser.visible(By.id("verdict"));
        assertEquals("changed", verdict.getAttribute("data-verdict"));
        assertEquals(words(Language.DE, "verify.verdict.changed"), verdict.getText());
        String modified = browser.visible(By.cssSelector("[data-fact='modified'] dd")).getText();
        assertEquals(words(Language.DE, "verify.changed", words(Language.DE, "verify.change.pages") + ", "
                + words(Language.DE, "verify.change.structure")), modified);
        assertFalse(browser.present(By.id("document")), "a changed copy is no stored seal");
        check("results of a changed copy, German");
        assertEquals(List.of(), browser.consoleErrors(), "the page logged errors");
    }

    /** The states the English and German tests walk, in the two other languages the pages speak. */
    @ParameterizedTest
    @ValueSource(strings = {"fr", "es"})
    void otherLanguages_formResultAndRefusalSpeakIt(String code) throws IOException {
        Language l = Language.fromCode(code).orElseThrow();
        byte[] pdf = sealed("Contract " + code);
        browser.open(WORLD.server.app.siteUrl() + "/verify?lang=" + code);
        assertEquals(code, browser.driver().findElement(By.tagName("html")).getAttribute("lang"));
        assertEquals(words(l, "verify.title"), browser.visible(By.tagName("h1")).getText());
        check("empty form, " + code);

        checkFile(browser, pdf, By.id("results"));
        assertEquals(words(l, "verify.verdict.good"), browser.visible(By.id("verdict")).getText());
        check("results of a sealed file, " + code);

        browser.open(WORLD.server.app.siteUrl() + "/verify?lang=" + code);
        checkFile(browser, TestFiles.png(12, 12), By.cssSelector("#message:not(:empty)"));
        assertEquals(words(l, "verify.error.invalid_file_type"), browser.visible(By.id("message")).getText());
        check("a refused file, " + code);
    }

    /** The whole page a browser without script is answered with: the form posted without the script's help. */
    @Test
    void postedWithoutTheScript_answeredPagesInEnglishAndGerman() throws IOException {
        byte[] pdf = sealed("Offer 12");
        for (Language l : List.of(Language.EN, Language.DE)) {
            browser.open(WORLD.server.app.siteUrl() + "/verify?lang=" + l.code());
            post(pdf);
            browser.until(d -> d.getCurrentUrl().endsWith("/verify?lang=" + l.code()) && browser.present(By.id("results")));
            assertEquals(words(l, "verify.verdict.good"), browser.visible(By.id("verdict")).getText());
            check("the answered results page, " + l.code());
            browser.open(WORLD.server.app.siteUrl() + "/verify?lang=" + l.code());
            post(TestFiles.png(8, 8));
            browser.visible(By.cssSelector("#message:not(:empty)"));
            assertEquals(words(l, "verify.error.invalid_file_type"), browser.visible(By.id("message")).getText());
            check("the answered refusal page, " + l.code());
        }
    }

    /** Chooses {@code pdf} and submits the form natively, which fires no submit event for the script to take. */
    private void post(byte[] pdf) throws IOException {
        Path file = Files.createTempFile("signet-verify-", ".pdf");
        try {
            Files.write(file, pdf);
            browser.visible(By.id("verify-file")).sendKeys(file.toAbsolutePath().toString());
            browser.js("document.getElementById('verify-form').submit();");
            browser.until(d -> !browser.present(By.id("verify-file")) || browser.present(By.id("verdict"))
                    || browser.present(By.cssSelector("#message:not(:empty)")));
        } finally {
            Files.deleteIfExists(file);
        }
    }

    @Test
    void tooLargeFile_saidAtOnceWithoutSendingIt() throws IOException {
        long limit = WORLD.server.app.config().longValue("upload.max_bytes");
        browser.open(WORLD.server.app.siteUrl() + "/verify?lang=de");

        checkFile(browser, new byte[(int) limit + 1], By.cssSelector("#message:not(:empty)"));

        assertEquals(words(Language.DE, "verify.error.file_too_large", "25"), browser.visible(By.id("message")).getText());
        assertEquals(List.of(), browser.consoleErrors(), "nothing was sent, so nothing was refused");
        check("a file too large, German");
    }

    @Test
    void notAPdf_reasonShownBesideTheForm() throws IOException {
        browser.open(WORLD.server.app.siteUrl() + "/verify");

        checkFile(browser, TestFiles.png(12, 12), By.cssSelector("#message:not(:empty)"));

        assertEquals(words(Language.EN, "verify.error.invalid_file_type"), browser.visible(By.id("message")).getText());
        assertFalse(browser.present(By.id("results")));
        check("a refused file");
        // The browser notes the refused request itself (its 400); the page adds no error of its own.
        assertTrue(browser.consoleErrors().stream().allMatch(e -> e.contains("400")), "the page logged errors");
    }
}
