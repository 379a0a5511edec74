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
import org.openqa.selenium.support.ui.Select;
import org.signet.support.Browser;
import org.signet.support.DocumentSetup;
import org.signet.support.Party;
import org.signet.support.TestServer;

/**
 * The signer's fields on the signing page in a real headless Chromium: required fields hold
 * back Finish, a signature can be an uploaded image, and initials, stamps and choices reach
 * the server as the signer gave them.
 */
class SigningPageFieldsTest {
    @RegisterExtension
    static final SigningPageFixture WORLD = new SigningPageFixture(1280, 900);

    private final SignerPage page = WORLD.page();
    private final Browser browser = WORLD.browser;

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

        // "Next field" goes to the first empty field, the one Finish focused, not past it.
        browser.click(By.id("next-field"));
        assertEquals(page.field("text").getAttribute("data-field-id"),
                browser.driver().switchTo().activeElement().getAttribute("data-field-id"));

        page.type("text", "Filled now");
        assertFalse(page.box("text").getAttribute("class").contains("is-invalid"), "still marked after filling");
        // The count follows the filling.
        browser.until(d -> d.findElement(By.id("message")).getText().startsWith("One required field"));
    }

    @Test
    void finish_valueWithADirectionOverride_saysWhyAndMarksTheFieldAndSignsNothing() {
        DocumentSetup doc = WORLD.upload("Order", 1);
        Party signer = doc.party("Tess Text", "signer", 1);
        doc.field(signer, "text", 1, 72, 120, 220, 24).field(signer, "signature", 1, 72, 600, 220, 50).send();

        page.open(signer);
        page.type("text", "Order 7781\u202egnp.exe");
        page.openSignatureDialog();
        page.typeSignature("Tess Text");
        page.apply();
        page.consent();
        browser.click(By.id("finish"));
        browser.until(d -> page.box("text").getAttribute("class").contains("is-invalid"));

        String message = browser.visible(By.id("message")).getText();
        assertTrue(message.contains("change the direction of the text"), message);
        assertEquals("true", page.field("text").getAttribute("aria-invalid"));
        assertFalse(browser.present(By.id("done")));
        assertEquals("viewed", doc.signer(signer).get("status"));
        assertEquals("", doc.value(signer, "text"));
    }

    @Test
    void prefilledFromATemplate_shownReadOnlyAndKept() {
        DocumentSetup source = WORLD.upload("Order form", 1);
        Party someone = source.party("Slot One", "signer", 1);
        source.field(someone, "text", 1, 72, 120, 220, 24).field(someone, "signature", 1, 72, 600, 220, 50).send();
        org.signet.support.ApiFlow flow = new org.signet.support.ApiFlow(WORLD.server, WORLD.owner.full(), WORLD.clock);
        Object template = TestServer.expectObject(201, flow.post("templates", Map.of("document_id",
                Long.parseLong(source.id()), "name", "Order form"))).get("id");
        Map<String, Object> made = TestServer.expectObject(201, flow.post("templates/" + template + "/documents",
                Map.of("variables", Map.of("text_1", "Order 7781"), "send", true, "signers",
                        List.of(Map.of("name", "Pia Prefill", "email", "pia@example.com")))));
        String link = (String) ((Map<?, ?>) TestServer.array(flow.get("documents/" + made.get("id") + "/signers"))
                .get(0)).get("signing_url");
        Party pia = new Party("", "Pia Prefill", "pia@example.com", link);

        page.open(pia);

        org.openqa.selenium.WebElement shown = page.field("text");
        assertEquals("div", shown.getTagName().toLowerCase(java.util.Locale.ROOT),
                "a prefilled value is text, not an input");
        assertEquals("Order 7781", shown.getText());
        assertTrue(shown.getAttribute("aria-label").contains("filled in by the sender"));
        page.openSignatureDialog();
        page.typeSignature("Pia Prefill");
        page.apply();
        page.consentAnd("finish");
        assertEquals("signed", flow.signerStatus((String) made.get("id"), (String) ((Map<?, ?>) ((List<?>) made
                .get("signers")).get(0)).get("id")));
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
        BufferedImage stored = completedImage(doc, second, "signature");
        assertEquals(300, stored.getWidth());
        assertEquals(90, stored.getHeight());
    }

    @Test
    void finish_initialsStampAndChoice_reachTheServerAsGiven(@TempDir Path dir) throws Exception {
        DocumentSetup doc = WORLD.upload("Order", 1);
        Party first = doc.party("Ida Initials", "signer", 1);
        Party second = doc.party("Ned Next", "signer", 2);
        doc.field(first, "initials", 1, 500, 780, 60, 30).field(first, "stamp", 1, 72, 650, 120, 120)
                .field(first, "dropdown", 1, 72, 120, 150, 24, "options", List.of("Small", "Large"))
                .field(second, "signature", 1, 320, 600, 220, 50).send();
        Path seal = dir.resolve("seal.png");
        ImageIO.write(signatureImage(160, 160), "png", seal.toFile());

        page.open(first);
        new Select(page.field("dropdown")).selectByVisibleText("Large");
        page.stamp(seal);
        page.openCapture("initials");
        browser.click(By.id("tab-type"));
        assertEquals("II", browser.visible(By.id("type-input")).getAttribute("value"));
        page.apply("initials");
        page.consentAnd("finish");

        assertEquals("signed", doc.signer(first).get("status"));
        assertEquals("Large", doc.value(first, "dropdown"));
        assertEquals(160, completedImage(doc, second, "stamp").getWidth());
        assertTrue(completedImage(doc, second, "initials").getWidth() > 0);
    }

    /** An earlier signer's image of a field of {@code type}, as the next signer's page receives it. */
    @SuppressWarnings("unchecked")
    private static BufferedImage completedImage(DocumentSetup doc, Party next, String type) throws Exception {
        HttpResponse<String> session = doc.signing(next, "GET", "session", null);
        for (Object o : (List<Object>) TestServer.object(session).get("completed_values")) {
            Map<String, Object> item = (Map<String, Object>) o;
            String value = String.valueOf(item.get("value"));
            if (type.equals(item.get("field_type")) && value.startsWith("data:image/png;base64,")) {
                byte[] bytes = Base64.getDecoder().decode(value.substring(value.indexOf(',') + 1));
                BufferedImage image = ImageIO.read(new ByteArrayInputStream(bytes));
                assertNotNull(image);
                return image;
            }
        }
        throw new AssertionError("no " + type + " image in " + session.body());
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
