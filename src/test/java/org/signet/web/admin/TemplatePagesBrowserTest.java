package org.signet.web.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.mail.internet.MimeMessage;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.signet.support.ApiFlow;
import org.signet.support.Browser;
import org.signet.support.Party;
import org.signet.support.SignetFixture;
import org.signet.support.TestServer;
import org.signet.support.Waits;

/**
 * The template and bulk send pages in a real headless Chromium: a template made from the sample NDA, used to send a
 * document whose recipient is mailed, and a bulk send whose bad row is shown before anything is sent, then sent, its
 * run's page following each row without a reload; and every one of these pages free of axe-core violations (WCAG 2.2
 * AA and best practice) in the four languages, on a desktop and on a phone.
 */
class TemplatePagesBrowserTest {
    @RegisterExtension
    static final SignetFixture signet = SignetFixture.running().withMail().onSystemClock();

    @RegisterExtension
    static final AdminBrowser pages = AdminBrowser.on(signet).allowingRefusedLoads();

    private static final Path NDA = Path.of("sample-data", "mutual-nda.pdf").toAbsolutePath();
    private static final String HEADER = "signer1_name,signer1_email,company";

    static TestServer server;
    static Browser browser;
    static TestServer.Account sam;
    static TestServer.Account lena;

    @BeforeAll
    static void start() throws Exception {
        browser = pages.browser();
        server = signet.server();
        sam = pages.account("sam@example.com");
        lena = pages.account("lena@example.com");
    }

    /** The template's signature field, and a text field whose variable key is "company", on the NDA's page 3. */
    private static void placeFields(TestServer.Account owner, long template) {
        Map<String, Object> signature = Map.of("signer_slot", 1, "field_type", "signature", "page_number", 3,
                "position_x", 330, "position_y", 282, "width", 210, "height", 42);
        Map<String, Object> company = Map.of("signer_slot", 1, "field_type", "text", "field_name", "Company",
                "variable_key", "company", "page_number", 3, "position_x", 330, "position_y", 348, "width", 210,
                "height", 22);
        TestServer.expect(200, server.send("POST", "templates/" + template + "/fields", owner.full(),
                org.signet.json.Json.write(Map.of("fields", List.of(signature, company)))));
    }

    private static void typeRows(String... rows) {
        WebElement area = browser.visible(By.id("bulk-csv"));
        area.clear();
        area.sendKeys(String.join("\n", rows));
        List<WebElement> before = browser.all(By.id("bulk-summary"));
        browser.click(By.id("bulk-check"));
        if (!before.isEmpty()) {
            browser.until(ExpectedConditions.stalenessOf(before.get(0)));
        }
        browser.visible(By.id("bulk-summary"));
    }

    @Test
    void template_madeFromTheNda_usedToSend_thenBulkSentWithItsBadRowShownFirst() throws Exception {
        pages.signIn("sam@example.com");
        browser.click(By.linkText("Templates"));
        browser.visible(By.id("no-templates"));
        pages.clean("templates list, empty");
        browser.click(By.id("new-template"));
        browser.visible(By.id("upload-name")).sendKeys("Mutual NDA");
        browser.visible(By.id("template-file")).sendKeys(NDA.toString());
        pages.clean("new template");
        browser.click(By.id("upload-template"));
        assertEquals("Mutual NDA", browser.visible(By.tagName("h1")).getText());
        long template = Long.parseLong(browser.driver().getCurrentUrl().replaceAll(".*/admin/templates/(\\d+).*", "$1"));
        placeFields(sam, template);
        browser.open(pages.url("/admin/templates/" + template));
        assertEquals("company", browser.visible(By.cssSelector("input[name^='variables.']")).getAttribute("value"));
        assertEquals("/admin/templates/" + template + "/fields", browser.visible(By.id("template-fields"))
                .getAttribute("href").replace(server.app.siteUrl(), ""));
        pages.clean("template page");

        browser.click(By.id("use-template"));
        browser.visible(By.id("signer1_name")).sendKeys("Nina Nord");
        browser.visible(By.id("signer1_email")).sendKeys("nina@example.org");
        browser.visible(By.id("var-company")).sendKeys("Blue Harbor Logistics");
        pages.clean("use template");
        browser.click(By.id("send-from-template"));
        browser.until(d -> d.getCurrentUrl().contains("/admin/documents/"));
        assertTrue(browser.visible(By.cssSelector(".notice")).isDisplayed());
        assertFalse(browser.all(By.cssSelector(".badge-sent")).isEmpty(), "the document's page shows it sent");
        assertTrue(signet.mail().waitForIncomingEmail(20_000, 1), "the recipient is invited");
        assertTrue(Arrays.stream(signet.mail().getReceivedMessages()).anyMatch(m -> to(m, "nina@example.org")));

        browser.open(pages.url("/admin/templates/" + template));
        browser.click(By.id("bulk-template"));
        assertEquals(HEADER + ",external_id,expires_at,metadata", browser.visible(By.id("bulk-header")).getText());
        typeRows(HEADER, "Ann Able,ann@example.org,Acme", "Bob Bad,not-an-address,Beta", "Cy Clean,cy@example.org,Gamma");
        assertTrue(browser.visible(By.cssSelector("#bulk-row-2.row-bad")).getText().contains("signer1_email"));
        assertTrue(browser.present(By.cssSelector("#bulk-row-1.row-ok")));
        assertFalse(browser.present(By.id("bulk-send")), "bad rows cannot be sent");
        pages.clean("bulk send with a bad row");
        typeRows(HEADER, "Ann Able,ann@example.org,Acme", "Bob Good,bob@example.org,Beta", "Cy Clean,cy@example.org,Gamma");
        assertEquals(3, browser.all(By.cssSelector("#checked-rows tr.row-ok")).size(),
                browser.visible(By.id("checked-rows")).getText());
        browser.click(By.id("bulk-send"));

        browser.visible(By.id("run-rows"));
        pages.clean("bulk send run");
        // Completed on the page itself, through its module: no reload.
        browser.js("document.body.dataset.loaded = 'once';");
        browser.await().withTimeout(Duration.ofSeconds(60)).until(d -> browser.visible(By.id("run-summary")).getText()
                .startsWith("Completed"));
        assertEquals("once", browser.js("return document.body.dataset.loaded;"), "the page was not reloaded");
        for (int row = 1; row <= 3; row++) {
            assertEquals("Made and sent", browser.visible(By.id("run-row-" + row + "-status")).getText());
            assertTrue(browser.visible(By.cssSelector("#run-row-" + row + "-document a")).getAttribute("href")
                    .matches(".*/admin/documents/\\d+"));
        }
        assertTrue(browser.visible(By.id("run-summary")).getText().contains("3 made, 0 failed"));
        Waits.awaitUntil(() -> signet.mail().getReceivedMessages().length >= 4, "every row's recipient invited");
    }

