package org.signet.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.signet.support.ApiFlow;
import org.signet.support.Browser;
import org.signet.support.DocumentSetup;
import org.signet.support.Party;
import org.signet.support.SealedDocuments;

/**
 * Rules on fields on the signer's page in a real headless Chromium: a validation's message shown as
 * the signer types, a field appearing when its condition holds, a radio and a number filled, and the
 * document submitted and sealed with them drawn; axe-core finds nothing in any of the four languages.
 */
class SigningPageRulesTest {
    @RegisterExtension
    static final SigningPageFixture WORLD = new SigningPageFixture(1280, 900);

    private final SignerPage page = WORLD.page();
    private final Browser browser = WORLD.browser;

    /** A form with a postcode (five digits), a plan (radio), seats (a number from 1 to 50, shown for Team). */
    static DocumentSetup form(Party signer, DocumentSetup doc) {
        return doc.field(signer, "text", 1, 72, 100, 200, 24, "field_name", "Postcode", "validation",
                        Map.of("pattern", "[0-9]{5}", "message", "Enter the five digits of your postcode."))
                .field(signer, "radio", 1, 72, 160, 150, 60, "field_name", "Plan", "options", List.of("Basic", "Team"))
                .field(signer, "number", 1, 72, 260, 100, 24, "field_name", "Seats", "options",
                        Map.of("min", 1, "max", 50), "condition", Map.of("field_name", "Plan", "equals", "Team"))
                .field(signer, "signature", 1, 72, 600, 220, 50);
    }

    private WebElement named(String name) {
        return browser.driver().findElement(By.cssSelector("[data-field-id][aria-label='" + name + "']"));
    }

    private WebElement boxOf(WebElement control) {
        return browser.driver().findElement(By.cssSelector("[data-field-box='" + control.getAttribute("data-field-id")
                + "']"));
    }

    @Test
    void typing_validationMessageShown_conditionalFieldAppears_radioAndNumberSignedAndSealed() throws Exception {
        DocumentSetup doc = WORLD.upload("Order form", 1);
        Party signer = doc.party("Vera Valid", "signer", 1);
        form(signer, doc).field(signer, "textarea", 1, 320, 100, 200, 60, "field_name", "Notes", "default_value",
                "Deliver by noon").send();

        page.open(signer).pageForm();
        assertEquals("Deliver by noon", named("Notes").getDomProperty("value"), "the sender's default, filled in");
        WebElement postcode = named("Postcode");
        postcode.sendKeys("7500");
        WebElement problem = browser.visible(By.id("problem-" + postcode.getAttribute("data-field-id")));
        assertEquals("Enter the five digits of your postcode.", problem.getText());
        assertEquals("true", postcode.getAttribute("aria-invalid"));
        postcode.sendKeys("1");
        browser.until(d -> problem.getText().isEmpty());
        assertFalse(boxOf(postcode).getAttribute("class").contains("is-invalid"));

        WebElement seats = browser.driver().findElement(By.cssSelector("[data-field-type='number']"));
        assertFalse(seats.isDisplayed(), "Seats is hidden until Team is chosen");
        browser.click(By.xpath("//label[normalize-space()='Team' and ancestor::*[@data-field-box]]"));
        browser.until(d -> seats.isDisplayed());
        seats.sendKeys("70");
        browser.until(d -> "Enter a number from 1 to 50.".equals(d.findElement(By.id("problem-"
                + seats.getAttribute("data-field-id"))).getText()));
        seats.clear();
        seats.sendKeys("12");

        page.openSignatureDialog();
        page.typeSignature("Vera Valid");
        page.apply();
        page.consentAnd("finish");

        assertEquals("75001", doc.value(signer, "text"));
        assertEquals("Team", doc.value(signer, "radio"));
        assertEquals("12", doc.value(signer, "number"));
        assertEquals("Deliver by noon", doc.value(signer, "textarea"));
        doc.sealed();
        try (PDDocument pdf = Loader.loadPDF(SealedDocuments.sealedPdf(new ApiFlow(WORLD.server, WORLD.owner.full(),
                WORLD.clock), doc.id()))) {
            String text = new PDFTextStripper().getText(pdf);
            assertTrue(text.contains("75001") && text.contains("Team") && text.contains("12"), text);
        }
    }

    @Test
    void submit_hiddenFieldsValueDropped_serverRefusalMarksTheField() {
        DocumentSetup doc = WORLD.upload("Order form", 1);
        Party signer = doc.party("Hugo Hidden", "signer", 1);
        form(signer, doc).send();

        page.open(signer).pageForm();
        browser.click(By.xpath("//label[normalize-space()='Basic' and ancestor::*[@data-field-box]]"));
        named("Postcode").sendKeys("75001");
        page.openSignatureDialog();
        page.typeSignature("Hugo Hidden");
        page.apply();
        page.consentAnd("finish");

        assertEquals("Basic", doc.value(signer, "radio"));
        assertEquals("", doc.value(signer, "number"), "Seats was hidden, so not required and not kept");
    }

    @ParameterizedTest
    @ValueSource(strings = {"en", "de", "fr", "es"})
    void axe_formWithRulesAndAProblemShown_noViolations(String lang) {
        DocumentSetup doc = WORLD.upload("Axe rules", 1);
        Party signer = doc.party("Axel Rules", "signer", 1, "language", lang);
        form(signer, doc).send();

        page.open(signer).pageForm();
        named("Postcode").sendKeys("12");
        browser.click(By.xpath("//label[normalize-space()='Team' and ancestor::*[@data-field-box]]"));
        List<String> found = new ArrayList<>(Axe.violations(browser.driver()));
        browser.click(By.id("guided-toggle"));
        browser.visible(By.id("guided-step"));
        found.addAll(Axe.violations(browser.driver()));

        assertEquals(List.of(), found, lang);
    }

    /** The form for a browser without script has no script of its own, so axe-core can look at it here. */
    @ParameterizedTest
    @ValueSource(strings = {"en", "de", "fr", "es"})
    void axe_formWithoutScriptAndARefusal_noViolations(String lang) {
        DocumentSetup doc = WORLD.upload("Axe form", 1);
        Party signer = doc.party("Axel Form", "signer", 1, "language", lang);
        form(signer, doc).send();

        browser.open(signer.url().replaceFirst("(/sign/[^/?]+)", "$1/form"));
        browser.visible(By.id("signing-form"));
        List<String> found = new ArrayList<>(Axe.violations(browser.driver()));
        WebElement postcode = browser.visible(By.id("f" + doc.fieldId(signer, "text")));
        postcode.sendKeys("12");
        browser.click(By.id("form-submit"));
        browser.visible(By.id("message"));
        found.addAll(Axe.violations(browser.driver()));

        assertEquals(List.of(), found, lang);
    }
}
