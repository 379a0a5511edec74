package org.signet.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.signet.support.Browser;
import org.signet.support.DocumentSetup;
import org.signet.support.Party;

/**
 * The signer's fields as one form in a Chromium that runs no script: every field is shown, conditional
 * ones with when they are needed; the server checks what is posted, and its refusal names each field;
 * a right post signs, the hidden field's value dropped. (The form's page has no script of its own, so
 * SigningPageRulesTest runs axe-core on it in a Chromium that has script.)
 */
class SigningFormWithoutScriptTest {
    @RegisterExtension
    static final SigningPageFixture WORLD = new SigningPageFixture(1280, 900, Browser.NO_SCRIPT);

    private final Browser browser = WORLD.browser;

    private void fill(String id, String text) {
        WebElement input = browser.visible(By.id(id));
        input.clear();
        input.sendKeys(text);
    }

    private String idOf(DocumentSetup doc, Party signer, String type) {
        return "f" + doc.fieldId(signer, type);
    }

    @Test
    void post_refusedNamingTheFields_thenSigned_hiddenValueDropped() {
        DocumentSetup doc = WORLD.upload("Order form", 1);
        Party signer = doc.party("Nina Noscript", "signer", 1);
        SigningPageRulesTest.form(signer, doc).send();

        browser.open(signer.url());
        browser.click(By.cssSelector("noscript a, .notice-inline a"));
        String seats = idOf(doc, signer, "number");
        assertTrue(browser.visible(By.id(seats)).isDisplayed(), "a conditional field is shown without script");
        assertTrue(browser.driver().getPageSource().contains("Needed only when \u201cPlan\u201d is \u201cTeam\u201d."));

        fill(idOf(doc, signer, "text"), "7500");
        browser.click(By.id("form-consent"));
        fill("signature_text", "Nina Noscript");
        browser.click(By.id("form-submit"));
        String refused = browser.visible(By.id("message")).getText();
        assertTrue(refused.contains("Enter the five digits of your postcode."), refused);
        assertTrue(browser.driver().getCurrentUrl().endsWith("/form"), browser.driver().getCurrentUrl());
        assertEquals("7500", browser.visible(By.id(idOf(doc, signer, "text"))).getAttribute("value"), "kept");

        fill(idOf(doc, signer, "text"), "75001");
        browser.click(By.id("form-consent"));
        fill("signature_text", "Nina Noscript");
        browser.click(By.id("form-submit"));
        refused = browser.visible(By.id("message")).getText();
        assertTrue(refused.contains("Plan is required."), refused);

        browser.click(By.id(idOf(doc, signer, "radio") + "-0"));
        fill(seats, "12");
        browser.click(By.id("form-consent"));
        fill("signature_text", "Nina Noscript");
        browser.click(By.id("form-submit"));
        browser.until(d -> "signed".equals(doc.signer(signer).get("status")));

        assertEquals("75001", doc.value(signer, "text"));
        assertEquals("Basic", doc.value(signer, "radio"));
        assertEquals("", doc.value(signer, "number"), "Seats is hidden for Basic: its value dropped");
    }
}
