package org.signet.web;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.PointerInput;
import org.openqa.selenium.interactions.Sequence;
import org.openqa.selenium.remote.RemoteWebDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.signet.support.Browser;
import org.signet.support.Party;

/** What a signer does on the signing page, in the browser, step by step, for the browser tests. */
final class SignerPage {
    private static final int MOST_TABS = 40;
    private final Browser browser;

    SignerPage(Browser browser) {
        this.browser = browser;
    }

    /** Opens {@code party}'s link and waits until the script has placed the pages. */
    SignerPage open(Party party) {
        browser.open(party.url());
        browser.visible(By.cssSelector(".page[data-page-number='1']"));
        return this;
    }

    /** Leaves the guided form (a phone's default) for the whole pages, where every field is on its page. */
    SignerPage pageForm() {
        WebElement toggle = browser.visible(By.id("guided-toggle"));
        if ("true".equals(toggle.getAttribute("aria-pressed"))) {
            toggle.click();
            browser.until(d -> "false".equals(toggle.getAttribute("aria-pressed")));
        }
        return this;
    }

    /** The control of the signer's only field of {@code type}, once it is on the page. */
    WebElement field(String type) {
        return browser.visible(By.cssSelector("[data-field-id][data-field-type='" + type + "']"));
    }

    /** The box around that control, which carries is-filled and is-invalid. */
    WebElement box(String type) {
        String id = field(type).getAttribute("data-field-id");
        return browser.driver().findElement(By.cssSelector("[data-field-box='" + id + "']"));
    }

    void type(String type, String text) {
        WebElement control = field(type);
        control.clear();
        control.sendKeys(text);
    }

    /** Opens the signature dialog from the signature box. */
    void openSignatureDialog() {
        openCapture("signature");
    }

    /** Opens the capture dialog from the box of {@code type}: signature or initials. */
    void openCapture(String type) {
        // Until the page has finished scrolling the box into view (in a frame it may still move), the
        // click can land on the box around the button; it is tried again until the button takes it.
        browser.until(d -> {
            try {
                field(type).click();
                return true;
            } catch (org.openqa.selenium.ElementClickInterceptedException stillMoving) {
                return false;
            }
        });
        browser.visible(By.id("signature-dialog"));
    }

    /**
     * Draws a zigzag on the canvas with the mouse button held down, as a person does, and
     * checks that ink reached the canvas.
     */
    void draw() {
        draw(PointerInput.Kind.MOUSE);
    }

    /** Draws a zigzag with a pointer of {@code kind} (mouse, touch or pen) pressed down. */
    void draw(PointerInput.Kind kind) {
        WebElement canvas = browser.visible(By.id("signature-canvas"));
        int half = canvas.getRect().getWidth() / 2 - 20;
        PointerInput pointer = new PointerInput(kind, "signing-" + kind.name().toLowerCase());
        Sequence stroke = new Sequence(pointer, 0)
                .addAction(pointer.createPointerMove(Duration.ZERO, PointerInput.Origin.fromElement(canvas), -half, 0))
                .addAction(pointer.createPointerDown(PointerInput.MouseButton.LEFT.asArg()));
        int[] dy = {-15, 20, -20, 15};
        int x = -half;
        for (int step : dy) {
            x += half / 2;
            stroke.addAction(pointer.createPointerMove(Duration.ofMillis(20), PointerInput.Origin.fromElement(canvas),
                    x, step));
        }
        stroke.addAction(pointer.createPointerUp(PointerInput.MouseButton.LEFT.asArg()));
        ((RemoteWebDriver) browser.driver()).perform(List.of(stroke));
        Number inked = (Number) browser.js("const c = arguments[0];"
                + "const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;"
                + "let n = 0; for (let i = 3; i < d.length; i += 4) { if (d[i] > 0) n++; } return n;", canvas);
        assertTrue(inked.intValue() > 100, "the drawing left almost no ink: " + inked + " pixels");
    }

    /** Makes the page see a touch screen, as a phone has. */
    void touchScreen() {
        ((org.openqa.selenium.chromium.HasCdp) browser.driver()).executeCdpCommand("Emulation.setTouchEmulationEnabled",
                java.util.Map.of("enabled", true, "maxTouchPoints", 5));
    }

    /** Taps {@code element} with a finger: touch down and up at its centre. */
    void tap(WebElement element) {
        // A tap lands where the element is when it is sent: a page still scrolling to a field (after a refused
        // finish, say) would take it elsewhere, so the element must stand still in the viewport across two looks first.
        AtomicReference<Object> last = new AtomicReference<>();
        browser.until(d -> {
            Object now = ((JavascriptExecutor) d).executeScript("const r = arguments[0].getBoundingClientRect();"
                    + " return [r.x, r.y, r.width, r.height].join(' ');", element);
            return now.equals(last.getAndSet(now));
        });
        PointerInput finger = new PointerInput(PointerInput.Kind.TOUCH, "signing-touch");
        Sequence tap = new Sequence(finger, 0)
                .addAction(finger.createPointerMove(Duration.ZERO, PointerInput.Origin.fromElement(element), 0, 0))
                .addAction(finger.createPointerDown(PointerInput.MouseButton.LEFT.asArg()))
                .addAction(finger.createPointerUp(PointerInput.MouseButton.LEFT.asArg()));
        ((RemoteWebDriver) browser.driver()).perform(List.of(tap));
    }

