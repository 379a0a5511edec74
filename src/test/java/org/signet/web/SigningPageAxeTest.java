package org.signet.web;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openqa.selenium.By;
import org.signet.crypto.Passwords;
import org.signet.support.Browser;
import org.signet.support.DocumentSetup;
import org.signet.support.Party;

/**
 * axe-core (WCAG 2.0, 2.1 and 2.2, A and AA, and best practice) on every state of the signer's pages, in
 * each language Signet speaks, in a real headless Chromium: landing, gates (also wrong and locked), the page and guided forms, each
 * dialog, validation errors, done pages and every notice. Each state's violations are gathered
 * and the test fails listing all of them, so one run shows everything to fix.
 */
class SigningPageAxeTest {
    @RegisterExtension
    static final SigningPageFixture WORLD = new SigningPageFixture(1280, 900);

    private final SignerPage page = WORLD.page();
    private final Browser browser = WORLD.browser;
    private final List<String> found = new ArrayList<>();
    /** The language every party of the test speaks, and so each page's. */
    private String lang;

    @AfterEach
    void noViolations() {
        assertEquals(List.of(), found, "axe-core violations");
    }

    private void check(String state) {
        for (String violation : Axe.violations(browser.driver())) {
            found.add(lang + ", " + state + " -> " + violation);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"en", "de", "fr", "es"})
    void landingAndUnknownLink(String lang) {
        this.lang = lang;
        browser.open(WORLD.server.app.siteUrl() + "/?lang=" + lang);
        browser.visible(By.id("notice"));
        check("landing");
        browser.open(WORLD.server.app.siteUrl() + "/sign/not-a-real-token?lang=" + lang);
        browser.visible(By.id("notice"));
        check("unknown link");
    }

    @ParameterizedTest
    @ValueSource(strings = {"en", "de", "fr", "es"})
    void pinGate_freshWrongAndLocked(String lang) {
        this.lang = lang;
        DocumentSetup doc = WORLD.upload("Axe PIN", 1);
        Party pat = doc.party("Pat Pin", "signer", 1, "language", lang, "pin_code", "4827");
        doc.field(pat, "signature", 1, 72, 600, 220, 50).send();
        browser.open(pat.url());
        browser.visible(By.id("pin-input"));
        check("PIN gate");
        for (int attempt = 1; attempt <= 5; attempt++) {
            var input = browser.clickable(By.id("pin-input"));
            input.clear();
            input.sendKeys("1111");
            browser.click(By.id("pin-submit"));
            String before = browser.driver().findElement(By.id("message")).getText();
            browser.until(d -> !d.findElement(By.id("message")).getText().equals(before));
            if (attempt == 1) {
                check("PIN gate, wrong PIN");
            }
        }
        check("PIN gate, locked now");
        browser.open(pat.url());
        browser.visible(By.id("pin-form"));
        check("PIN gate, opened while locked");
    }

    @ParameterizedTest
    @ValueSource(strings = {"en", "de", "fr", "es"})
    void loginGate_freshAndWrong(String lang) {
        this.lang = lang;
        WORLD.server.app.users().add("axel.axe." + lang + "@example.com", "Axel Axe", false, Passwords.hash("right one".toCharArray()));
        DocumentSetup doc = WORLD.upload("Axe login", 1);
        Party axel = doc.party("Axel Axe", "signer", 1, "language", lang, "require_wp_login", true,
                "email", "axel.axe." + lang + "@example.com");
        doc.field(axel, "signature", 1, 72, 600, 220, 50).send();
        browser.open(axel.url());
        browser.visible(By.id("login-password"));
        check("login gate");
        browser.visible(By.id("login-password")).sendKeys("wrong one");
        browser.click(By.id("login-submit"));
        browser.until(d -> !d.findElement(By.id("message")).getText().isBlank());
        check("login gate, wrong password");
    }

    @ParameterizedTest
    @ValueSource(strings = {"en", "de", "fr", "es"})
    void signerPageForm_dialogsErrorsAndDone(String lang) {
        this.lang = lang;
        DocumentSetup doc = WORLD.upload("Axe lease", 2);
        Party ann = doc.party("Ann Axe", "signer", 1, "language", lang);
        Party bob = doc.party("Bob Axe", "signer", 2, "language", lang);
        doc.field(ann, "text", 1, 72, 120, 220, 24, "field_name", "Company")
                .field(ann, "textarea", 1, 72, 160, 300, 60, "is_required", false)
                .field(ann, "dropdown", 1, 72, 240, 160, 24, "options", List.of("A", "B"))
                .field(ann, "checkbox", 1, 72, 280, 18, 18).field(ann, "initials", 1, 400, 700, 60, 30)
                .field(ann, "stamp", 1, 300, 400, 120, 120, "is_required", false)
                .field(ann, "signature", 1, 72, 600, 220, 50).field(ann, "date", 1, 320, 620, 150, 20)
                .field(bob, "signature", 2, 72, 600, 220, 50).send();
        page.open(ann);
        check("page form");
        page.consent();
        browser.click(By.id("finish"));
        browser.until(d -> page.box("text").getAttribute("class").contains("is-invalid"));
        check("page form, required fields empty");
        browser.click(By.id("zoom-in"));
        check("page form, zoomed in");
        page.openSignatureDialog();
        check("signature dialog, draw");
        page.typeSignature("Ann Axe");
        check("signature dialog, type");
        browser.click(By.id("tab-upload"));
        check("signature dialog, upload");
        browser.click(By.id("cancel-signature"));
        browser.click(By.id("decline"));
        browser.visible(By.id("decline-dialog"));
        browser.click(By.id("confirm-decline"));
        browser.until(d -> !d.findElement(By.id("decline-error")).getText().isBlank());
        check("decline dialog, no reason");
        browser.click(By.id("cancel-decline"));

        page.type("text", "Axe Ltd");
        new org.openqa.selenium.support.ui.Select(page.field("dropdown")).selectByVisibleText("B");
        page.field("checkbox").click();
        page.openCapture("initials");
        page.typeSignature("AA");
        page.apply("initials");
        page.openSignatureDialog();
        page.draw();
        page.apply();
        page.consentAnd("finish");
        check("done, signed");
        page.notice(ann);
        check("notice, already responded");
        // Bob's turn has come now: his page, with Ann's values read-only.
        page.open(bob);
        browser.visible(By.cssSelector(".completed"));
        check("second signer's page with completed values");
    }

