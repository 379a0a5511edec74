package org.signet.web.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.signet.domain.User;
import org.signet.support.AdminClient;
import org.signet.support.Browser;
import org.signet.support.SignetFixture;
import org.signet.support.TestServer;
import org.signet.web.Axe;

/**
 * The administrator pages in a real headless Chromium: sign-in, keys created and revoked and used
 * against the REST interface, keyboard-only use, a phone-sized screen, what a non-administrator may
 * reach, a disabled user's session, the dashboard against {@code GET /stats}, and on every page no
 * console error and no axe-core violation (WCAG 2.2 AA and best practice).
 */
class AdminBrowserTest {
    @RegisterExtension
    static final SignetFixture signet = SignetFixture.running("webhooks.allow_private=true").onSystemClock();

    static TestServer server;
    static Browser browser;
    static TestServer.Account sam;
    static String completedDoc;
    static String pendingDoc;
    static long webhookId;

    @BeforeAll
    static void start() throws Exception {
        browser = Browser.start();
        server = signet.server();
        server.app.users().add("admin@example.com", "Ada Admin", true, AdminHttpTest.HASH);
        sam = server.account("sam@example.com", false);
        server.app.users().setPassword("sam@example.com", AdminHttpTest.HASH);
        AdminPagesSample sample = AdminPagesSample.seed(server, sam);
        completedDoc = sample.completedDoc();
        pendingDoc = sample.pendingDoc();
        webhookId = sample.webhookId();
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.close();
        }
    }

    @BeforeEach
    void fresh() {
        browser.reset(1280, 900);
        browser.consoleErrors();
    }

    private static String url(String path) {
        return server.app.siteUrl() + path;
    }

    private static void signIn(String email) {
        AdminPagesSample.signIn(browser, server, email);
    }

    /** No console error and no accessibility violation on the page shown now. */
    private static void clean(String what) {
        assertEquals(List.of(), Axe.violations(browser.driver()), what + ": axe violations");
        assertEquals(List.of(), browser.consoleErrors(), what + ": console errors");
    }

    @Test
    void signIn_createKey_secretOnce_usedAgainstRest_revokedGets401() {
        browser.open(url("/admin/login"));
        clean("sign-in page");
        signIn("sam@example.com");
        browser.click(By.linkText("API keys"));
        browser.visible(By.id("key-name")).sendKeys("Browser key");
        browser.click(By.id("permission-read"));
        browser.click(By.id("create-key-submit"));
        String key = browser.visible(By.id("new-key")).getText();
        String secret = browser.visible(By.id("new-secret")).getText();
        clean("key created page");
        TestServer.Credentials creds = new TestServer.Credentials(key, secret);
        assertEquals(200, server.get("stats", creds).statusCode());
        browser.click(By.linkText("Back to the keys"));
        WebElement row = browser.visible(By.cssSelector("tr[data-key='" + key + "']"));
        assertFalse(browser.driver().getPageSource().contains(secret), "the secret is shown once");
        row.findElement(By.cssSelector("button")).click();
        browser.visible(By.cssSelector(".notice"));
        assertEquals(401, server.get("stats", creds).statusCode());
        clean("keys page after revoking");
    }

    @Test
    void keyboardOnly_signInAndCreateKey() {
        browser.open(url("/admin/login"));
        Actions keys = new Actions(browser.driver());
        tabTo("email");
        keys.sendKeys("sam@example.com").sendKeys(Keys.TAB).sendKeys(AdminHttpTest.PASSWORD).sendKeys(Keys.ENTER)
                .perform();
        browser.visible(By.id("by-state"));
        tabTo("skip-target-keys");
        new Actions(browser.driver()).sendKeys(Keys.ENTER).perform();
        browser.visible(By.id("key-name"));
        tabTo("key-name");
        assertNotEquals("none", browser.js("return getComputedStyle(document.activeElement).outlineStyle;"),
                "focus is visible");
        new Actions(browser.driver()).sendKeys("Keyboard key").sendKeys(Keys.ENTER).perform();
        assertTrue(browser.visible(By.id("new-secret")).getText().length() == 40);
    }

    /** Presses Tab until the element with {@code id} has focus (a nav link is named by its href). */
    private static void tabTo(String id) {
        for (int i = 0; i < 40; i++) {
            new Actions(browser.driver()).sendKeys(Keys.TAB).perform();
            Object active = browser.js("var a = document.activeElement;"
                    + "return a.id || (a.getAttribute('href') === '/admin/keys' ? 'skip-target-keys' : '');");
            if (id.equals(active)) {
                return;
            }
        }
        throw new AssertionError("Tab never reached " + id);
    }

    @Test
    void phoneViewport_everyPageFitsAndStaysAccessible() {
        browser.reset(375, 740);
        signIn("admin@example.com");
        for (String path : List.of("/admin", "/admin/documents", "/admin/documents/" + completedDoc, "/admin/keys",
                "/admin/webhooks", "/admin/users", "/admin/people")) {
            browser.open(url(path));
            browser.visible(By.tagName("h1"));
            long overflow = (Long) browser.js("return document.documentElement.scrollWidth - window.innerWidth;");
            assertTrue(overflow <= 0, path + " scrolls sideways by " + overflow + " px");
            clean(path + " on a phone");
        }
    }

    @Test
    void nonAdministrator_cannotReachUsersOrAnotherUsersDocumentByUrl() {
        TestServer.Account other = server.account("other" + System.nanoTime() + "@example.com", false);
        String theirs = server.uploadPdf(other.full(), "theirs.pdf", org.signet.support.TestFiles.pdf(1));
        signIn("sam@example.com");
        assertFalse(browser.present(By.linkText("Users")));
        browser.open(url("/admin/users"));
        assertEquals("Not allowed", browser.visible(By.tagName("h1")).getText());
        browser.open(url("/admin/documents/" + theirs));
        assertEquals("Not allowed", browser.visible(By.tagName("h1")).getText());
        assertEquals(List.of(), Axe.violations(browser.driver()));
    }

    @Test
    void people_erasurePreviewedThenConfirmed_accessibleThroughout() {
        String draft = server.uploadPdf(sam.full(), "draft.pdf", org.signet.support.TestFiles.pdf(1));
        String email = "erin" + System.nanoTime() + "@example.org";
        TestServer.expect(201, server.send("POST", "documents/" + draft + "/signers", sam.full(),
                org.signet.json.Json.write(Map.of("name", "Erin Erase", "email", email, "signing_order", 1))));
        signIn("admin@example.com");
        browser.click(By.linkText("People"));
        clean("people page");
        browser.visible(By.id("people-email")).sendKeys(email);
        browser.click(By.id("people-preview"));
        browser.visible(By.cssSelector("tr[data-document='" + draft + "'][data-action='removed']"));
        clean("erasure preview");
        browser.click(By.id("people-confirm-box"));
        browser.click(By.id("people-erase"));
        browser.visible(By.cssSelector(".notice"));
        assertFalse(browser.present(By.id("people-confirm")));
        clean("erasure done");
        assertFalse(server.get("documents/" + draft, sam.full()).body().contains(email));
    }

    @Test
    void disabledUser_sessionEndsAtOnce() {
        User u = server.app.users().add("temp" + System.nanoTime() + "@example.com", "Temp", false, AdminHttpTest.HASH);
        signIn(u.email());
        AdminClient admin = new AdminClient(server);
        admin.signIn("admin@example.com", AdminHttpTest.PASSWORD);
        assertEquals(302, admin.post("/admin/users/" + u.id() + "/disable", admin.csrf()).statusCode());
        browser.open(url("/admin/keys"));
        browser.visible(By.id("login-submit"));
        assertTrue(browser.driver().getPageSource().contains("Your session has ended"));
    }

    @Test
    void dashboard_numbersEqualStats() {
        signIn("sam@example.com");
        Map<String, Object> stats = TestServer.expectObject(200, server.get("stats", sam.full()));
        for (Map.Entry<String, Object> e : stats.entrySet()) {
            String shown = browser.visible(By.cssSelector("td[data-stat='" + e.getKey() + "']")).getText();
            assertEquals(String.valueOf(e.getValue()), shown, e.getKey());
        }
        assertEquals(stats.keySet().size(), browser.all(By.cssSelector("td[data-stat]")).size());
        assertTrue(browser.present(By.cssSelector("svg#chart-days title")));
        String today = java.time.LocalDate.now(java.time.ZoneOffset.UTC).toString();
        assertEquals("1", (String) browser.js("return document.querySelector(\"td[data-day='" + today
                + "']\").textContent;"));
    }

    @Test
    void completedDocument_auditTrailAndSignedPdf() {
        signIn("sam@example.com");
        browser.open(url("/admin/documents?status=completed"));
        browser.click(By.linkText("Signed lease"));
        assertEquals("true", browser.visible(By.id("chain-valid")).getAttribute("data-chain-valid"));
        assertTrue(browser.all(By.cssSelector("#audit-trail tbody tr")).size() >= 4);
        String href = browser.visible(By.id("download-signed")).getAttribute("href");
        assertTrue(href.endsWith("/admin/documents/" + completedDoc + "/file?version=signed"), href);
        clean("completed document");
    }

    @Test
    void everyPage_noConsoleErrorNoAxeViolation() {
        signIn("admin@example.com");
        clean("dashboard");
        for (String path : List.of("/admin/documents", "/admin/documents?status=sent&search=NDA",
                "/admin/documents/" + pendingDoc, "/admin/documents/" + completedDoc, "/admin/keys", "/admin/webhooks",
                "/admin/webhooks/" + webhookId, "/admin/users", "/admin/people")) {
            browser.open(url(path));
            browser.visible(By.tagName("h1"));
            clean(path);
        }
        browser.open(url("/admin/documents/" + pendingDoc));
        assertFalse(browser.present(By.cssSelector("input.link-field")), "no link until asked for");
        browser.click(By.xpath("//button[normalize-space()='Show signing link']"));
        String link = browser.visible(By.cssSelector("input.link-field")).getAttribute("value");
        assertTrue(link.startsWith(server.app.siteUrl() + "/sign/"), link);
        clean("signing link shown");
        browser.click(By.cssSelector("button[data-copy]"));
        browser.until(d -> d.findElement(By.cssSelector("button[data-copy]")).getText().equals("Copied"));
        clean("signing link copied");
        browser.click(By.xpath("//button[normalize-space()='Remind everyone waiting']"));
        browser.visible(By.cssSelector(".notice"));
        clean("after a reminder");
        browser.open(url("/admin/webhooks/" + webhookId));
        browser.click(By.xpath("//button[normalize-space()='Rotate secret']"));
        assertTrue(browser.visible(By.id("new-secret")).getText().startsWith("whsec_"));
        clean("rotated secret");
        browser.click(By.xpath("//button[normalize-space()='Sign out']"));
        browser.visible(By.id("login-submit"));
        clean("signed out");
    }
}
