package org.signet.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.signet.support.Browser;
import org.signet.support.DocumentSetup;
import org.signet.support.MailedCodes;
import org.signet.support.Party;

/**
 * Signing inside another site's page, in a real headless Chromium: a page on 127.0.0.2, which
 * {@code embed.origins} lists, frames the signing link on 127.0.0.1 and receives the page's events by
 * postMessage from Signet's origin (ready, viewed, signed, completed; declined; with a PIN gate, and an
 * emailed code's, passed inside the frame); a page on 127.0.0.3, not listed, cannot frame it at all.
 */
class EmbeddedSigningBrowserTest {
    private static final EmbeddingSite LISTED = site("127.0.0.2");
    private static final EmbeddingSite STRANGER = site("127.0.0.3");

    @RegisterExtension
    static final SigningPageFixture WORLD = new SigningPageFixture(1400, 1000).withMail()
            .settings(() -> new String[] {"embed.origins=https://sign.example.com, " + LISTED.origin()});

    private final Browser browser = WORLD.browser;
    private final SignerPage page = WORLD.page();

    @AfterAll
    static void stopSites() {
        LISTED.close();
        STRANGER.close();
    }

    @Test
    void finish_insideAListedSitesFrame_parentHearsReadyViewedSignedCompleted() {
        DocumentSetup doc = WORLD.upload("Framed lease", 1);
        Party fay = doc.party("Fay Frame", "signer", 1);
        doc.field(fay, "signature", 1, 72, 600, 220, 50).send();

        openFramed(LISTED, fay);
        page.openSignatureDialog();
        page.typeSignature("Fay Frame");
        page.apply();
        page.consentAnd("finish");

        List<Map<String, Object>> events = awaitEvents(4);
        assertEquals(List.of("signet:ready", "signet:viewed", "signet:signed", "signet:completed"), types(events));
        assertAbout(doc, fay, events);
        assertEquals("signed", doc.signer(fay).get("status"));
    }

    @Test
    void decline_insideAListedSitesFrame_parentHearsDeclined() {
        DocumentSetup doc = WORLD.upload("Framed offer", 1);
        Party dan = doc.party("Dan Decliner", "signer", 1);
        doc.field(dan, "signature", 1, 72, 600, 220, 50).send();

        openFramed(LISTED, dan);
        page.decline("decline", "The figures are wrong.");

        List<Map<String, Object>> events = awaitEvents(3);
        assertEquals(List.of("signet:ready", "signet:viewed", "signet:declined"), types(events));
        assertAbout(doc, dan, events);
        assertEquals("declined", doc.status());
    }

    @Test
    void pin_enteredInsideACrossSiteFrame_unlocksTheFrameAndTheParentHearsTheRest() {
        DocumentSetup doc = WORLD.upload("Framed secret", 1);
        Party pia = doc.party("Pia Pin", "signer", 1, "pin_code", "6254");
        doc.field(pia, "signature", 1, 72, 600, 220, 50).send();

        browser.open(LISTED.framing(local(pia)));
        browser.driver().switchTo().frame("signet");
        WebElement pin = browser.clickable(By.id("pin-input"));
        pin.sendKeys("6254");
        browser.click(By.id("pin-submit"));
        browser.visible(By.cssSelector(".page[data-page-number='1']"));
        page.openSignatureDialog();
        page.typeSignature("Pia Pin");
        page.apply();
        page.consentAnd("finish");

        List<Map<String, Object>> events = awaitEvents(4);
        assertEquals(List.of("signet:ready", "signet:viewed", "signet:signed", "signet:completed"), types(events));
        assertAbout(doc, pia, events);
    }

    @Test
    void emailCode_askedAndTypedInsideACrossSiteFrame_unlocksTheFrame_axeCleanOnTheGate() {
        DocumentSetup doc = WORLD.upload("Framed code", 1);
        Party cole = doc.party("Cole Code", "signer", 1, "verification", "email_code", "language", "de");
        doc.field(cole, "signature", 1, 72, 600, 220, 50).send();

        browser.open(LISTED.framing(local(cole)));
        browser.driver().switchTo().frame("signet");
        browser.click(By.id("code-send"));
        WebElement input = browser.clickable(By.id("code-input"));
        assertEquals(List.of(), Axe.violations(browser.driver(), Axe.WITH_BEST_PRACTICE), "axe-core in the frame");
        input.sendKeys(MailedCodes.latest(WORLD.mail(), "cole.code@example.com"));
        browser.click(By.id("code-submit"));
        browser.visible(By.cssSelector(".page[data-page-number='1']"));
        page.openSignatureDialog();
        page.typeSignature("Cole Code");
        page.apply();
        page.consentAnd("finish");

        List<Map<String, Object>> events = awaitEvents(4);
        assertEquals(List.of("signet:ready", "signet:viewed", "signet:signed", "signet:completed"), types(events));
        assertAbout(doc, cole, events);
    }

