package org.signet.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.signet.domain.Language;
import org.signet.support.ApiFlow;
import org.signet.support.Browser;
import org.signet.support.MailedCodes;
import org.signet.support.TestServer;
import org.signet.text.Messages;

/**
 * A public link's page in Chromium: in each language, the form for a name and an email, then the form for
 * the mailed code, each a plain form post (the page has no script), and on to the new party's signing
 * page; a wrong code said beside the form. axe-core finds nothing at any step.
 */
class PublicLinkPageTest {
    @RegisterExtension
    static final SigningPageFixture WORLD = new SigningPageFixture(1280, 900).withMail();

    private final Browser browser = WORLD.browser;
    private final List<String> found = new ArrayList<>();

    @AfterEach
    void noViolations() {
        assertEquals(List.of(), found, "axe-core violations");
    }

    private void check(String state) {
        for (String violation : Axe.violations(browser.driver(), Axe.WITH_BEST_PRACTICE)) {
            found.add(state + " -> " + violation);
        }
    }

    private static String words(Language l, String key, Object... args) {
        return Messages.of(PageHtml.BUNDLE, l).get(key, args);
    }

    /** A template of one party with its public link on; answers the link. */
    private String link(String name) {
        ApiFlow flow = new ApiFlow(WORLD.server, WORLD.owner.full(), WORLD.clock);
        String doc = flow.upload(name, 1);
        flow.addSignerWithSignatureField(doc, "placeholder@example.org");
        Object template = TestServer.expectObject(201, flow.post("templates", Map.of("document_id", doc, "name", name)))
                .get("id");
        return (String) TestServer.expectObject(200, flow.post("templates/" + template + "/public-link",
                Map.of("enabled", true))).get("url");
    }

    private void start(String name, String email) {
        browser.visible(By.id("public-name")).sendKeys(name);
        browser.visible(By.id("public-email")).sendKeys(email);
        browser.click(By.cssSelector("form.public-form button[type=submit]"));
        browser.visible(By.id("public-code"));
    }

    @Test
    void everyLanguage_startThenCode_leadsToTheSigningPage() {
        String url = link("Volunteer form");
        int n = 0;
        for (Language l : Language.values()) {
            n++;
            String email = "visitor" + n + "@example.org";
            browser.open(url + "?lang=" + l.code());
            assertEquals(words(l, "public.title", "Volunteer form"), browser.visible(By.id("public-title")).getText());
            check(l.code() + " start");
            start("Vera Visitor", email);
            assertTrue(browser.visible(By.tagName("main")).getText().contains(words(l, "public.code")), l.code());
            check(l.code() + " code");
            browser.visible(By.id("public-code")).sendKeys(MailedCodes.latest(WORLD.mail(), email));
            browser.click(By.cssSelector("form.public-form button[type=submit]"));
            browser.until(d -> d.getCurrentUrl().contains("/sign/"));
        }
    }

    @Test
    void wrongCode_saidBesideTheForm() {
        String url = link("Waiver");
        browser.open(url + "?lang=en");
        start("Walt Wrong", "walt@example.org");
        String right = MailedCodes.latest(WORLD.mail(), "walt@example.org");
        browser.visible(By.id("public-code")).sendKeys(right.equals("000000") ? "111111" : "000000");
        browser.click(By.cssSelector("form.public-form button[type=submit]"));
        assertEquals(words(Language.EN, "public.error.invalid_code"), browser.visible(By.id("message")).getText());
        check("wrong code");
    }
}
