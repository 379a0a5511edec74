package org.signet.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.PointerInput;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.signet.support.Browser;
import org.signet.support.DocumentSetup;
import org.signet.support.Party;

/**
 * The guided form on a 390x844 phone with a touch screen, in a real headless Chromium: one field
 * at a time with large labelled inputs, the page scrolled to the field being filled, one
 * submission at the end with the same values and checks as the page form.
 */
class SigningPageGuidedTest {
    private static final int WIDTH = 390;
    private static final int HEIGHT = 844;

    @RegisterExtension
    static final SigningPageFixture WORLD = new SigningPageFixture(WIDTH, HEIGHT);

    private final SignerPage page = WORLD.page();
    private final Browser browser = WORLD.browser;

    @BeforeEach
    void touchScreen() {
        page.touchScreen();
    }

    /** Gia fills, in reading order: a company (required), a note (optional), a choice, a box to tick, a signature. */
    private static Party guidedSigner(DocumentSetup doc) {
        Party signer = doc.party("Gia Guided", "signer", 1);
        doc.field(signer, "text", 1, 72, 120, 220, 24, "field_name", "Company")
                .field(signer, "textarea", 1, 72, 200, 300, 60, "field_name", "Note", "is_required", false)
                .field(signer, "dropdown", 1, 72, 300, 160, 24, "field_name", "Plan",
                        "options", List.of("Basic", "Plus"))
                .field(signer, "checkbox", 1, 72, 360, 18, 18, "field_name", "I accept the terms")
                .field(signer, "signature", 2, 72, 600, 220, 50).send();
        return signer;
    }

    @Test
    void phone_guidedFormStepByStep_signsWithTheSameValuesAsThePageForm() {
        DocumentSetup doc = WORLD.upload("Guided contract", 2);
        Party signer = guidedSigner(doc);

        browser.open(signer.url());
        WebElement count = browser.visible(By.id("guided-count"));
        assertEquals("Field 1 of 5", count.getText());
        assertEquals("true", browser.visible(By.id("guided-toggle")).getAttribute("aria-pressed"));
        assertFalse(browser.driver().findElement(By.id("consent")).isDisplayed(), "consent and Finish wait for the review step");
        WebElement company = browser.visible(By.id("guided-input"));
        assertEquals("Company", browser.visible(By.cssSelector("label[for='guided-input']")).getText());
        assertTrue(company.getRect().getHeight() >= 44, "guided input is " + company.getRect().getHeight() + " px tall");
        assertTrue(fontPixels(company) >= 16, "guided text is " + fontPixels(company) + " px");
        assertCurrentFieldShown("text");

        // A required field holds the form at its step.
        page.tap(browser.clickable(By.id("guided-next")));
        assertTrue(browser.visible(By.id("guided-error")).getText().contains("required"));
        assertEquals("true", browser.driver().findElement(By.id("guided-input")).getAttribute("aria-invalid"));
        assertEquals("Field 1 of 5", count.getText());

        browser.visible(By.id("guided-input")).sendKeys("Acme Ltd");
        assertEquals("Acme Ltd", page.field("text").getAttribute("value"), "the page form shows the guided value");
        next("Field 2 of 5");
        assertCurrentFieldShown("textarea");
        assertTrue(browser.visible(By.id("guided-hint")).getText().startsWith("Optional"));
        next("Field 3 of 5"); // the note is optional: Next goes on without it
        new Select(browser.visible(By.id("guided-input"))).selectByVisibleText("Plus");
        next("Field 4 of 5");
        WebElement tick = browser.visible(By.id("guided-input"));
        assertEquals("checkbox", tick.getAttribute("type"));
        page.tap(browser.visible(By.cssSelector("label[for='guided-input']")));
        assertTrue(tick.isSelected(), "tapping the label ticks the box");
        next("Field 5 of 5");
        assertCurrentFieldShown("signature");

        // Back keeps what was given.
        page.tap(browser.clickable(By.id("guided-back")));
        browser.until(d -> "Field 4 of 5".equals(count.getText()));
        assertTrue(browser.visible(By.id("guided-input")).isSelected());
        next("Field 5 of 5");

        page.tap(browser.clickable(By.id("guided-input")));
        browser.visible(By.id("signature-dialog"));
        page.draw(PointerInput.Kind.TOUCH);
        // Headless Chromium makes no click of taps once a finger has drawn; from here clicks stand in.
        browser.click(By.id("apply-signature"));
        browser.until(ExpectedConditions.invisibilityOfElementLocated(By.id("signature-dialog")));
        assertTrue(browser.present(By.cssSelector("#guided-input img")), "the guided step shows the signature");
        browser.click(By.id("guided-next"));
        browser.until(d -> "Ready to finish".equals(count.getText()));
        assertTrue(browser.visible(By.id("finish")).isDisplayed());
        WebElement done = page.consentAnd("finish");

        assertTrue(done.getText().contains("You have signed"), done.getText());
        assertEquals("Acme Ltd", doc.value(signer, "text"));
        assertEquals("", doc.value(signer, "textarea"));
        assertEquals("Plus", doc.value(signer, "dropdown"));
        assertEquals("1", doc.value(signer, "checkbox"));
        assertEquals("signed", doc.signer(signer).get("status"));
        assertEquals(List.of(), browser.consoleErrors());
    }

