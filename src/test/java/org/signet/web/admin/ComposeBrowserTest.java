package org.signet.web.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.Select;
import org.signet.support.ApiFlow;
import org.signet.support.Browser;
import org.signet.support.Party;
import org.signet.support.SignetFixture;
import org.signet.support.TestServer;

/**
 * Making a document on the administrator pages in a real headless Chromium: the upload by the file chooser and by a
 * file dropped on the page (a real DataTransfer holding the file, made in the page), recipients added, a refusal
 * fixed, the order changed, the review and the send, with the mouse and with the keyboard alone; and every page and
 * state free of axe-core violations (WCAG 2.2 AA and best practice) in the four languages, on a desktop and a phone.
 */
class ComposeBrowserTest {
    private static final Path NDA = Path.of("sample-data/mutual-nda.pdf").toAbsolutePath();

    @RegisterExtension
    static final SignetFixture signet = SignetFixture.running().onSystemClock();

    @RegisterExtension
    static final AdminBrowser pages = AdminBrowser.on(signet).allowingRefusedLoads();

    @TempDir
    static Path temp;

    static TestServer server;
    static Browser browser;
    static ApiFlow samApi;
    static TestServer.Account sam;

    @BeforeAll
    static void start() throws Exception {
        browser = pages.browser();
        server = signet.server();
        sam = pages.account("sam@example.com");
        samApi = new ApiFlow(server, sam.full(), Clock.systemUTC());
    }

    @BeforeEach
    void fresh() {
        // The pages in the browser's language (English here), whatever a test before chose.
        server.app.users().setLanguage(sam.user().id(), null);
    }

    /** Waits for the page a change went on to, which names what was done. */
    private static void awaitNotice(String name) {
        browser.until(d -> d.getCurrentUrl().contains("notice=" + name));
        browser.visible(By.cssSelector(".notice"));
    }

    private static Map<String, String> idsByName(String doc) {
        Map<String, String> ids = new java.util.HashMap<>();
        samApi.signerRecords(doc).forEach((id, s) -> ids.put((String) s.get("name"), id));
        return ids;
    }

    private static List<String> order(String doc) {
        return samApi.signerRecords(doc).values().stream()
                .sorted(java.util.Comparator.comparing((Map<String, Object> s) -> Integer.parseInt(String.valueOf(
                        s.get("signing_order")))).thenComparing(s -> Long.parseLong((String) s.get("id"))))
                .map(s -> s.get("name") + ":" + s.get("signing_order")).toList();
    }

