package org.signet.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.signet.support.Browser;
import org.signet.support.DocumentSetup;
import org.signet.support.DocumentSetup.Party;
import org.signet.support.TestServer;

/**
 * The signing page in a real headless Chromium for the other parts a party can play (S7):
 * approvers approve or reject, viewers only look, required fields hold back Finish, and a
 * signature can be an uploaded image.
 */
class SigningPageRolesTest {
    @RegisterExtension
    static final SigningPageFixture WORLD = new SigningPageFixture(1280, 900);

    private final SignerPage page = WORLD.page();
    private final Browser browser = WORLD.browser;

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

    @Test
    void finish_requiredFieldsEmpty_highlightsThemAndSignsNothing() {
        DocumentSetup doc = WORLD.upload("Form", 1);
        Party signer = doc.party("Rita Required", "signer", 1);
        doc.field(signer, "text", 1, 72, 120, 220, 24).field(signer, "signature", 1, 72, 600, 220, 50).send();

        page.open(signer);
        page.consent();
        browser.click(By.id("finish"));
        browser.until(d -> page.box("signature").getAttribute("class").contains("is-invalid"));

        assertTrue(page.box("text").getAttribute("class").contains("is-invalid"));
        assertEquals("true", page.field("text").getAttribute("aria-invalid"));
        assertTrue(browser.visible(By.id("message")).getText().contains("2 required fields"),
                browser.driver().findElement(By.id("message")).getText());
        assertFalse(browser.present(By.id("done")));
        assertEquals("viewed", doc.signer(signer).get("status"));

        page.type("text", "Filled now");
        assertFalse(page.box("text").getAttribute("class").contains("is-invalid"), "still marked after filling");
    }

    @Test
    void finish_uploadedSignature_storesThatImage(@TempDir Path dir) throws Exception {
        DocumentSetup doc = WORLD.upload("Deed", 1);
        Party first = doc.party("Uma Upload", "signer", 1);
        Party second = doc.party("Ned Next", "signer", 2);
        doc.field(first, "signature", 1, 72, 600, 220, 50).field(second, "signature", 1, 320, 600, 220, 50).send();
        Path png = dir.resolve("my signature.png");
        ImageIO.write(signatureImage(300, 90), "png", png.toFile());

        page.open(first);
        page.openSignatureDialog();
        page.uploadSignature(png);
        page.apply();
        page.consentAnd("finish");

        assertEquals("signed", doc.signer(first).get("status"));
        BufferedImage stored = completedSignature(doc, second);
        assertEquals(300, stored.getWidth());
        assertEquals(90, stored.getHeight());
    }

    /** The first signer's signature image, as the next signer's page receives it. */
    @SuppressWarnings("unchecked")
    private static BufferedImage completedSignature(DocumentSetup doc, Party next) throws Exception {
        HttpResponse<String> session = doc.signing(next, "GET", "session", null);
        for (Object o : (List<Object>) TestServer.object(session).get("completed_values")) {
            String value = String.valueOf(((Map<String, Object>) o).get("value"));
            if (value.startsWith("data:image/png;base64,")) {
                byte[] bytes = Base64.getDecoder().decode(value.substring(value.indexOf(',') + 1));
                BufferedImage image = ImageIO.read(new ByteArrayInputStream(bytes));
                assertNotNull(image);
                return image;
            }
        }
        throw new AssertionError("no signature image in " + session.body());
    }

    private static BufferedImage signatureImage(int width, int height) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, width, height);
        g.setColor(new Color(20, 30, 110));
        g.drawLine(10, height - 20, width - 10, 15);
        g.dispose();
        return image;
    }
}