    /** Types {@code text} as the signature on the Type tab. */
    void typeSignature(String text) {
        browser.click(By.id("tab-type"));
        WebElement input = browser.visible(By.id("type-input"));
        input.clear();
        input.sendKeys(text);
    }

    /** Chooses {@code image} on the Upload tab and waits for its preview. */
    void uploadSignature(Path image) {
        browser.click(By.id("tab-upload"));
        browser.driver().findElement(By.id("upload-input")).sendKeys(image.toAbsolutePath().toString());
        browser.visible(By.id("upload-preview"));
    }

    /** Applies the captured mark and waits until the signature box shows it. */
    void apply() {
        apply("signature");
    }

    /** Applies the captured mark and waits until the box of {@code type} shows it. */
    void apply(String type) {
        browser.click(By.id("apply-signature"));
        browser.until(ExpectedConditions.invisibilityOfElementLocated(By.id("signature-dialog")));
        browser.until(d -> box(type).getAttribute("class").contains("is-filled"));
    }

    /** Chooses {@code image} for the stamp box through its file input and waits until it shows. */
    void stamp(Path image) {
        String id = field("stamp").getAttribute("data-field-id");
        browser.driver().findElement(By.cssSelector("[data-stamp-input='" + id + "']"))
                .sendKeys(image.toAbsolutePath().toString());
        browser.until(d -> box("stamp").getAttribute("class").contains("is-filled"));
    }

    void consent() {
        WebElement consent = browser.clickable(By.id("consent"));
        if (!consent.isSelected()) {
            consent.click();
        }
    }

    /** Ticks consent, presses {@code buttonId} and returns the outcome once it is shown. */
    WebElement consentAnd(String buttonId) {
        consent();
        browser.click(By.id(buttonId));
        return browser.visible(By.id("done"));
    }

    /** Declines (or, for an approver, rejects) with {@code reason} and returns the outcome. */
    WebElement decline(String openerId, String reason) {
        browser.click(By.id(openerId));
        browser.visible(By.id("decline-dialog"));
        browser.visible(By.id("decline-reason")).sendKeys(reason);
        browser.click(By.id("confirm-decline"));
        return browser.visible(By.id("done"));
    }

    /** The notice page a closed or waiting link shows instead of the document. */
    WebElement notice(Party party) {
        browser.open(party.url());
        return browser.visible(By.id("notice"));
    }

    /**
     * Presses Tab until an element that {@code target} accepts has focus, and checks that every
     * element focused on the way shows a focus ring. Fails naming the stops when it never comes.
     */
    WebElement tabTo(java.util.function.Predicate<WebElement> target) {
        List<String> stops = new java.util.ArrayList<>();
        for (int i = 0; i < MOST_TABS; i++) {
            keys(org.openqa.selenium.Keys.TAB);
            WebElement now = focused();
            stops.add(describe(now));
            if (now.getTagName().equals("body")) {
                continue; // focus went round through the browser's own controls
            }
            assertFocusShows(now);
            if (target.test(now)) {
                return now;
            }
        }
        throw new AssertionError("not reached with " + MOST_TABS + " presses of Tab; focus went " + stops);
    }

    /** Tabs to the element with {@code id}. */
    WebElement tabToId(String id) {
        return tabTo(e -> id.equals(e.getAttribute("id")));
    }

    /** Tabs to the signer's field of {@code type}. */
    WebElement tabToField(String type) {
        return tabTo(e -> type.equals(e.getAttribute("data-field-type")));
    }

    /** Types {@code keys} into whatever has focus, as a keyboard does. */
    void keys(CharSequence... keys) {
        new org.openqa.selenium.interactions.Actions(browser.driver()).sendKeys(keys).perform();
    }

    WebElement focused() {
        return browser.driver().switchTo().activeElement();
    }

    private void assertFocusShows(WebElement element) {
        String ring = (String) browser.js("const s = getComputedStyle(arguments[0]);"
                + "return s.outlineStyle + ' ' + s.outlineWidth + ' ' + s.boxShadow;", element);
        boolean outline = !ring.startsWith("none") && !ring.startsWith("hidden") && !ring.contains(" 0px ");
        assertTrue(outline || !ring.endsWith("none"), describe(element) + " has focus but shows no ring: " + ring);
    }

    private static String describe(WebElement e) {
        String id = e.getAttribute("id");
        return e.getTagName() + (id == null || id.isEmpty() ? "" : "#" + id)
                + (e.getAttribute("data-field-type") == null ? "" : "[" + e.getAttribute("data-field-type") + "]");
    }
}