    @Test
    void mouse_uploadByChooserAndByDrop_recipientsFixedAndReordered_reviewedAndSent() throws Exception {
        pages.signIn("sam@example.com");
        browser.open(pages.url("/admin/documents"));
        pages.mouseClick(By.id("new-document"));
        browser.visible(By.id("drop-zone"));
        pages.clean("upload page");
        browser.visible(By.id("file")).sendKeys(NDA.toString());
        pages.mouseClick(By.id("upload-submit"));
        String doc = pages.draftOnScreen();
        assertEquals("mutual-nda", samApi.document(doc).get("title"));
        pages.clean("recipients page, no recipient yet");

        browser.open(pages.url("/admin/documents/new"));
        dropFile(NDA, "application/pdf");
        assertEquals("mutual-nda.pdf", browser.visible(By.id("upload-status")).getText());
        watchProgress();
        pages.mouseClick(By.id("upload-submit"));
        String dropped = pages.draftOnScreen();
        assertEquals("100 shown", browser.js("return sessionStorage.getItem('progress');"),
                "the progress bar shows the whole upload sent");
        assertFalse(dropped.equals(doc));
        assertEquals("mutual-nda", samApi.document(dropped).get("title"));

        browser.open(pages.url("/admin/documents/" + doc + "/recipients"));
        pages.addRecipientWithMouse("Ann Archer", "ann@example.com", "signer", 1);
        awaitNotice("recipient_added");
        pages.addRecipientWithMouse("Bob Baker", "ann@example.com", "signer", 2);
        browser.visible(By.id("email-new-error"));
        WebElement email = browser.visible(By.id("email-new"));
        assertEquals("true", email.getAttribute("aria-invalid"));
        assertEquals("email-new-error", email.getAttribute("aria-describedby"));
        String said = browser.visible(By.id("email-new-error")).getText();
        assertTrue(said.startsWith("Someone with this email address"), said);
        assertEquals(1, samApi.signerRecords(doc).size(), "nothing added by the refused post");
        pages.clean("recipients page, a refused recipient");
        pages.type(By.id("email-new"), "bob@example.com");
        pages.mouseClick(By.id("save-new"));
        awaitNotice("recipient_added");
        pages.addRecipientWithMouse("Vera Viewer", "vera@example.com", "viewer", 3);
        awaitNotice("recipient_added");
        Map<String, String> ids = idsByName(doc);
        pages.mouseClick(By.id("up-" + ids.get("Vera Viewer")));
        awaitNotice("recipient_moved");
        assertEquals(List.of("Ann Archer:1", "Vera Viewer:2", "Bob Baker:3"), order(doc));
        browser.open(pages.url("/admin/documents/" + doc + "/recipients"));
        pages.mouseClick(By.id("down-" + ids.get("Vera Viewer")));
        awaitNotice("recipient_moved");
        assertEquals(List.of("Ann Archer:1", "Bob Baker:2", "Vera Viewer:3"), order(doc));
        pages.clean("recipients page, three recipients");

        // The fields are placed on the editor's step; here through the interface, as the editor saves them.
        samApi.signatureFields(doc, ids.get("Ann Archer"), ids.get("Bob Baker"));
        pages.mouseClick(By.linkText("4 " + "Review and send"));
        browser.visible(By.id("review"));
        assertTrue(browser.visible(By.id("review-" + ids.get("Ann Archer"))).getText().contains("Signature, page 1, required"));
        pages.clean("review page");
        new Select(browser.visible(By.id("reminders"))).selectByValue("3");
        pages.mouseClick(By.id("send-now"));
        browser.until(d -> d.getCurrentUrl().endsWith("/admin/documents/" + doc + "?notice=compose_sent"));
        assertEquals("sent", samApi.status(doc));
        assertEquals("3", String.valueOf(samApi.document(doc).get("reminder_interval_days")));
        pages.clean("document page after sending");
    }

    /**
     * Records in the tab's session storage, which outlives the page, what the progress bar showed at the upload's last
     * progress event: the page's own listener has moved it by then, as it listens first.
     */
    private static void watchProgress() {
        browser.js("const send = XMLHttpRequest.prototype.send;"
                + "XMLHttpRequest.prototype.send = function (body) {"
                + "  this.upload.addEventListener('progress', () => sessionStorage.setItem('progress',"
                + "    document.getElementById('upload-progress').value + ' '"
                + "    + (document.getElementById('upload-progress-box').hidden ? 'hidden' : 'shown')));"
                + "  return send.call(this, body);"
                + "};");
    }

    /** Drops {@code file} on the drop zone: a DataTransfer made in the page, holding the file's bytes. */
    private static void dropFile(Path file, String type) throws Exception {
        String bytes = Base64.getEncoder().encodeToString(Files.readAllBytes(file));
        browser.js("const bytes = Uint8Array.from(atob(arguments[0]), (c) => c.charCodeAt(0));"
                + "const transfer = new DataTransfer();"
                + "transfer.items.add(new File([bytes], arguments[1], { type: arguments[2] }));"
                + "const zone = document.getElementById('drop-zone');"
                + "zone.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));"
                + "zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));",
                bytes, file.getFileName().toString(), type);
    }

