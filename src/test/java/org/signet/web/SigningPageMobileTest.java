package org.signet.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.Rectangle;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.PointerInput;
import org.signet.support.Browser;
import org.signet.support.DocumentSetup;
import org.signet.support.Party;

/**
 * The signing page's whole-page form on a phone-sized screen in a real headless Chromium: fits,
 * scales, signs. The guided form a phone starts with is in {@link SigningPageGuidedTest}.
 */
class SigningPageMobileTest {
    private static final int WIDTH = 390;
    private static final int HEIGHT = 844;

    @RegisterExtension
    static final SigningPageFixture WORLD = new SigningPageFixture(WIDTH, HEIGHT);

    private final SignerPage page = WORLD.page();
    private final Browser browser = WORLD.browser;

    private static Party phoneSigner(DocumentSetup doc) {
        Party signer = doc.party("Pat Phone", "signer", 1);
        doc.field(signer, "text", 1, 300, 100, 250, 24).field(signer, "checkbox", 1, 540, 160, 18, 18)
                .field(signer, "signature", 1, 340, 700, 220, 50).send();
        return signer;
    }

    @Test
    void finish_phoneViewport_noSideScrollAndSignsWithFinger() {
        DocumentSetup doc = WORLD.upload("Phone contract", 1);
        Party signer = phoneSigner(doc);

        page.open(signer).pageForm();
        assertNoSideScroll();
        page.type("text", "On the go");
        page.field("checkbox").click();
        page.openSignatureDialog();
        assertFitsViewport(browser.visible(By.id("signature-canvas")).getRect());
        assertFitsViewport(browser.visible(By.id("apply-signature")).getRect());
        page.draw(PointerInput.Kind.TOUCH);
        page.apply();
        assertNoSideScroll();
        WebElement done = page.consentAnd("finish");

        assertTrue(done.getText().contains("You have signed"), done.getText());
        assertEquals("completed", doc.status());
        assertEquals("On the go", doc.value(signer, "text"));
        assertEquals("1", doc.value(signer, "checkbox"));
    }

    @Test
    void open_phoneViewport_fieldsSitAtTheirScaledPlaceAndCanBeReached() {
        DocumentSetup doc = WORLD.upload("Phone layout", 1);
        Party signer = phoneSigner(doc);

        page.open(signer).pageForm();
        Rectangle sheet = browser.visible(By.cssSelector(".page[data-page-number='1']")).getRect();
        assertTrue(sheet.getWidth() <= WIDTH, "page wider than the phone: " + sheet.getWidth());
        double scale = sheet.getWidth() / 595.0;
        assertEquals(842 * scale, sheet.getHeight(), 2.0, "the page keeps the A4 aspect ratio");
        for (Map.Entry<String, double[]> e : Map.of("text", new double[] {300, 100, 250, 24},
                "signature", new double[] {340, 700, 220, 50}).entrySet()) {
            Rectangle box = page.box(e.getKey()).getRect();
            double[] want = e.getValue();
            String what = e.getKey() + " box " + box.getX() + "," + box.getY() + " " + box.getWidth() + "x" + box.getHeight();
            assertEquals(sheet.getX() + want[0] * scale, box.getX(), 2.0, what);
            assertEquals(sheet.getY() + want[1] * scale, box.getY(), 2.0, what);
            assertEquals(want[2] * scale, box.getWidth(), 2.0, what);
            assertEquals(want[3] * scale, box.getHeight(), 2.0, what);
        }
        browser.click(By.id("next-field"));
        browser.until(d -> "text".equals(browser.js("return document.activeElement.getAttribute('data-field-type')")));
        WebElement signature = page.field("signature");
        browser.js("arguments[0].scrollIntoView({block: 'center'})", signature);
        browser.until(d -> shownAboveActionBar(signature));
        assertNoSideScroll();
    }

    private void assertNoSideScroll() {
        Number scrollWidth = (Number) browser.js("return document.documentElement.scrollWidth");
        Number innerWidth = (Number) browser.js("return window.innerWidth");
        assertTrue(scrollWidth.intValue() <= innerWidth.intValue(),
                "the page scrolls sideways: " + scrollWidth + " > " + innerWidth);
    }

    /** On screen, and not under the action bar at the bottom. */
    private boolean shownAboveActionBar(WebElement element) {
        return (Boolean) browser.js("const r = arguments[0].getBoundingClientRect();"
                + "const bar = document.getElementById('action-bar').getBoundingClientRect();"
                + "return r.top >= 0 && r.bottom <= bar.top && r.left >= 0 && r.right <= window.innerWidth;", element);
    }

    private static void assertFitsViewport(Rectangle r) {
        assertTrue(r.getX() >= 0 && r.getX() + r.getWidth() <= WIDTH, "sticks out sideways: " + r.getX() + " + " + r.getWidth());
    }
}
