package org.signet.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.signet.support.Browser;
import org.signet.support.DocumentSetup;
import org.signet.support.DocumentSetup.Party;

/**
 * The signing page in a real headless Chromium against a real Signet (S7): fill, draw, consent
 * and finish; a second signer in order; decline; the PIN gate. Approvers, viewers, required
 * fields and uploads are in {@link SigningPageRolesTest}, phones in {@link SigningPageMobileTest}.
 */
class SigningPageBrowserTest {
    @RegisterExtension
    static final SigningPageFixture WORLD = new SigningPageFixture(1280, 900);

    private final SignerPage page = WORLD.page();
    private final Browser browser = WORLD.browser;

    /** Two signers in order: Ann has a signature, a text field, a checkbox and a date; Bob a signature. */
    static Fixture twoSigners(String title) {
        DocumentSetup doc = WORLD.upload(title, 2);
        Party ann = doc.party("Ann Able", "signer", 1);
        Party bob = doc.party("Bob Baker", "signer", 2);
        doc.field(ann, "text", 1, 72, 120, 220, 24).field(ann, "checkbox", 1, 72, 170, 18, 18)
                .field(ann, "signature", 1, 72, 600, 220, 50).field(ann, "date", 1, 320, 620, 150, 20)
                .field(bob, "signature", 2, 72, 600, 220, 50).send();
        return new Fixture(doc, ann, bob);
    }

    record Fixture(DocumentSetup doc, Party ann, Party bob) {}

    @Test
    void finish_firstSignerFillsDrawsAndConsents_isSignedWithValuesStored() {
        Fixture f = twoSigners("Lease");
        WebElement waiting = page.notice(f.bob());
        assertTrue(waiting.getText().contains("not your turn"), waiting.getText());
        assertFalse(browser.present(By.id("document")), "the document is shown to a signer whose turn has not come");

        page.open(f.ann());
        assertEquals(2, browser.all(By.cssSelector(".page")).size());
        page.type("text", "Acme Ltd");
        page.field("checkbox").click();
        page.openSignatureDialog();
        page.draw();
        page.apply();
        WebElement done = page.consentAnd("finish");

        assertTrue(done.getText().contains("You have signed"), done.getText());
        assertEquals("signed", f.doc().signer(f.ann()).get("status"));
        assertEquals("Acme Ltd", f.doc().value(f.ann(), "text"));
        assertEquals("1", f.doc().value(f.ann(), "checkbox"));
        assertFalse(f.doc().value(f.ann(), "date").isEmpty(), "the date was not filled at signing");
        Map<String, Object> signed = f.doc().audit().stream().filter(e -> "document_signed".equals(e.get("action")))
                .findFirst().orElseThrow();
        assertTrue(String.valueOf(signed.get("user_agent")).contains("Chrome"), String.valueOf(signed));

        page.open(f.bob());
        assertTrue(page.field("signature").isDisplayed());
        WebElement annSignature = browser.visible(By.cssSelector(".completed-signature img"));
        assertTrue(annSignature.getAttribute("src").startsWith("data:image/png;base64,"));
    }

    @Test
    void finish_secondSignerTypesSignature_completesAndSealsDocument() throws Exception {
        Fixture f = twoSigners("Loan");
        HttpResponse<String> first = f.doc().signing(f.ann(), "POST", "submit", Map.of("consent", true,
                "values", Map.of(f.doc().fieldId(f.ann(), "text"), "Ann's text", f.doc().fieldId(f.ann(), "checkbox"), "1"),
                "signature", Map.of("method", "type", "text", "Ann Able")));
        assertEquals(200, first.statusCode(), first.body());

        page.open(f.bob());
        page.openSignatureDialog();
        page.typeSignature("Bob Baker");
        page.apply();
        WebElement done = page.consentAnd("finish");

        assertTrue(done.getText().contains("Everyone has now signed"), done.getText());
        Map<String, Object> doc = f.doc().sealed();
        assertEquals("completed", doc.get("status"));
        byte[] pdf = SealedFile.download(WORLD.server, WORLD.owner.full(), f.doc().id());
        assertEquals(doc.get("signed_file_hash"), SealedFile.sha256(pdf));
        assertEquals(3, SealedFile.pageCount(pdf), "two pages and the certificate of completion");
        page.notice(f.bob());
        assertFalse(browser.present(By.cssSelector(".page")), "a finished link still shows the document");
    }

    @Test
    void decline_withReason_declinesDocumentAndClosesOtherLinks() {
        Fixture f = twoSigners("Offer");
        page.open(f.ann());
        browser.click(By.id("decline"));
        browser.click(By.id("confirm-decline"));
        assertEquals("Please give a reason.", browser.visible(By.id("decline-error")).getText());
        browser.visible(By.id("decline-reason")).sendKeys("The rent is too high.");
        browser.click(By.id("confirm-decline"));
        WebElement done = browser.visible(By.id("done"));

        assertTrue(done.getText().contains("declined"), done.getText());
        assertEquals("declined", f.doc().status());
        assertEquals("The rent is too high.", f.doc().signer(f.ann()).get("decline_reason"));
        WebElement closed = page.notice(f.bob());
        assertTrue(closed.getText().contains("declined"), closed.getText());
        assertFalse(browser.present(By.cssSelector(".page")));
    }

    @Test
    void pin_wrongThenRight_showsDocumentAndNeverThePin() {
        DocumentSetup doc = WORLD.upload("Secret", 1);
        Party cleo = doc.party("Cleo Code", "signer", 1, "pin_code", "4827");
        doc.field(cleo, "signature", 1, 72, 600, 220, 50).send();

        browser.open(cleo.url());
        browser.visible(By.id("pin-input")).sendKeys("1111");
        browser.click(By.id("pin-submit"));
        String message = browser.until(d -> {
            String text = d.findElement(By.id("message")).getText();
            return text.isBlank() ? null : text;
        });
        assertTrue(message.contains("PIN"), message);
        assertEquals("true", browser.driver().findElement(By.id("pin-input")).getAttribute("aria-invalid"));
        assertFalse(browser.present(By.cssSelector(".page")), "the document is shown before the PIN");
        assertFalse(browser.driver().getPageSource().contains("4827"));

        WebElement input = browser.visible(By.id("pin-input"));
        input.clear();
        input.sendKeys("4827");
        browser.click(By.id("pin-submit"));
        page.field("signature");

        assertEquals(1, browser.all(By.cssSelector(".page")).size());
        assertFalse(browser.driver().getPageSource().contains("4827"));
        assertEquals("viewed", doc.signer(cleo).get("status"));
    }
}
