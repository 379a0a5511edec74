package org.signet.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.web.VerifyPageTest.checkFile;
import static org.signet.web.VerifyPageTest.words;

import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.signet.domain.Language;
import org.signet.support.ApiFlow;
import org.signet.support.Browser;
import org.signet.support.TestFiles;

/**
 * The verify page in a Chromium that runs no script: the form posts the file and the answer is a
 * page with the results (or the reason), in the language the address named. axe-core cannot run in
 * a page without script; {@link VerifyPageTest} checks these same answered pages.
 */
class VerifyPageWithoutScriptTest {
    @RegisterExtension
    static final SigningPageFixture WORLD = new SigningPageFixture(1280, 900, Browser.NO_SCRIPT);

    private final Browser browser = WORLD.browser;

    @Test
    void english_sealedFile_postedFormAnswersWithResults() throws IOException {
        byte[] pdf = SealedFile.signedAndSealed(new ApiFlow(WORLD.server, WORLD.owner.full(), WORLD.clock), "Offer 12");
        browser.open(WORLD.server.app.siteUrl() + "/verify");

        checkFile(browser, pdf, By.id("results"));

        assertTrue(browser.driver().getCurrentUrl().endsWith("/verify"), browser.driver().getCurrentUrl());
        assertEquals("good", browser.visible(By.id("verdict")).getAttribute("data-verdict"));
        assertEquals(words(Language.EN, "verify.verdict.good"), browser.visible(By.id("verdict")).getText());
        assertTrue(browser.visible(By.id("document")).getText().contains("Offer 12"));
    }

    @Test
    void german_unsignedFile_resultsInGerman_andTheLanguageKept() throws IOException {
        browser.open(WORLD.server.app.siteUrl() + "/verify?lang=de");

        checkFile(browser, TestFiles.pdf(1), By.id("results"));

        assertTrue(browser.driver().getCurrentUrl().endsWith("/verify?lang=de"), browser.driver().getCurrentUrl());
        assertEquals("de", browser.driver().findElement(By.tagName("html")).getAttribute("lang"));
        assertEquals(words(Language.DE, "verify.verdict.unsigned"), browser.visible(By.id("verdict")).getText());
        assertEquals(words(Language.DE, "verify.no"),
                browser.visible(By.cssSelector("[data-fact='sealed_here'] dd")).getText());
    }

    @Test
    void notAPdf_answeredWithTheFormAndTheReason() throws IOException {
        browser.open(WORLD.server.app.siteUrl() + "/verify?lang=de");

        checkFile(browser, TestFiles.png(12, 12), By.cssSelector("#message:not(:empty)"));

        assertEquals(words(Language.DE, "verify.error.invalid_file_type"), browser.visible(By.id("message")).getText());
        assertFalse(browser.present(By.id("results")));
        assertTrue(browser.present(By.id("verify-form")), "the form again, to choose another file");
    }
}
