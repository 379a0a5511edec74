package org.signet.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebElement;
import org.signet.support.Browser;
import org.signet.support.DocumentSetup;
import org.signet.support.Party;

/**
 * What the signing page tells a party besides their own fields, in a real headless Chromium:
 * who takes part and in which order, what an approver approves, the document to download on the
 * page and on the done page, field names on the page.
 */
class SigningPageContextTest {
    @RegisterExtension
    static final SigningPageFixture WORLD = new SigningPageFixture(1280, 900);

    private final SignerPage page = WORLD.page();
    private final Browser browser = WORLD.browser;

    @Test
    void approver_seesWhoSignsAfterAndTheFieldsTheyFill() {
        DocumentSetup doc = WORLD.upload("Context budget", 1);
        Party amy = doc.party("Amy Approver", "approver", 1);
        Party sid = doc.party("Sid Signer", "signer", 1);
        Party tia = doc.party("Tia Second", "signer", 2);
        doc.field(sid, "signature", 1, 72, 600, 220, 50).field(sid, "text", 1, 72, 120, 220, 24, "field_name", "Amount")
                .field(tia, "initials", 1, 400, 700, 60, 30).send();

        page.open(amy);
        WebElement parties = browser.visible(By.id("parties"));
        assertTrue(parties.getAttribute("open") != null, "an approver sees the list at once");
        List<String> names = browser.all(By.cssSelector("#parties li .party-name")).stream().map(WebElement::getText).toList();
        assertEquals(List.of("Amy Approver (you)", "Sid Signer", "Tia Second"), names);
        List<String> pending = browser.all(By.cssSelector(".pending")).stream().map(e -> e.getAttribute("aria-label")).toList();
        assertTrue(pending.contains("Amount for Sid Signer"), pending.toString());
        assertTrue(pending.contains("Signature for Sid Signer"), pending.toString());
        assertTrue(pending.contains("Initials for Tia Second"), pending.toString());
        List<String> tags = browser.all(By.cssSelector(".pending .field-tag")).stream().map(WebElement::getText).toList();
        assertEquals(pending, tags, "the names are shown on the page, not only told to screen readers");
    }

    @Test
    void signer_fieldNamesShownAndDocumentDownloadableBeforeAndAfter() {
        DocumentSetup doc = WORLD.upload("Context lease", 1);
        Party ann = doc.party("Ann Able", "signer", 1);
        Party bob = doc.party("Bob Baker", "signer", 2);
        doc.field(ann, "text", 1, 72, 120, 220, 24, "field_name", "Title", "is_required", false)
                .field(ann, "checkbox", 1, 72, 170, 18, 18, "field_name", "Agreed")
                .field(ann, "signature", 1, 72, 600, 220, 50).field(bob, "signature", 1, 320, 600, 220, 50).send();

        page.open(ann);
        assertEquals("Title", page.box("text").findElement(By.cssSelector(".field-tag")).getText());
        assertEquals("Agreed", page.box("checkbox").findElement(By.cssSelector(".field-tag")).getText());
        assertEquals("Title", page.field("text").getAttribute("placeholder"));
        assertPdf(browser.visible(By.id("download")));

        page.field("checkbox").click();
        page.openSignatureDialog();
        page.typeSignature("Ann Able");
        page.apply();
        WebElement done = page.consentAnd("finish");
        WebElement copy = done.findElement(By.id("download-done"));
        assertEquals("Download your copy", copy.getText());
        assertPdf(copy);

        // Coming back later, the party finds the same offer on the notice, which runs no script.
        WebElement acted = page.notice(ann);
        assertEquals("Download your copy", acted.findElement(By.id("download-done")).getText());
        assertPdf(acted.findElement(By.id("download-done")));

        doc.signing(bob, "POST", "submit", Map.of("consent", true, "signature", Map.of("method", "type", "text", "Bob Baker")));
        doc.sealed();
        WebElement notice = page.notice(ann);
        assertTrue(notice.getText().contains("completed"), notice.getText());
        WebElement signed = notice.findElement(By.id("download-done"));
        assertEquals("Download the signed PDF", signed.getText());
        assertPdf(signed);
    }

    /** The link answers a PDF attachment in this browser, with its cookies. */
    private void assertPdf(WebElement link) {
        String href = link.getAttribute("href");
        @SuppressWarnings("unchecked")
        Map<String, Object> answer = (Map<String, Object>) ((JavascriptExecutor) browser.driver()).executeAsyncScript("const done = arguments[arguments.length - 1];"
                + "fetch(arguments[0]).then(r => r.arrayBuffer().then(b => done({status: r.status,"
                + " type: r.headers.get('content-type'), disposition: r.headers.get('content-disposition'),"
                + " start: String.fromCharCode.apply(null, new Uint8Array(b.slice(0, 5)))})));", href);
        assertEquals(200L, answer.get("status"), String.valueOf(answer));
        assertEquals("application/pdf", answer.get("type"));
        assertTrue(String.valueOf(answer.get("disposition")).startsWith("attachment"), String.valueOf(answer));
        assertEquals("%PDF-", answer.get("start"));
    }
}
