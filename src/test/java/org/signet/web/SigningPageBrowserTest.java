package org.signet.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.signet.crypto.Passwords;
import org.signet.support.Browser;
import org.signet.support.DocumentSetup;
import org.signet.support.Party;
import org.signet.support.TestFiles;

/**
 * The signing page in a real headless Chromium against a real Signet: fill, draw, consent
 * and finish; a second signer in order; decline; the PIN and login gates; approvers and
 * viewers. Kinds of fields are in {@link SigningPageFieldsTest}, phones in {@link SigningPageMobileTest}.
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

        WebElement again = page.notice(f.ann());
        assertTrue(again.getText().contains("already"), again.getText());
        // The WordPress form of the link leads to the same page.
        browser.open(WORLD.server.app.siteUrl() + "/?wps_sign=" + f.bob().token());
        assertTrue(page.field("signature").isDisplayed());
        WebElement annSignature = browser.visible(By.cssSelector(".completed-signature img"));
        assertTrue(annSignature.getAttribute("src").startsWith("data:image/png;base64,"));
        assertEquals("Acme Ltd", browser.visible(By.cssSelector(".completed-text")).getText());
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
        assertEquals(doc.get("signed_file_hash"), TestFiles.sha256(pdf));
        assertEquals(3, SealedFile.pageCount(pdf), "two pages and the certificate of completion");
        assertEquals(1, SealedFile.images(pdf, 2), "Bob's typed signature is not drawn on page 2");
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
    void finish_declinedByAnotherMeanwhile_showsClosedNotice() {
        DocumentSetup doc = WORLD.upload("Race", 1);
        Party eve = doc.party("Eve Early", "signer", 1);
        Party lee = doc.party("Lee Late", "signer", 1);
        doc.field(eve, "signature", 1, 72, 600, 220, 50).field(lee, "signature", 1, 320, 600, 220, 50).send();
        page.open(eve);
        page.openSignatureDialog();
        page.typeSignature("Eve Early");
        page.apply();

        HttpResponse<String> declined = doc.signing(lee, "POST", "decline", Map.of("reason", "Wrong party."));
        assertEquals(200, declined.statusCode(), declined.body());
        page.consent();
        browser.click(By.id("finish"));
        WebElement notice = browser.visible(By.id("notice"));

        assertTrue(notice.getText().contains("closed"), notice.getText());
        assertFalse(browser.present(By.cssSelector(".page")));
        assertEquals("viewed", doc.signer(eve).get("status"));
    }

    @Test
    void open_recalledOrExpiredDocument_showsNoticeNotDocument() {
        Fixture recalled = twoSigners("Recalled");
        Fixture expired = twoSigners("Expired");
        page.open(recalled.ann());
        recalled.doc().update(Map.of("status", "draft"));
        String tomorrow = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")
                .format(WORLD.clock.instant().plus(Duration.ofDays(1)).atZone(WORLD.server.app.config().zone()));
        expired.doc().update(Map.of("expires_at", tomorrow));
        WORLD.clock.advance(Duration.ofDays(2));
        expired.doc().update(Map.of("status", "expired"));

        WebElement gone = page.notice(recalled.ann());
        assertTrue(gone.getText().contains("recalled"), gone.getText());
        WebElement late = page.notice(expired.ann());
        assertTrue(late.getText().contains("expired"), late.getText());
        assertFalse(browser.present(By.cssSelector(".page")));
        assertEquals("draft", recalled.doc().status());
        assertEquals("expired", expired.doc().status());
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

        browser.reset(1280, 900);
        browser.open(cleo.url());
        browser.visible(By.id("pin-form"));
        assertFalse(browser.present(By.cssSelector(".page")), "the unlock outlived the browser session");
    }

    @Test
    void pin_fiveWrongTries_locksTheLinkEvenForTheRightPin() {
        DocumentSetup doc = WORLD.upload("Locked", 1);
        Party lou = doc.party("Lou Lock", "signer", 1, "pin_code", "2468");
        doc.field(lou, "signature", 1, 72, 600, 220, 50).send();

        browser.open(lou.url());
        for (int attempt = 1; attempt <= 4; attempt++) {
            String left = (5 - attempt) + (attempt == 4 ? " try left" : " tries left");
            enterPin("1357");
            browser.until(d -> d.findElement(By.id("message")).getText().contains(left));
        }
        enterPin("1357");
        browser.until(d -> d.findElement(By.id("message")).getText().contains("locked"));
        assertFalse(browser.driver().findElement(By.id("pin-input")).isEnabled());

        browser.open(lou.url());
        if (browser.visible(By.id("pin-input")).isEnabled()) {
            // The gate is drawn without asking whether the link is locked; the server refuses anyway.
            enterPin("2468");
        }
        browser.until(d -> d.findElement(By.id("message")).getText().contains("locked"));
        assertFalse(browser.present(By.cssSelector(".page")), "a locked link showed the document");
        assertEquals("pending", doc.signer(lou).get("status"));
    }

    private void enterPin(String pin) {
        WebElement input = browser.clickable(By.id("pin-input"));
        input.clear();
        input.sendKeys(pin);
        browser.click(By.id("pin-submit"));
    }

    @Test
    void login_wrongThenRightPassword_showsDocument() {
        WORLD.server.app.users().add("lena.login@example.com", "Lena Login", false,
                Passwords.hash("correct horse".toCharArray()));
        DocumentSetup doc = WORLD.upload("Members only", 1);
        Party lena = doc.party("Lena Login", "signer", 1, "require_wp_login", true);
        doc.field(lena, "signature", 1, 72, 600, 220, 50).send();

        browser.open(lena.url());
        assertEquals(lena.email(), browser.visible(By.id("login-email")).getAttribute("value"));
        browser.visible(By.id("login-password")).sendKeys("wrong horse");
        browser.click(By.id("login-submit"));
        browser.until(d -> d.findElement(By.id("message")).getText().contains("do not match"));
        assertFalse(browser.present(By.cssSelector(".page")), "the document is shown before the login");

        browser.visible(By.id("login-password")).sendKeys("correct horse");
        browser.click(By.id("login-submit"));
        page.field("signature");

        assertEquals("viewed", doc.signer(lena).get("status"));
    }

    record Approval(DocumentSetup doc, Party approver, Party signer) {}

    private static Approval approval(String title) {
        DocumentSetup doc = WORLD.upload(title, 1);
        Party approver = doc.party("Amy Approver", "approver", 1);
        Party signer = doc.party("Sid Signer", "signer", 1);
        doc.field(signer, "signature", 1, 72, 600, 220, 50).send();
        return new Approval(doc, approver, signer);
    }

    @Test
    void approve_afterConsent_approvesAndInvitesSigners() {
        Approval a = approval("Budget");
        page.notice(a.signer());

        page.open(a.approver());
        assertFalse(browser.present(By.id("finish")));
        assertTrue(browser.clickable(By.id("reject")).isDisplayed());
        assertFalse(browser.driver().findElement(By.id("approve")).isEnabled(), "Approve before consent");
        WebElement done = page.consentAnd("approve");

        assertTrue(done.getText().contains("You have approved"), done.getText());
        assertEquals("signed", a.doc().signer(a.approver()).get("status"));
        assertTrue(a.doc().audit().stream().anyMatch(e -> "document_approved".equals(e.get("action"))));
        assertTrue(a.doc().audit().stream().anyMatch(e -> "invitation_sent".equals(e.get("action"))
                && String.valueOf(e.get("detail")).contains(a.signer().email())), String.valueOf(a.doc().audit()));
        page.open(a.signer());
        assertTrue(page.field("signature").isDisplayed());
    }

    @Test
    void reject_withReason_declinesDocument() {
        Approval a = approval("Merger");
        page.open(a.approver());
        WebElement done = page.decline("reject", "Numbers do not add up.");

        assertTrue(done.getText().contains("rejected"), done.getText());
        assertEquals("declined", a.doc().status());
        assertEquals("declined", a.doc().signer(a.approver()).get("status"));
        assertEquals("Numbers do not add up.", a.doc().signer(a.approver()).get("decline_reason"));
        WebElement closed = page.notice(a.signer());
        assertTrue(closed.getText().contains("declined"), closed.getText());
    }

    @Test
    void view_viewer_seesDocumentWithoutActions() {
        DocumentSetup doc = WORLD.upload("Minutes", 2);
        Party signer = doc.party("Sue Signer", "signer", 1);
        Party viewer = doc.party("Vic Viewer", "viewer", 1);
        doc.field(signer, "signature", 1, 72, 600, 220, 50).send();

        page.open(viewer);

        assertEquals(2, browser.all(By.cssSelector(".page")).size());
        assertTrue(browser.visible(By.id("view-only")).getText().contains("view-only"));
        for (String id : List.of("finish", "approve", "consent", "decline")) {
            assertFalse(browser.present(By.id(id)), id);
        }
        assertTrue(browser.all(By.cssSelector("[data-field-id]")).isEmpty(), "a viewer was given fields");
        assertEquals("viewed", doc.signer(viewer).get("status"));
    }
}
