package org.signet.web.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.interactions.Actions;
import org.signet.domain.Language;
import org.signet.support.ApiFlow;
import org.signet.support.Browser;
import org.signet.support.Party;
import org.signet.support.SignetFixture;
import org.signet.support.TestServer;
import org.signet.web.Axe;

/**
 * Following a document on its page in a real headless Chromium: recalled to draft (its signer's link then says so),
 * a draft deleted, the certificate of a completed document downloaded and read back, a signature made through the
 * signing link shown on the open page without a reload, and the draft's, the sent and the completed document's pages
 * and the confirmations free of axe-core violations (WCAG 2.2 AA and best practice) in the four languages, on a
 * desktop and a phone.
 */
class DocumentFollowingBrowserTest {
    private static final String OWNER = "fay@example.com";

    @RegisterExtension
    static final SignetFixture signet = SignetFixture.running().onSystemClock();

    @RegisterExtension
    static final AdminBrowser pages = AdminBrowser.on(signet);

    static TestServer server;
    static Browser browser;
    static ApiFlow flow;
    static long ownerId;

    @BeforeAll
    static void start() throws Exception {
        browser = pages.browser();
        server = signet.server();
        TestServer.Account fay = pages.account(OWNER);
        ownerId = fay.user().id();
        flow = new ApiFlow(server, fay.full(), Clock.systemUTC());
    }

    @BeforeEach
    void fresh() {
        server.app.users().setLanguage(ownerId, Language.EN);
        pages.signIn(OWNER);
    }

    /** Sends {@code doc} to a tenant who has one signature field; answers the tenant. */
    private static Party sendToTenant(String doc) {
        Party tenant = flow.addSignerWithSignatureField(doc, "tenant@example.com");
        flow.send(doc);
        return tenant;
    }

    /** A document the tenant signed, once its sealed PDF is stored. */
    private static String completed(String title) {
        String doc = flow.upload(title, 1);
        TestServer.expect(200, flow.sign(sendToTenant(doc).token()));
        flow.awaitSealed(doc);
        return doc;
    }

    /** Clicks with the mouse as a person does: pointer moved onto the element, then pressed. */
    private static void press(By by) {
        new Actions(browser.driver()).moveToElement(browser.clickable(by)).click().perform();
    }

    @Test
    void recall_confirmed_draftAgainAndTheSignersLinkSaysSo() {
        String doc = flow.upload("Lease to recall", 1);
        Party tenant = sendToTenant(doc);

        browser.open(pages.url("/admin/documents/" + doc));
        press(By.id("follow-recall"));
        browser.visible(By.id("follow-warning"));
        press(By.cssSelector("form[action$='/recall'] button"));

        browser.visible(By.cssSelector(".notice"));
        assertEquals("draft", browser.visible(By.id("document-state")).getAttribute("data-state"));
        assertTrue(browser.present(By.id("follow-fields")), "a draft offers its fields");
        assertEquals("draft", flow.status(doc));
        browser.open(tenant.url());
        assertTrue(browser.visible(By.tagName("h1")).getText().contains("recalled"),
                browser.driver().getPageSource());
        assertEquals(List.of(), browser.consoleErrors());
    }

    @Test
    void deleteDraft_confirmed_backToTheListAndGone() {
        String doc = flow.upload("Draft to delete", 1);

        browser.open(pages.url("/admin/documents/" + doc));
        press(By.id("follow-delete"));
        press(By.cssSelector("form[action$='/delete'] button"));

        browser.visible(By.cssSelector(".notice"));
        assertTrue(browser.driver().getCurrentUrl().endsWith("/admin/documents?notice=follow_deleted"));
        assertEquals(404, flow.get("documents/" + doc).statusCode());
    }

    @Test
    void certificate_ofACompletedDocument_isItsCertificateOfCompletion() throws Exception {
        String doc = completed("Signed lease");

        browser.open(pages.url("/admin/documents/" + doc));
        String href = browser.visible(By.id("download-certificate")).getAttribute("href");
        HttpResponse<byte[]> file = server.sendForBytes(HttpRequest.newBuilder(URI.create(href))
                .header("Cookie", "signet_admin=" + browser.driver().manage().getCookieNamed("signet_admin").getValue())
                .GET().build());

        assertEquals(200, file.statusCode());
        assertTrue(file.headers().firstValue("Content-Disposition").orElse("").contains("certificate"));
        try (PDDocument certificate = Loader.loadPDF(file.body())) {
            String text = new PDFTextStripper().getText(certificate);
            assertTrue(text.startsWith("Certificate of completion"), text);
            assertTrue(text.contains("Signed lease") && text.contains("tenant@example.com"), text);
        }
        assertEquals(1, flow.audit(doc, "document_downloaded").stream().filter(e -> "certificate".equals(e.get("detail")))
                .count());
    }

    @Test
    void progress_aSignatureThroughTheLink_shownWithoutAReload() {
        String doc = flow.upload("Followed lease", 1);
        Party tenant = sendToTenant(doc);
        browser.open(pages.url("/admin/documents/" + doc));
        By badge = By.id("progress-" + tenant.id());
        assertEquals("invited", browser.visible(badge).getAttribute("data-progress"));
        browser.visible(By.id("progress-auto"));
        browser.js("window.samePage = true;");

        TestServer.expect(200, flow.sign(tenant.token()));

        browser.until(d -> "signed".equals(d.findElement(badge).getAttribute("data-progress")));
        assertEquals("Signed", browser.visible(badge).getText());
        assertEquals("completed", browser.visible(By.id("document-state")).getAttribute("data-state"));
        String said = browser.driver().findElement(By.id("progress-live")).getText();
        assertTrue(said.contains("Sam Signer: Signed") && said.contains("Completed"), said);
        assertEquals(Boolean.TRUE, browser.js("return window.samePage === true;"), "the page was not reloaded");
        assertEquals(List.of(), browser.consoleErrors());
    }

    @Test
    void pages_draftSentCompletedAndConfirmations_accessibleInFourLanguagesOnDesktopAndPhone() {
        String draft = flow.upload("Draft lease", 1);
        String out = flow.upload("Sent lease", 1);
        sendToTenant(out);
        String done = completed("Done lease");
        List<String> paths = List.of("/admin/documents/" + draft, "/admin/documents/" + draft + "/delete",
                "/admin/documents/" + out, "/admin/documents/" + out + "/recall", "/admin/documents/" + done);
        List<String> found = new ArrayList<>();
        for (Language language : Language.values()) {
            server.app.users().setLanguage(ownerId, language);
            for (int[] size : new int[][] {{1280, 800}, {390, 844}}) {
                browser.driver().manage().window().setSize(new org.openqa.selenium.Dimension(size[0], size[1]));
                for (String path : paths) {
                    browser.open(pages.url(path));
                    browser.visible(By.tagName("h1"));
                    assertEquals(language.code(), browser.js("return document.documentElement.lang;"), path);
                    Axe.violations(browser.driver()).forEach(v -> found.add(language + " " + size[0] + " " + path + ": " + v));
                }
            }
        }
        assertEquals(List.of(), found);
        assertEquals(List.of(), browser.consoleErrors());
    }
}
