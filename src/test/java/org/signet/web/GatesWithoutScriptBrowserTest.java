package org.signet.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.signet.crypto.Passwords;
import org.signet.support.Browser;
import org.signet.support.DocumentSetup;
import org.signet.support.MailedCodes;
import org.signet.support.Party;

/**
 * The PIN, login and emailed-code gates in a Chromium that runs no script: the forms post (a PIN, password
 * or code never lands in the address bar or the history), a wrong entry comes back with the reason, a
 * right one opens the link.
 */
class GatesWithoutScriptBrowserTest {
    @RegisterExtension
    static final SigningPageFixture WORLD = new SigningPageFixture(1280, 900, Browser.NO_SCRIPT).withMail();

    @Test
    void pin_wrongThenRight_postedAsAForm_neverInTheAddress() {
        DocumentSetup doc = WORLD.upload("Sealed envelope", 1);
        Party nora = doc.party("Nora Noscript", "signer", 1, "pin_code", "5173");
        doc.field(nora, "signature", 1, 72, 600, 220, 50).send();
        Browser browser = WORLD.browser;

        browser.open(nora.url());
        enter(browser, By.id("pin-input"), "1111", By.id("pin-submit"));
        WebElement message = browser.visible(By.id("message"));
        assertTrue(message.getText().contains("PIN is not correct"), message.getText());
        assertTrue(message.getText().contains("4 tries left"), message.getText());
        // The answer came from the posted form, not from a script: the address is the form's action.
        assertTrue(browser.driver().getCurrentUrl().endsWith("/sign/" + nora.token() + "/pin"));
        assertFalse(browser.driver().getCurrentUrl().contains("1111"), browser.driver().getCurrentUrl());
        assertFalse(browser.present(By.cssSelector(".document-area")), "the document before the PIN");

        enter(browser, By.id("pin-input"), "5173", By.id("pin-submit"));
        browser.until(d -> d.getCurrentUrl().endsWith("/sign/" + nora.token()) ? true : null);
        assertTrue(browser.present(By.cssSelector(".document-area")), browser.driver().getPageSource());
        assertFalse(browser.present(By.id("pin-form")));
        assertFalse(browser.driver().getCurrentUrl().contains("5173"));
        assertEquals("viewed", doc.signer(nora).get("status"));
    }

    @Test
    void login_wrongThenRight_postedAsAForm() {
        WORLD.server.app.users().add("noel.noscript@example.com", "Noel Noscript", false,
                Passwords.hash("right horse".toCharArray()));
        DocumentSetup doc = WORLD.upload("Members only, no script", 1);
        Party noel = doc.party("Noel Noscript", "signer", 1, "require_wp_login", true);
        doc.field(noel, "signature", 1, 72, 600, 220, 50).send();
        Browser browser = WORLD.browser;

        browser.open(noel.url());
        enter(browser, By.id("login-password"), "wrong horse", By.id("login-submit"));
        WebElement message = browser.visible(By.id("message"));
        assertFalse(message.getText().isBlank(), "a refused login says why");
        assertTrue(browser.driver().getCurrentUrl().endsWith("/sign/" + noel.token() + "/login"));
        assertFalse(browser.driver().getCurrentUrl().contains("horse"), browser.driver().getCurrentUrl());
        assertFalse(browser.present(By.cssSelector(".document-area")));

        enter(browser, By.id("login-password"), "right horse", By.id("login-submit"));
        browser.until(d -> d.getCurrentUrl().endsWith("/sign/" + noel.token()) ? true : null);
        assertTrue(browser.present(By.cssSelector(".document-area")));
        assertEquals("viewed", doc.signer(noel).get("status"));
    }

    @Test
    void emailCode_askedThenWrongThenRight_postedAsForms_neverInTheAddress() {
        DocumentSetup doc = WORLD.upload("Coded envelope, no script", 1);
        Party cora = doc.party("Cora Noscript", "signer", 1, "verification", "email_code");
        doc.field(cora, "signature", 1, 72, 600, 220, 50).send();
        Browser browser = WORLD.browser;

        browser.open(cora.url());
        assertFalse(browser.present(By.id("code-input")), "no code field before a code was asked for");
        browser.click(By.id("code-send"));
        browser.until(d -> d.getCurrentUrl().endsWith("/sign/" + cora.token()) && browser.present(By.id("code-input"))
                ? true : null);
        String code = MailedCodes.latest(WORLD.mail(), cora.email());
        assertTrue(browser.visible(By.tagName("main")).getText().contains("c***@example.com"));

        enter(browser, By.id("code-input"), code.equals("000000") ? "111111" : "000000", By.id("code-submit"));
        WebElement message = browser.visible(By.id("message"));
        assertTrue(message.getText().contains("code is not correct"), message.getText());
        assertTrue(message.getText().contains("4 tries left"), message.getText());
        assertTrue(browser.driver().getCurrentUrl().endsWith("/sign/" + cora.token() + "/email-code"));
        assertFalse(browser.present(By.cssSelector(".document-area")), "the document before the code");

        enter(browser, By.id("code-input"), code, By.id("code-submit"));
        browser.until(d -> d.getCurrentUrl().endsWith("/sign/" + cora.token()) ? true : null);
        assertTrue(browser.present(By.cssSelector(".document-area")), browser.driver().getPageSource());
        assertFalse(browser.driver().getCurrentUrl().contains(code));
        assertEquals("viewed", doc.signer(cora).get("status"));
    }

    private static void enter(Browser browser, By input, String text, By submit) {
        WebElement field = browser.clickable(input);
        field.clear();
        field.sendKeys(text);
        browser.click(submit);
    }
}
