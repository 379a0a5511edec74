package org.signet.web.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.Select;
import org.signet.support.Browser;
import org.signet.support.SignetFixture;
import org.signet.support.TestServer;
import org.signet.web.Axe;

/**
 * The administrator pages' browser tests' shared set-up, registered on a static field: one Chromium for the class,
 * each test starting signed out at 1280 x 800 with no console error left over, and the checks every page passes.
 */
final class AdminBrowser implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback {
    /** What Chromium logs itself for a page answered with a 4xx status, such as a form shown again with its errors. */
    private static final String REFUSED_LOAD = "Failed to load resource: the server responded with a status of 4";

    private final SignetFixture signet;
    private final Predicate<String> consoleErrorsAllowed;
    private Browser browser;

    private AdminBrowser(SignetFixture signet, Predicate<String> consoleErrorsAllowed) {
        this.signet = signet;
        this.consoleErrorsAllowed = consoleErrorsAllowed;
    }

    /** Pages checked against axe's rules with best practice included, and allowed no console error. */
    static AdminBrowser on(SignetFixture signet) {
        return new AdminBrowser(signet, e -> false);
    }

    /** As this, but a page answered with a 4xx status may log Chromium's own line about it. */
    AdminBrowser allowingRefusedLoads() {
        return new AdminBrowser(signet, e -> e.contains(REFUSED_LOAD));
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        browser = Browser.start();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (browser != null) {
            browser.close();
        }
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        browser.reset(1280, 800);
        browser.consoleErrors();
    }

    Browser browser() {
        return browser;
    }

    String url(String path) {
        return signet.server().app.siteUrl() + path;
    }

    /** An account that is no administrator, able to sign in on the page with the tests' password. */
    TestServer.Account account(String email) {
        TestServer.Account account = signet.server().account(email, false);
        signet.server().app.users().setPassword(email, AdminHttpTest.HASH);
        return account;
    }

    void signIn(String email) {
        AdminPagesSample.signIn(browser, signet.server(), email);
    }

    /** A click with the mouse: the pointer moved onto the element, then pressed, as a person does. */
    void mouseClick(By by) {
        new Actions(browser.driver()).moveToElement(browser.clickable(by)).click().perform();
    }

    /** Types {@code text} into the input {@code by}, in place of what it held. */
    void type(By by, String text) {
        WebElement input = browser.visible(by);
        input.clear();
        input.sendKeys(text);
    }

    /** Adds a recipient to the draft shown with its add form, the mouse pressing the form's button. */
    void addRecipientWithMouse(String name, String email, String role, int order) {
        type(By.id("name-new"), name);
        type(By.id("email-new"), email);
        new Select(browser.visible(By.id("role-new"))).selectByValue(role);
        type(By.id("signing-order-new"), Integer.toString(order));
        mouseClick(By.id("save-new"));
    }

    /** The id of the draft whose recipients step the browser is on, once it is there. */
    String draftOnScreen() {
        browser.until(d -> d.getCurrentUrl().contains("/recipients"));
        Matcher m = Pattern.compile("/admin/documents/(\\d+)/recipients").matcher(browser.driver().getCurrentUrl());
        assertTrue(m.find(), browser.driver().getCurrentUrl());
        return m.group(1);
    }

    /** No axe violation on the page shown now, and no console error but the ones this allows. */
    void clean(String what) {
        assertEquals(List.of(), Axe.violations(browser.driver(), Axe.WITH_BEST_PRACTICE), what + ": axe violations");
        assertEquals(List.of(), browser.consoleErrors().stream().filter(consoleErrorsAllowed.negate()).toList(),
                what + ": console errors");
    }
}