    @Test
    void keyboardOnly_recipientAddedMovedAndSent() {
        pages.signIn("sam@example.com");
        String doc = samApi.upload("Keyboard lease", 1);
        Party first = samApi.addSigner(doc, "Kim Key", "kim@example.com", "signer", 1);
        browser.open(pages.url("/admin/documents/" + doc + "/recipients"));
        tabTo("name-new");
        keys("Lee Tab", Keys.TAB, "lee@example.com", Keys.TAB);
        // The role is a select: the arrow keys choose, then on through the order and the gates to the button.
        tabTo("signing-order-new");
        keys(Keys.chord(Keys.CONTROL, "a"), "1");
        tabTo("save-new");
        keys(Keys.ENTER);
        awaitNotice("recipient_added");
        String lee = idsByName(doc).get("Lee Tab");
        assertEquals(List.of("Kim Key:1", "Lee Tab:1"), order(doc));
        tabTo("up-" + lee);
        keys(Keys.ENTER);
        awaitNotice("recipient_moved");
        assertEquals(List.of("Lee Tab:1", "Kim Key:2"), order(doc));
        samApi.signatureFields(doc, first.id(), lee);
        browser.open(pages.url("/admin/documents/" + doc + "/send"));
        tabTo("send-now");
        keys(Keys.ENTER);
        browser.until(d -> d.getCurrentUrl().endsWith("?notice=compose_sent"));
        assertEquals("sent", samApi.status(doc));
    }

    private static void keys(CharSequence... typed) {
        new Actions(browser.driver()).sendKeys(typed).perform();
    }

    /** Presses Tab until the element with {@code id} has focus. */
    private static void tabTo(String id) {
        for (int i = 0; i < 120; i++) {
            if (id.equals(browser.js("return document.activeElement.id;"))) {
                return;
            }
            keys(Keys.TAB);
        }
        throw new AssertionError("Tab never reached #" + id);
    }

    @Test
    void everyPageAndState_cleanInFourLanguages_onDesktopAndPhone() throws Exception {
        String lonely = samApi.upload("Unsigned offer", 1);
        samApi.addSigner(lonely, "Nia Nofield", "nia@example.com", "signer", 1);
        Path text = Files.writeString(temp.resolve("notes.txt"), "not a document");
        pages.signIn("sam@example.com");
        List<String> seen = new ArrayList<>();
        for (String code : List.of("en", "de", "es", "fr")) {
            choose(code);
            for (int[] size : new int[][] {{1280, 800}, {390, 844}}) {
                browser.driver().manage().window().setSize(new org.openqa.selenium.Dimension(size[0], size[1]));
                String where = code + " " + size[0] + "x" + size[1];
                browser.open(pages.url("/admin/documents/new"));
                pages.clean(where + " upload");
                browser.visible(By.id("file")).sendKeys(text.toString());
                browser.click(By.id("upload-submit"));
                browser.visible(By.id("file-error"));
                assertEquals("true", browser.visible(By.id("file")).getAttribute("aria-invalid"));
                pages.clean(where + " upload refused");
                browser.open(pages.url("/admin/documents/" + lonely + "/recipients"));
                pages.clean(where + " recipients");
                pages.type(By.id("name-new"), "Nia Again");
                pages.type(By.id("email-new"), "nia@example.com");
                browser.click(By.id("save-new"));
                browser.visible(By.id("email-new-error"));
                pages.clean(where + " recipient refused");
                browser.open(pages.url("/admin/documents/" + lonely + "/send"));
                pages.clean(where + " review");
                browser.click(By.id("send-now"));
                browser.visible(By.id("send-error"));
                pages.clean(where + " send refused");
                long overflow = (Long) browser.js("return document.documentElement.scrollWidth - window.innerWidth;");
                assertTrue(overflow <= 0, where + ": the review scrolls sideways by " + overflow + " px");
                seen.add(where);
            }
        }
        assertEquals(8, seen.size());
        assertEquals("draft", samApi.status(lonely));
        assertEquals(1, samApi.signerRecords(lonely).size());
    }

    /** Chooses the pages' language on the account page, as a user does. */
    private static void choose(String code) {
        browser.open(pages.url("/admin/account"));
        new Select(browser.visible(By.id("account-language"))).selectByValue(code.equals("en") ? "en" : code);
        browser.click(By.id("account-save"));
        browser.visible(By.cssSelector(".notice"));
        assertEquals(code, browser.visible(By.tagName("html")).getAttribute("lang"));
    }
}
