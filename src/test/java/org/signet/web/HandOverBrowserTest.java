package org.signet.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.mail.internet.MimeMessage;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.signet.domain.Language;
import org.signet.support.Browser;
import org.signet.support.DocumentSetup;
import org.signet.support.Party;
import org.signet.support.SentMail;
import org.signet.support.Waits;
import org.signet.text.Messages;

/**
 * Handing over in a real Chromium: a signer gives their place to someone else from the page, the new
 * person's link comes by email (a real SMTP server), they sign and the document completes, and the old
 * link shows the page of a link that is not valid. axe-core, best practice included, on the dialog and
 * its states, in English on a desktop and in French, German and Spanish on a phone.
 */
class HandOverBrowserTest {
    @RegisterExtension
    static final SigningPageFixture WORLD = new SigningPageFixture(1280, 900).withMail();

    private static final Pattern LINK = Pattern.compile("https?://[^\\s\"<>]+/sign/[A-Za-z0-9_-]{43}");

    private final SignerPage page = WORLD.page();
    private final Browser browser = WORLD.browser;
    private final List<String> found = new ArrayList<>();

    @AfterEach
    void noViolations() {
        assertEquals(List.of(), found, "axe-core violations");
    }

    private void check(String state) {
        for (String violation : Axe.violations(browser.driver(), Axe.WITH_BEST_PRACTICE)) {
            found.add(state + " -> " + violation);
        }
    }

    /** A sent document that allows handing over, and its one signer, whose turn it is. */
    private record Sent(DocumentSetup doc, Party party) {}

    private static Sent sentTo(String title, String name, String email) {
        DocumentSetup doc = WORLD.upload(title, 1);
        doc.update(Map.of("allow_delegation", true));
        Party party = doc.party(name, "signer", 1, "email", email);
        doc.field(party, "signature", 1, 72, 600, 220, 50).send();
        return new Sent(doc, party);
    }

    /** The signing link in the newest mail to {@code email}, waiting for it to arrive. */
    private static String linkMailedTo(String email) {
        List<MimeMessage> mails = new ArrayList<>();
        Waits.awaitUntil(() -> {
            mails.clear();
            Arrays.stream(WORLD.mail().getReceivedMessages()).filter(m -> SentMail.recipient(m).equalsIgnoreCase(email))
                    .forEach(mails::add);
            return !mails.isEmpty();
        }, "a mail to " + email);
        try {
            Matcher m = LINK.matcher(String.join("\n", SentMail.bodies(mails.get(mails.size() - 1))));
            assertTrue(m.find(), "no signing link in the mail to " + email);
            return m.group();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** Opens the dialog from the action bar ({@code delegate}) or the guided form ({@code guided-delegate}). */
    private void openHandOver(String opener) {
        browser.click(By.id(opener));
        browser.visible(By.id("delegate-dialog"));
    }

    @Test
    void handOver_newPersonSignsFromTheirMail_documentCompletesAndOldLinkIsInvalid() {
        Sent sent = sentTo("Hand-over lease", "Ann Able", "ann.able@example.org");
        Party ann = sent.party();
        page.open(ann);
        openHandOver("delegate");
        check("hand-over dialog");
        assertEquals("delegate-name", browser.driver().switchTo().activeElement().getAttribute("id"));

        browser.click(By.id("confirm-delegate"));
        browser.until(d -> !d.findElement(By.id("delegate-error")).getText().isBlank());
        assertEquals("true", browser.visible(By.id("delegate-name")).getAttribute("aria-invalid"));
        check("hand-over dialog, name missing");
        browser.visible(By.id("delegate-name")).sendKeys("Carla Nueva");
        browser.visible(By.id("delegate-email")).sendKeys("carla.nueva@example.org");
        browser.visible(By.id("delegate-reason")).sendKeys("Carla signs for the firm while I am away.");
        browser.click(By.id("confirm-delegate"));
        WebElement done = browser.visible(By.id("done"));
        assertTrue(done.getText().contains("Carla Nueva"), done.getText());
        check("handed over");

        String link = linkMailedTo("carla.nueva@example.org");
        assertFalse(link.contains(ann.token()));
        browser.open(link);
        browser.visible(By.cssSelector(".page[data-page-number='1']"));
        page.openSignatureDialog();
        page.typeSignature("Carla Nueva");
        page.apply();
        assertTrue(page.consentAnd("finish").getText().contains("You have signed"));
        assertEquals("completed", sent.doc().status());
        assertEquals("Carla Nueva", sent.doc().signer(ann).get("name"));

        browser.open(ann.url());
        WebElement notice = browser.visible(By.id("notice"));
        Messages en = Messages.of(PageHtml.BUNDLE, Language.EN);
        assertTrue(notice.getText().contains(en.get("invalid.title")), notice.getText());
        assertFalse(browser.present(By.id("document")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"fr", "de", "es"})
    void handOver_inAnotherLanguageOnAPhone_dialogAndRefusalAccessible(String code) {
        browser.reset(390, 844);
        Language language = Language.fromCode(code).orElseThrow();
        Party bea = sentTo("Bail " + code, "Béa Martin", "bea.martin." + code + "@example.org").party();

        browser.open(bea.url() + "?lang=" + code);
        browser.visible(By.cssSelector(".page[data-page-number='1']"));
        // A phone starts in the guided form, which offers handing over at every step.
        openHandOver("guided-delegate");
        Messages words = Messages.of(PageHtml.BUNDLE, language);
        assertEquals(words.get("delegate.title"), browser.visible(By.id("delegate-dialog-title")).getText());
        check(code + ", phone: hand-over dialog");
        browser.visible(By.id("delegate-name")).sendKeys("Chloé Durand");
        browser.visible(By.id("delegate-email")).sendKeys("bea.martin." + code + "@example.org");
        browser.visible(By.id("delegate-reason")).sendKeys("Je suis absente.");
        browser.click(By.id("confirm-delegate"));
        browser.until(d -> "true".equals(d.findElement(By.id("delegate-email")).getAttribute("aria-invalid")));
        check(code + ", phone: hand-over refused, already a party");
        assertEquals(Messages.of(PageText.BUNDLE, language).get("error.duplicate_signer"),
                browser.visible(By.id("delegate-error")).getText());
    }
}