    @Test
    void phone_switchToPageForm_keepsValuesAndChecksTheSameFields() {
        DocumentSetup doc = WORLD.upload("Switch contract", 2);
        Party signer = guidedSigner(doc);

        browser.open(signer.url());
        browser.visible(By.id("guided-input")).sendKeys("Beta GmbH");
        page.tap(browser.clickable(By.id("guided-toggle")));
        browser.until(d -> "false".equals(d.findElement(By.id("guided-toggle")).getAttribute("aria-pressed")));
        assertFalse(browser.driver().findElement(By.id("guided")).isDisplayed());
        assertEquals("Beta GmbH", page.field("text").getAttribute("value"));
        assertTrue(browser.visible(By.id("next-field")).isDisplayed());

        // Finish on the page form with fields missing; back in the guided form, it starts at the first empty one.
        page.consent();
        browser.click(By.id("finish"));
        browser.until(d -> page.box("checkbox").getAttribute("class").contains("is-invalid"));
        page.tap(browser.clickable(By.id("guided-toggle")));
        browser.until(d -> "Field 3 of 5".equals(d.findElement(By.id("guided-count")).getText()));
        assertEquals("viewed", doc.signer(signer).get("status"), "nothing was signed");
    }

    @Test
    void phone_declineFromTheFirstStep_needsNoFieldFilled() {
        DocumentSetup doc = WORLD.upload("Declined on the go", 2);
        Party signer = guidedSigner(doc);

        browser.open(signer.url());
        browser.visible(By.id("guided-input"));
        page.tap(browser.clickable(By.id("guided-decline")));
        browser.visible(By.id("decline-dialog"));
        browser.visible(By.id("decline-reason")).sendKeys("Wrong company name.");
        page.tap(browser.clickable(By.id("cancel-decline")));
        browser.until(ExpectedConditions.invisibilityOfElementLocated(By.id("decline-dialog")));
        assertEquals("guided-decline", browser.driver().switchTo().activeElement().getAttribute("id"),
                "focus goes back to the button that opened the dialog");
        WebElement done = page.decline("guided-decline", " Really wrong.");

        assertTrue(done.getText().contains("declined"), done.getText());
        assertEquals("declined", doc.status());
        assertEquals("Wrong company name. Really wrong.", doc.signer(signer).get("decline_reason"));
    }

    @Test
    void phone_withTheKeyboardOpen_dialogButtonsAndStepStayInReach() {
        DocumentSetup doc = WORLD.upload("Short screen", 1);
        Party signer = doc.party("Sam Short", "signer", 1);
        doc.field(signer, "signature", 1, 72, 600, 220, 50).send();
        // An on-screen keyboard leaves about 480 px of an 844 px phone.
        browser.reset(WIDTH, 480);
        page.touchScreen();

        browser.open(signer.url());
        assertInView(browser.visible(By.id("guided-next")));
        page.tap(browser.clickable(By.id("guided-input")));
        browser.visible(By.id("signature-dialog"));
        page.tap(browser.clickable(By.id("tab-type")));
        browser.visible(By.id("type-input")).sendKeys("Sam Short");
        assertInView(browser.visible(By.id("apply-signature")));
        assertInView(browser.visible(By.id("cancel-signature")));
        page.tap(browser.clickable(By.id("apply-signature")));
        browser.until(ExpectedConditions.invisibilityOfElementLocated(By.id("signature-dialog")));
        page.tap(browser.clickable(By.id("guided-next")));
        assertInView(browser.visible(By.id("finish")));
    }

    private void assertInView(WebElement element) {
        assertTrue((Boolean) browser.js("const r = arguments[0].getBoundingClientRect();"
                + "return r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;", element),
                element.getAttribute("id") + " is outside the " + WIDTH + "x" + browser.js("return window.innerHeight") + " window");
    }

    /** The field being filled is highlighted on the page and scrolled into the view above the bar. */
    private void assertCurrentFieldShown(String type) {
        browser.until(d -> page.box(type).getAttribute("class").contains("is-current"));
        browser.until(d -> (Boolean) browser.js("const r = arguments[0].getBoundingClientRect();"
                + "const bar = document.getElementById('action-bar').getBoundingClientRect();"
                + "return r.top >= 0 && r.bottom <= bar.top;", page.box(type)));
        assertEquals(1, browser.all(By.cssSelector(".field.is-current")).size());
    }

    private void next(String expectedCount) {
        page.tap(browser.clickable(By.id("guided-next")));
        browser.until(d -> expectedCount.equals(d.findElement(By.id("guided-count")).getText()));
    }

    private double fontPixels(WebElement element) {
        return Double.parseDouble(((String) browser.js("return getComputedStyle(arguments[0]).fontSize", element))
                .replace("px", ""));
    }
}