    @ParameterizedTest
    @ValueSource(strings = {"en", "de", "fr", "es"})
    void guidedForm_onAPhone(String lang) {
        this.lang = lang;
        browser.reset(390, 844);
        DocumentSetup doc = WORLD.upload("Axe phone", 1);
        Party gus = doc.party("Gus Guided", "signer", 1, "language", lang);
        doc.field(gus, "text", 1, 72, 120, 220, 24, "field_name", "Company")
                .field(gus, "checkbox", 1, 72, 170, 18, 18, "field_name", "Agreed")
                .field(gus, "signature", 1, 72, 600, 220, 50).send();
        browser.open(gus.url());
        browser.visible(By.id("guided-input"));
        check("guided form, first field");
        browser.click(By.id("guided-next"));
        browser.until(d -> !d.findElement(By.id("guided-error")).getText().isBlank());
        check("guided form, required field empty");
        browser.visible(By.id("guided-input")).sendKeys("Gus Ltd");
        browser.click(By.id("guided-next"));
        browser.until(d -> "checkbox".equals(d.findElement(By.id("guided-input")).getAttribute("type")));
        check("guided form, checkbox");
        browser.click(By.id("guided-input"));
        browser.click(By.id("guided-next"));
        browser.until(d -> d.findElement(By.id("guided-input")).getTagName().equals("button"));
        check("guided form, signature");
        browser.click(By.id("guided-input"));
        browser.visible(By.id("signature-dialog"));
        check("guided form, signature dialog");
        page.typeSignature("Gus Guided");
        browser.click(By.id("apply-signature"));
        browser.until(d -> !d.findElement(By.id("signature-dialog")).isDisplayed());
        browser.click(By.id("guided-next"));
        browser.visible(By.id("finish"));
        check("guided form, review");
    }

    @ParameterizedTest
    @ValueSource(strings = {"en", "de", "fr", "es"})
    void approverAndViewer_pagesRejectAndOutcomes(String lang) {
        this.lang = lang;
        DocumentSetup doc = WORLD.upload("Axe budget", 1);
        Party amy = doc.party("Amy Axe", "approver", 1, "language", lang);
        Party sid = doc.party("Sid Axe", "signer", 1, "language", lang);
        Party vic = doc.party("Vic Axe", "viewer", 1, "language", lang);
        doc.field(sid, "signature", 1, 72, 600, 220, 50).send();
        page.open(amy);
        check("approver page");
        browser.click(By.id("reject"));
        browser.visible(By.id("decline-dialog"));
        check("reject dialog");
        browser.click(By.id("cancel-decline"));
        page.consentAnd("approve");
        check("done, approved");
        page.notice(amy);
        check("notice, approved already");
        page.open(vic);
        check("viewer page");
        page.open(sid);
        page.decline("decline", "Not today.");
        check("done, declined");
        page.notice(vic);
        check("notice, declined");

        DocumentSetup other = WORLD.upload("Axe merger", 1);
        Party ray = other.party("Ray Axe", "approver", 1, "language", lang);
        Party sue = other.party("Sue Axe", "signer", 2, "language", lang);
        other.field(sue, "signature", 1, 72, 600, 220, 50).send();
        page.notice(sue);
        check("notice, not your turn");
        page.open(ray);
        page.decline("reject", "Numbers are wrong.");
        check("done, rejected");
    }

    @ParameterizedTest
    @ValueSource(strings = {"en", "de", "fr", "es"})
    void notices_completedExpiredRecalled(String lang) {
        this.lang = lang;
        DocumentSetup done = WORLD.upload("Axe done", 1);
        Party one = done.party("Una Axe", "signer", 1, "language", lang);
        done.field(one, "signature", 1, 72, 600, 220, 50).send();
        done.signing(one, "POST", "submit", Map.of("consent", true, "signature", Map.of("method", "type", "text", "Una Axe")));
        page.notice(one);
        check("notice, completed");

        DocumentSetup recalled = WORLD.upload("Axe recalled", 1);
        Party rita = recalled.party("Rita Axe", "signer", 1, "language", lang);
        recalled.field(rita, "signature", 1, 72, 600, 220, 50).send();
        recalled.update(Map.of("status", "draft"));
        page.notice(rita);
        check("notice, recalled");

        DocumentSetup expired = WORLD.upload("Axe expired", 1);
        Party eve = expired.party("Eve Axe", "signer", 1, "language", lang);
        expired.field(eve, "signature", 1, 72, 600, 220, 50).send();
        String tomorrow = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")
                .format(WORLD.clock.instant().plus(Duration.ofDays(1)).atZone(WORLD.server.app.config().zone()));
        expired.update(Map.of("expires_at", tomorrow));
        WORLD.clock.advance(Duration.ofDays(2));
        expired.update(Map.of("status", "expired"));
        page.notice(eve);
        check("notice, expired");
    }
}