    @Test
    void page_framedByTheListedSite_passesAxe() {
        DocumentSetup doc = WORLD.upload("Framed and accessible", 1);
        Party ada = doc.party("Ada Axe", "signer", 1);
        doc.field(ada, "signature", 1, 72, 600, 220, 50).send();

        openFramed(LISTED, ada);
        assertEquals(List.of(), Axe.violations(browser.driver()), "axe-core violations in the frame");
    }

    @Test
    void page_framedBySiteNotListed_isBlockedAndSaysNothing() {
        DocumentSetup doc = WORLD.upload("Not for strangers", 1);
        Party sam = doc.party("Sam Stranger", "signer", 1);
        doc.field(sam, "signature", 1, 72, 600, 220, 50).send();

        browser.open(STRANGER.framing(local(sam)));
        browser.driver().switchTo().frame("signet");
        // Chromium puts its own error page in a frame that the page's policy refuses.
        browser.until(d -> String.valueOf(browser.js("return location.href;")).startsWith("chrome-error:") ? true : null);
        assertFalse(browser.present(By.id("main")), "the signing page loaded in a frame it refuses");
        browser.driver().switchTo().defaultContent();
        assertEquals(List.of(), browser.js("return window.received;"));
        assertEquals("pending", doc.signer(sam).get("status"), "a page the browser refused to show counts as no view");

        HttpResponse<String> direct = WORLD.server.send(HttpRequest.newBuilder(URI.create(local(sam))).GET().build());
        String policy = direct.headers().firstValue("Content-Security-Policy").orElseThrow();
        assertTrue(policy.endsWith("frame-ancestors https://sign.example.com " + LISTED.origin()), policy);
        assertTrue(direct.headers().firstValue("X-Frame-Options").isEmpty(), "X-Frame-Options would refuse every frame");
        assertEquals("viewed", doc.signer(sam).get("status"), "opened in its own tab, it is a view");
    }

    /** The signing link on 127.0.0.1, another site than the framing pages' addresses. */
    private static String local(Party party) {
        return "http://127.0.0.1:" + WORLD.server.app.port() + "/sign/" + party.token();
    }

    private void openFramed(EmbeddingSite site, Party party) {
        browser.open(site.framing(local(party)));
        browser.driver().switchTo().frame("signet");
        browser.visible(By.cssSelector(".page[data-page-number='1']"));
    }

    /**
     * The messages the framing page has received once there are {@code count}, each checked to come from
     * Signet's origin, as the page's message listener would check {@code event.origin}.
     */
    @SuppressWarnings("unchecked")
    private List<Map<String, Object>> awaitEvents(int count) {
        browser.driver().switchTo().defaultContent();
        List<Object> received = browser.until(d -> {
            List<Object> now = (List<Object>) browser.js("return window.received;");
            return now.size() >= count ? now : null;
        });
        String signet = "http://127.0.0.1:" + WORLD.server.app.port();
        return received.stream().map(r -> (Map<String, Object>) r).map(r -> {
            assertEquals(signet, r.get("origin"));
            return (Map<String, Object>) r.get("data");
        }).toList();
    }

    private static List<Object> types(List<Map<String, Object>> events) {
        return events.stream().map(e -> e.get("type")).toList();
    }

    private static void assertAbout(DocumentSetup doc, Party party, List<Map<String, Object>> events) {
        for (Map<String, Object> e : events) {
            assertEquals(doc.id(), String.valueOf(e.get("document_id")), e.toString());
            assertEquals(party.id(), String.valueOf(e.get("signer_id")), e.toString());
        }
    }

    private static EmbeddingSite site(String address) {
        try {
            return EmbeddingSite.start(address);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
