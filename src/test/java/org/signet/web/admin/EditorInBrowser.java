package org.signet.web.admin;

import java.util.Map;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.interactions.Actions;
import org.signet.support.Browser;

/**
 * What the browser tests of the field editor and of a sender's whole path do alike: keys pressed as a keyboard does,
 * Tab pressed until a control has the focus, page 1's image as the screen shows it, and the editor's save awaited.
 */
final class EditorInBrowser {
    private static final int MOST_TABS = 80;

    private EditorInBrowser() {}

    static void keys(Browser browser, CharSequence... keys) {
        new Actions(browser.driver()).sendKeys(keys).perform();
    }

    /** {@code key} pressed while {@code modifier} is held. */
    static void chord(Browser browser, Keys modifier, Keys key) {
        new Actions(browser.driver()).keyDown(modifier).sendKeys(key).keyUp(modifier).perform();
    }

    /** Presses Tab until the element matching {@code selector} has the focus; none when it has it already. */
    static void tabTo(Browser browser, String selector) {
        tabUntil(browser, selector, () -> keys(browser, Keys.TAB));
    }

    /** Presses Shift+Tab until the element matching {@code selector} has the focus. */
    static void tabBackTo(Browser browser, String selector) {
        tabUntil(browser, selector, () -> chord(browser, Keys.SHIFT, Keys.TAB));
    }

    private static void tabUntil(Browser browser, String selector, Runnable press) {
        for (int i = 0; i < MOST_TABS; i++) {
            if (Boolean.TRUE.equals(browser.js("return document.activeElement.matches(arguments[0]);", selector))) {
                return;
            }
            press.run();
        }
        throw new AssertionError("Tab never reached " + selector);
    }

    /** Page 1's image on the screen, scrolled near the window's top: left, top, width in CSS pixels, width in points. */
    static Map<String, Object> pageOne(Browser browser) {
        @SuppressWarnings("unchecked")
        Map<String, Object> r = (Map<String, Object>) browser.js("const p = document.querySelector('.editor-page');"
                + "p.scrollIntoView({block: 'start'}); window.scrollBy(0, -10);"
                + "const r = p.querySelector('img').getBoundingClientRect();"
                + "return {left: r.left, top: r.top, width: r.width, points: Number(p.dataset.width)};");
        return r;
    }

    /** Until the editor says its fields are saved. */
    static void awaitSaved(Browser browser) {
        browser.until(x -> "saved".equals(x.findElement(By.id("editor-status")).getAttribute("data-state")));
    }
}
