package org.signet.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.time.format.TextStyle;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.signet.support.Browser;
import org.signet.support.DocumentSetup;
import org.signet.support.Party;

/**
 * The signing page in the signer's language, in a real headless Chromium: a German signer signs
 * on a phone in the guided form and on a desktop with the keyboard alone; each language's page
 * speaks that language, script and server alike, and stays free of axe-core violations.
 */
class SigningPageLanguagesTest {
    @RegisterExtension
    static final SigningPageFixture WORLD = new SigningPageFixture(1280, 900);

    private final SignerPage page = WORLD.page();
    private final Browser browser = WORLD.browser;

    private static Party german(DocumentSetup doc) {
        Party greta = doc.party("Greta Weiss", "signer", 1, "language", "de");
        doc.field(greta, "text", 1, 72, 120, 220, 24, "field_name", "Firma")
                .field(greta, "checkbox", 1, 72, 170, 18, 18, "field_name", "Bedingungen gelesen")
                .field(greta, "signature", 1, 72, 600, 220, 50).send();
        return greta;
    }

    @Test
    void german_phoneGuidedForm_signsInGerman() {
        browser.reset(390, 844);
        page.touchScreen();
        DocumentSetup doc = WORLD.upload("Mietvertrag", 1);
        Party greta = german(doc);
        assertTrue(greta.url().endsWith("?lang=de"), greta.url());

        browser.open(greta.url());
        WebElement count = browser.visible(By.id("guided-count"));
        assertEquals("Feld 1 von 3", count.getText());
        assertEquals("de", browser.driver().findElement(By.tagName("html")).getAttribute("lang"));
        assertEquals("Firma", browser.visible(By.cssSelector("label[for='guided-input']")).getText());
        page.tap(browser.clickable(By.id("guided-next")));
        assertEquals("Dieses Feld ist erforderlich. Füllen Sie es aus, um fortzufahren.",
                browser.visible(By.id("guided-error")).getText());
        browser.visible(By.id("guided-input")).sendKeys("Groß & Söhne");
        page.tap(browser.clickable(By.id("guided-next")));
        browser.until(d -> "Feld 2 von 3".equals(count.getText()));
        page.tap(browser.visible(By.cssSelector("label[for='guided-input']")));
        page.tap(browser.clickable(By.id("guided-next")));
        browser.until(d -> "Feld 3 von 3".equals(count.getText()));
        page.tap(browser.clickable(By.id("guided-input")));
        assertEquals("Unterschrift hinzufügen", browser.visible(By.id("signature-dialog-title")).getText());
        page.tap(browser.clickable(By.id("tab-type")));
        browser.visible(By.id("type-input")).sendKeys("Greta Weiss");
        page.tap(browser.clickable(By.id("apply-signature")));
        browser.until(d -> !d.findElement(By.id("signature-dialog")).isDisplayed());
        page.tap(browser.clickable(By.id("guided-next")));
        browser.until(d -> "Bereit zum Abschließen".equals(count.getText()));
        WebElement done = page.consentAnd("finish");

        assertEquals("Sie haben unterschrieben", done.findElement(By.tagName("h2")).getText());
        assertTrue(done.getText().contains("\u201eMietvertrag\u201c"), done.getText());
        assertEquals("Groß & Söhne", doc.value(greta, "text"));
        assertEquals("1", doc.value(greta, "checkbox"));
        assertEquals("signed", doc.signer(greta).get("status"));
    }

    @Test
    void german_keyboardOnly_signsInGerman() {
        DocumentSetup doc = WORLD.upload("Kaufvertrag", 1);
        Party greta = german(doc);
        page.open(greta);

        page.tabToField("text");
        page.keys("Tastatur GmbH");
        page.tabToField("checkbox");
        page.keys(Keys.SPACE);
        page.tabToField("signature");
        page.keys(Keys.ENTER);
        browser.until(d -> "true".equals(d.findElement(By.id("tab-type")).getAttribute("aria-selected")));
        assertEquals("Geben Sie Ihren vollständigen Namen ein", browser.visible(By.id("type-label")).getText());
        page.keys(Keys.TAB);
        assertEquals("type-input", page.focused().getAttribute("id"));
        page.keys(Keys.ENTER);
        browser.until(d -> page.box("signature").getAttribute("class").contains("is-filled"));
        assertEquals("Alle Pflichtfelder sind ausgefüllt", browser.visible(By.id("progress")).getText());
        page.tabToId("consent");
        page.keys(Keys.SPACE);
        page.tabToId("finish");
        page.keys(Keys.ENTER);

        WebElement done = browser.visible(By.id("done"));
        assertEquals("Sie haben unterschrieben", done.findElement(By.tagName("h2")).getText());
        assertEquals("Tastatur GmbH", doc.value(greta, "text"));
    }

    @ParameterizedTest
    @CsvSource({"en, Page 1 of 1, One field at a time", "de, Seite 1 von 1, Ein Feld nach dem anderen",
            "fr, Page 1 sur 1, Un champ à la fois", "es, Página 1 de 1, Un campo cada vez"})
    void eachLanguage_pageSpeaksItAndHasNoAxeViolations(String lang, String pageLabel, String toggle) {
        DocumentSetup doc = WORLD.upload("Contract " + lang, 1);
        Party party = doc.party("Lee Lang", "signer", 1, "language", lang);
        doc.field(party, "text", 1, 72, 120, 220, 24).field(party, "signature", 1, 72, 600, 220, 50)
                .field(party, "date", 1, 320, 620, 150, 20).send();

        page.open(party);
        assertEquals(lang, browser.driver().findElement(By.tagName("html")).getAttribute("lang"));
        // The date of signing is shown as the signer's language writes it, month name and all.
        String month = LocalDate.now().getMonth().getDisplayName(TextStyle.FULL, Locale.forLanguageTag(lang));
        String date = page.field("date").getText();
        assertTrue(date.toLowerCase(Locale.ROOT).contains(month.toLowerCase(Locale.ROOT)),
                lang + ": " + date + " does not name " + month);
        assertEquals(pageLabel, browser.visible(By.id("page-indicator")).getText());
        assertEquals(toggle, browser.visible(By.id("guided-toggle")).getText());
        page.consent();
        browser.click(By.id("finish"));
        browser.until(d -> !d.findElement(By.id("message")).getText().isBlank());
        assertEquals(List.of(), Axe.violations(browser.driver()), lang);
        assertEquals(List.of(), browser.consoleErrors(), lang);
    }
}