    private static boolean to(MimeMessage m, String email) {
        try {
            return Arrays.stream(m.getAllRecipients()).anyMatch(a -> a.toString().contains(email));
        } catch (jakarta.mail.MessagingException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void everyPage_cleanInFourLanguages_onADesktopAndAPhone() {
        ApiFlow flow = new ApiFlow(server, lena.full(), Clock.systemUTC());
        String doc = flow.upload("Lease", 1);
        Party tenant = flow.addSigner(doc, "Tom Tenant", "tom@example.org", "signer", 1);
        flow.saveFields(doc, List.of(ApiFlow.field(tenant.id(), "signature", 1, 72, 600, 200, 60)));
        long template = ((Number) TestServer.expectObject(201, flow.post("templates", Map.of("document_id",
                Long.parseLong(doc), "name", "Lease"))).get("id")).longValue();
        Map<String, Object> run = TestServer.expectObject(200, flow.post("templates/" + template + "/bulk-sends",
                Map.of("rows", List.of(Map.of("signer1_name", "Tom", "signer1_email", "tom@example.org")))));
        String base = "/admin/templates/" + template;
        pages.signIn("lena@example.com");
        for (String code : List.of("en", "de", "es", "fr")) {
            browser.driver().manage().window().setSize(new Dimension(1280, 800));
            choose(code);
            for (int[] size : new int[][] {{1280, 800}, {390, 844}}) {
                browser.driver().manage().window().setSize(new Dimension(size[0], size[1]));
                for (String path : List.of("/admin/templates", "/admin/templates/new", base, base + "/use", base + "/bulk",
                        "/admin/bulk-sends/" + run.get("id"))) {
                    browser.open(pages.url(path));
                    page(code + " " + size[0] + " " + path, code);
                }
                browser.open(pages.url(base + "/bulk"));
                typeRows("signer1_name,signer1_email", "Tom,tom@example.org", ",not-an-address");
                page(code + " " + size[0] + " bulk with errors", code);
            }
        }
        browser.driver().manage().window().setSize(new Dimension(1280, 800));
        choose("en");
    }

    /** In {@code code}, clean, and on a phone never scrolling sideways. */
    private static void page(String what, String code) {
        assertEquals(code, browser.visible(By.tagName("html")).getAttribute("lang"), what);
        pages.clean(what);
        long overflow = (Long) browser.js("return document.documentElement.scrollWidth - window.innerWidth;");
        assertTrue(overflow <= 0, what + " scrolls sideways by " + overflow + " px");
    }

    /** Chooses the language {@code code} on the account page, as a user does. */
    private static void choose(String code) {
        browser.open(pages.url("/admin/account"));
        new Select(browser.visible(By.id("account-language"))).selectByValue(code.equals("en") ? "" : code);
        browser.click(By.id("account-save"));
        browser.visible(By.cssSelector(".notice"));
    }
}
