package org.signet.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.signet.support.Browser;
import org.signet.support.DocumentSetup;
import org.signet.support.Party;

/**
 * The signing page with the keyboard alone, in a real headless Chromium: a signer fills, signs
 * and finishes, an approver reads and approves, a viewer scrolls and zooms, never touching the
 * mouse; every element that takes focus on the way shows a visible focus ring.
 */
class SigningPageKeyboardTest {
    @RegisterExtension
    static final SigningPageFixture WORLD = new SigningPageFixture(1280, 900);

    private final SignerPage page = WORLD.page();
    private final Browser browser = WORLD.browser;

    @Test
    void signer_keyboardOnly_fillsSignsByTypingAndFinishes() {
        DocumentSetup doc = WORLD.upload("Keyboard lease", 1);
        Party signer = doc.party("Kim Keys", "signer", 1);
        doc.field(signer, "text", 1, 72, 120, 220, 24, "field_name", "Company")
                .field(signer, "checkbox", 1, 72, 170, 18, 18, "field_name", "Terms accepted")
                .field(signer, "signature", 1, 72, 600, 220, 50).send();
        page.open(signer);

        page.tabToField("text");
        page.keys("Kim's Company");
        page.tabToField("checkbox");
        page.keys(Keys.SPACE);
        page.tabToField("signature");
        page.keys(Keys.ENTER);
        // Opened from the keyboard, the dialog starts on typing, since drawing needs a pointer.
        browser.until(d -> "true".equals(d.findElement(By.id("tab-type")).getAttribute("aria-selected")));
        page.tabToId("type-input");
        page.keys(Keys.ENTER);
        browser.until(d -> page.box("signature").getAttribute("class").contains("is-filled"));
        assertEquals("signature", page.focused().getAttribute("data-field-type"), "focus goes back to the signature box");
        page.tabToId("consent");
        page.keys(Keys.SPACE);
        page.tabToId("finish");
        page.keys(Keys.ENTER);

        WebElement done = browser.visible(By.id("done"));
        assertTrue(done.getText().contains("You have signed"), done.getText());
        assertEquals("Kim's Company", doc.value(signer, "text"));
        assertEquals("1", doc.value(signer, "checkbox"));
        assertEquals("signed", doc.signer(signer).get("status"));
    }

    @Test
    void signer_drawingPad_offersTypeAndUploadToTheKeyboard() {
        DocumentSetup doc = WORLD.upload("Keyboard drawing", 1);
        Party signer = doc.party("Dee Draw", "signer", 1);
        doc.field(signer, "signature", 1, 72, 600, 220, 50).send();
        page.open(signer);
        page.openSignatureDialog(); // by mouse: it opens on Draw

        page.tabToId("draw-type-instead");
        page.keys(Keys.ENTER);
        browser.until(d -> "true".equals(d.findElement(By.id("tab-type")).getAttribute("aria-selected")));
        assertEquals("type-input", page.focused().getAttribute("id"));
        page.keys(Keys.chord(Keys.SHIFT, Keys.TAB));
        browser.click(By.id("tab-draw"));
        page.tabToId("draw-upload-instead");
        page.keys(Keys.ENTER);
        browser.until(d -> "upload-input".equals(page.focused().getAttribute("id")));
        page.keys(Keys.ESCAPE);
        browser.until(d -> !d.findElement(By.id("signature-dialog")).isDisplayed());
    }

    @Test
    void approver_keyboardOnly_scrollsReadsAndApproves() {
        DocumentSetup doc = WORLD.upload("Keyboard budget", 3);
        Party approver = doc.party("Abe Approver", "approver", 1);
        Party signer = doc.party("Sid Signer", "signer", 2);
        doc.field(signer, "signature", 3, 72, 600, 220, 50).send();
        page.open(approver);

        assertScrollsWithKeys();
        page.tabToId("consent");
        page.keys(Keys.SPACE);
        page.tabToId("approve");
        page.keys(Keys.ENTER);

        WebElement done = browser.visible(By.id("done"));
        assertTrue(done.getText().contains("You have approved"), done.getText());
        assertEquals("signed", doc.signer(approver).get("status"));
    }

    @Test
    void viewer_keyboardOnly_scrollsAndZooms() {
        DocumentSetup doc = WORLD.upload("Keyboard minutes", 3);
        Party signer = doc.party("Sue Signer", "signer", 1);
        Party viewer = doc.party("Vic Viewer", "viewer", 1);
        doc.field(signer, "signature", 1, 72, 600, 220, 50).send();
        page.open(viewer);

        assertScrollsWithKeys();
        int before = browser.visible(By.cssSelector(".page")).getRect().getWidth();
        page.tabToId("zoom-in");
        page.keys(Keys.ENTER);
        browser.until(d -> d.findElement(By.cssSelector(".page")).getRect().getWidth() > before * 1.2);
        assertEquals("125%", browser.visible(By.id("zoom-reset")).getText());
        page.keys(Keys.ENTER, Keys.ENTER, Keys.ENTER);
        browser.until(d -> "300%".equals(d.findElement(By.id("zoom-reset")).getText()));
        assertTrue((Boolean) browser.js("const s = document.getElementById('main'); return s.scrollWidth > s.clientWidth;"),
                "zoomed to 300%, the document scrolls sideways");
        assertTrue(!browser.visible(By.id("zoom-in")).isEnabled(), "zoom in is offered past the largest size");
    }

    /**
     * From the top of the page, Tab reaches the document box, whose ring shows, and Page Down
     * scrolls it; the page indicator follows.
     */
    private void assertScrollsWithKeys() {
        browser.js("document.activeElement.blur(); window.scrollTo(0, 0);");
        page.tabToId("main");
        long top = scrollTop();
        page.keys(Keys.PAGE_DOWN);
        browser.until(d -> scrollTop() > top);
        awaitScrollStill();
        page.keys(Keys.END);
        // Home waits until End's smooth scroll has landed: a key pressed during it may be lost to it.
        browser.until(d -> (Boolean) browser.js("const s = document.getElementById('main');"
                + "return s.scrollTop + s.clientHeight >= s.scrollHeight - 1;"));
        browser.until(d -> "Page 3 of 3".equals(d.findElement(By.id("page-indicator")).getText()));
        page.keys(Keys.HOME);
        browser.until(d -> scrollTop() == 0);
    }

    /** Until two looks a frame apart see the same position: a smooth scroll has ended. */
    private void awaitScrollStill() {
        browser.until(d -> (Boolean) ((org.openqa.selenium.JavascriptExecutor) d).executeAsyncScript(
                "const done = arguments[arguments.length - 1]; const s = document.getElementById('main');"
                + "const a = s.scrollTop; requestAnimationFrame(() => requestAnimationFrame(() => done(s.scrollTop === a)));"));
    }

    private long scrollTop() {
        return ((Number) browser.js("return document.getElementById('main').scrollTop")).longValue();
    }
}
