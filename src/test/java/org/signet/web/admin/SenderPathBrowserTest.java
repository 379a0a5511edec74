package org.signet.web.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDResources;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.signet.json.Json;
import org.signet.support.ApiFlow;
import org.signet.support.Browser;
import org.signet.support.SignetFixture;
import org.signet.support.TestServer;

/**
 * A sender's whole path through the administrator pages in a real headless Chromium, once with the mouse and once
 * with the keyboard alone: sign in, "New document", upload {@code sample-data/mutual-nda.pdf}, add two signers and a
 * viewer, place a signature and a date field on page 1 for each signer in the field editor, review and send; each
 * signer's link shown on the document's page, both sign through it, and the sealed PDF taken from the document's
 * page carries both signatures on page 1. The fields are stored where they were placed, to within a point. And the
 * editor of a draft, under its steps, free of axe-core violations in the four languages.
 */
class SenderPathBrowserTest {
    private static final Path NDA = Path.of("sample-data/mutual-nda.pdf").toAbsolutePath();

    @RegisterExtension
    static final SignetFixture signet = SignetFixture.running().onSystemClock();

    @RegisterExtension
    static final AdminBrowser pages = AdminBrowser.on(signet);

    static TestServer server;
    static Browser browser;
    static TestServer.Account sam;
    static ApiFlow samApi;

    /** Where a field was placed, in points on page 1. */
    private record Box(double x, double y, double width, double height) {}

    @BeforeAll
    static void start() throws Exception {
        browser = pages.browser();
        server = signet.server();
        sam = pages.account("sam@example.com");
        samApi = new ApiFlow(server, sam.full(), Clock.systemUTC());
    }

    @Test
    void mouse_uploadRecipientsFieldsSend_bothSignThroughTheirLinks_sealedPdfOnTheDocumentPage() throws Exception {
        pages.signIn("sam@example.com");
        browser.open(pages.url("/admin/documents"));
        pages.mouseClick(By.id("new-document"));
        browser.visible(By.id("file")).sendKeys(NDA.toString());
        pages.mouseClick(By.id("upload-submit"));
        String doc = pages.draftOnScreen();
        addWithMouse("Alice Signer", "alice@example.com", "signer", 1);
        addWithMouse("Bob Signer", "bob@example.com", "signer", 1);
        addWithMouse("Carol Viewer", "carol@example.com", "viewer", 2);
        Map<String, String> ids = idsByName(doc);
        pages.mouseClick(By.id("next-fields"));
        browser.visible(By.id("field-editor"));

        new Select(browser.visible(By.id("editor-for"))).selectByValue(ids.get("Alice Signer"));
        Box aliceSignature = drop("signature", 60, 80);
        Box aliceDate = drop("date", 330, 100);
        new Select(browser.visible(By.id("editor-for"))).selectByValue(ids.get("Bob Signer"));
        Box bobSignature = drop("signature", 60, 260);
        Box bobDate = drop("date", 330, 280);
        awaitSaved();
        storedWherePlaced(doc, Map.of(ids.get("Alice Signer") + "/signature", aliceSignature,
                ids.get("Alice Signer") + "/date", aliceDate, ids.get("Bob Signer") + "/signature", bobSignature,
                ids.get("Bob Signer") + "/date", bobDate));

        pages.mouseClick(By.cssSelector(".draft-steps a[href='/admin/documents/" + doc + "/send']"));
        browser.visible(By.id("review"));
        pages.mouseClick(By.id("send-now"));
        browser.until(d -> d.getCurrentUrl().endsWith("/admin/documents/" + doc + "?notice=compose_sent"));
        String alice = shownLink(doc, ids.get("Alice Signer"), () -> pages.mouseClick(showLinkButton(ids.get("Alice Signer"))));
        String bob = shownLink(doc, ids.get("Bob Signer"), () -> pages.mouseClick(showLinkButton(ids.get("Bob Signer"))));
        signWithMouse(alice, "Alice Signer");
        signWithMouse(bob, "Bob Signer");
        sealedOnTheDocumentPage(doc);
    }

    @Test
    void keyboardAlone_uploadRecipientsFieldsSend_bothSignThroughTheirLinks_sealedPdfOnTheDocumentPage() throws Exception {
        browser.open(pages.url("/admin/login"));
        tabTo("#email");
        keys("sam@example.com");
        tabTo("#password");
        keys(AdminHttpTest.PASSWORD, Keys.ENTER);
        browser.visible(By.id("by-state"));
        browser.open(pages.url("/admin/documents"));
        tabTo("#new-document");
        keys(Keys.ENTER);
        // A file chooser is the system's own dialog: the path is given to the input as a keyboard user types it there.
        browser.visible(By.id("file")).sendKeys(NDA.toString());
        tabTo("#upload-submit");
        keys(Keys.ENTER);
        String doc = pages.draftOnScreen();
        addWithKeys("Alice Signer", "alice@example.com", "signer", 1);
        addWithKeys("Bob Signer", "bob@example.com", "signer", 1);
        addWithKeys("Carol Viewer", "carol@example.com", "viewer", 2);
        Map<String, String> ids = idsByName(doc);
        tabTo("#next-fields");
        keys(Keys.ENTER);
        browser.visible(By.id("field-editor"));

        tabTo("#editor-for");
        chooseWithArrows(ids.get("Alice Signer"));
        placeWithKeys("signature");
        announced("Signature for Alice Signer placed on page 1, 36 points from the left and 36 from the top.");
        placeWithKeys("date");
        keys(Keys.ARROW_RIGHT.toString().repeat(60));
        announced("Moved to 348 points from the left and 60 from the top.");
        tabBackTo("#editor-for");
        chooseWithArrows(ids.get("Bob Signer"));
        placeWithKeys("signature");
        keys(Keys.ARROW_DOWN.toString().repeat(40));
        announced("Moved to 60 points from the left and 284 from the top.");
        placeWithKeys("date");
        keys(Keys.ARROW_DOWN.toString().repeat(40), Keys.ARROW_RIGHT.toString().repeat(60));
        announced("Moved to 372 points from the left and 308 from the top.");
        awaitSaved();
        storedWherePlaced(doc, Map.of(ids.get("Alice Signer") + "/signature", new Box(36, 36, 200, 60),
                ids.get("Alice Signer") + "/date", new Box(348, 60, 100, 30),
                ids.get("Bob Signer") + "/signature", new Box(60, 284, 200, 60),
                ids.get("Bob Signer") + "/date", new Box(372, 308, 100, 30)));

        tabBackTo(".draft-steps a[href='/admin/documents/" + doc + "/send']");
        keys(Keys.ENTER);
        browser.visible(By.id("review"));
        tabTo("#send-now");
        keys(Keys.ENTER);
        browser.until(d -> d.getCurrentUrl().endsWith("/admin/documents/" + doc + "?notice=compose_sent"));
        String alice = shownLink(doc, ids.get("Alice Signer"), () -> pressOn(showLinkSelector(ids.get("Alice Signer"))));
        String bob = shownLink(doc, ids.get("Bob Signer"), () -> pressOn(showLinkSelector(ids.get("Bob Signer"))));
        signWithKeys(alice);
        signWithKeys(bob);
        sealedOnTheDocumentPage(doc);
    }

    @Test
    void draftEditorUnderItsSteps_noAxeViolations_inFourLanguagesAtDesk() {
        String doc = server.uploadPdf(sam.full(), "mutual-nda.pdf", readNda());
        TestServer.expectObject(201, server.send("POST", "documents/" + doc + "/signers", sam.full(),
                Json.write(Map.of("name", "Alice Signer", "email", "alice@example.com"))));
        ChromeDriver chrome = (ChromeDriver) browser.driver();
        chrome.executeCdpCommand("Network.enable", Map.of());
        Map<String, String> fieldsStep = Map.of("en", "Fields", "de", "Felder", "es", "Campos", "fr", "Champs");
        try {
            for (String language : List.of("en", "de", "es", "fr")) {
                chrome.executeCdpCommand("Network.setExtraHTTPHeaders", Map.of("headers", Map.of("Accept-Language",
                        language)));
                browser.reset(1280, 800);
                pages.signIn("sam@example.com");
                browser.open(pages.url("/admin/documents/" + doc + "/fields"));
                browser.visible(By.id("field-editor"));
                assertEquals(language, browser.visible(By.tagName("html")).getAttribute("lang"));
                assertEquals("3 " + fieldsStep.get(language),
                        browser.visible(By.cssSelector(".draft-steps [aria-current='step']")).getText());
                pages.clean("the draft's editor, " + language);
            }
        } finally {
            chrome.executeCdpCommand("Network.setExtraHTTPHeaders", Map.of("headers", Map.of()));
        }
    }

    // ---- with the mouse ----

    /** Adds a recipient with the mouse and waits for them to be listed. */
    private static void addWithMouse(String name, String email, String role, int order) {
        pages.addRecipientWithMouse(name, email, role, order);
        awaitAdded(name);
    }

    /**
     * Drags {@code type} from the palette with the pointer onto page 1, {@code dx}, {@code dy} pixels from its image's
     * top-left corner; answers where that is in points, with the type's size there.
     */
    private static Box drop(String type, int dx, int dy) {
        WebElement item = browser.visible(By.cssSelector(".palette-item[data-type='" + type + "']"));
        Map<String, Object> page = EditorInBrowser.pageOne(browser);
        double left = ((Number) page.get("left")).doubleValue();
        double top = ((Number) page.get("top")).doubleValue();
        double k = ((Number) page.get("points")).doubleValue() / ((Number) page.get("width")).doubleValue();
        int x = (int) Math.round(left) + dx;
        int y = (int) Math.round(top) + dy;
        new Actions(browser.driver()).moveToElement(item).clickAndHold().moveByOffset(5, 5).moveToLocation(x, y)
                .release().perform();
        return type.equals("signature") ? new Box((x - left) * k, (y - top) * k, 200, 60)
                : new Box((x - left) * k, (y - top) * k, 100, 30);
    }

    private static By showLinkButton(String signerId) {
        return By.cssSelector(showLinkSelector(signerId));
    }

    /** Opens the signing link, types the signature, consents and finishes, all with the mouse. */
    private static void signWithMouse(String link, String name) {
        browser.open(link);
        browser.visible(By.cssSelector(".page[data-page-number='1']"));
        // Until the page has scrolled the box into view, a click may land on the box around the button.
        browser.until(d -> {
            try {
                new Actions(d).moveToElement(d.findElement(By.cssSelector("[data-field-id][data-field-type='signature']")))
                        .click().perform();
                return d.findElement(By.id("signature-dialog")).isDisplayed();
            } catch (org.openqa.selenium.WebDriverException stillMoving) {
                return false;
            }
        });
        pages.mouseClick(By.id("tab-type"));
        pages.type(By.id("type-input"), name);
        pages.mouseClick(By.id("apply-signature"));
        browser.until(ExpectedConditions.invisibilityOfElementLocated(By.id("signature-dialog")));
        pages.mouseClick(By.id("consent"));
        pages.mouseClick(By.id("finish"));
        assertTrue(browser.visible(By.id("done")).getText().contains("signed"));
    }

    // ---- with the keyboard ----

    private static void keys(CharSequence... typed) {
        EditorInBrowser.keys(browser, typed);
    }

    private static void tabTo(String selector) {
        EditorInBrowser.tabTo(browser, selector);
    }

    private static void tabBackTo(String selector) {
        EditorInBrowser.tabBackTo(browser, selector);
    }

    /** Tabs to what {@code selector} finds and presses Enter on it. */
    private static void pressOn(String selector) {
        tabTo(selector);
        keys(Keys.ENTER);
    }

    /** With a select focused, presses the down arrow until it holds {@code value}, as a keyboard user chooses. */
    private static void chooseWithArrows(String value) {
        for (int i = 0; i < 5 && !value.equals(browser.js("return document.activeElement.value;")); i++) {
            keys(Keys.ARROW_DOWN);
        }
        assertEquals(value, browser.js("return document.activeElement.value;"));
    }

    private static void addWithKeys(String name, String email, String role, int order) {
        tabTo("#name-new");
        keys(name);
        tabTo("#email-new");
        keys(email);
        tabTo("#role-new");
        chooseWithArrows(role);
        tabTo("#signing-order-new");
        keys(Keys.chord(Keys.CONTROL, "a"), Integer.toString(order));
        pressOn("#save-new");
        awaitAdded(name);
    }

    /** Back to the palette's {@code type}, chosen with Enter and placed on the current page with Enter again. */
    private static void placeWithKeys(String type) {
        tabBackTo(".palette-item[data-type='" + type + "']");
        keys(Keys.ENTER, Keys.ENTER);
        browser.until(d -> (Boolean) browser.js("return document.activeElement.matches('.editor-field');"));
    }

    /** Until the editor's live region says {@code words}; fails with what it said last. */
    private static void announced(String words) {
        String[] last = {""};
        try {
            browser.until(x -> words.equals(last[0] = x.findElement(By.id("editor-announce")).getAttribute("textContent")
                    .replace('\u00a0', ' ').strip()));
        } catch (org.openqa.selenium.TimeoutException e) {
            assertEquals(words, last[0], "what the editor announced");
        }
    }

    /** Opens the signing link, types the signature in its dialog, consents and finishes, with the keyboard alone. */
    private static void signWithKeys(String link) {
        browser.open(link);
        browser.visible(By.cssSelector(".page[data-page-number='1']"));
        tabTo("[data-field-type='signature']");
        keys(Keys.ENTER);
        browser.until(d -> "true".equals(d.findElement(By.id("tab-type")).getAttribute("aria-selected")));
        tabTo("#type-input");
        keys(Keys.ENTER);
        browser.until(d -> (Boolean) browser.js("const id = document.querySelector(\"[data-field-type='signature']\")"
                + ".dataset.fieldId; return document.querySelector(`[data-field-box='${id}']`).classList.contains('is-filled');"));
        tabTo("#consent");
        keys(Keys.SPACE);
        pressOn("#finish");
        assertTrue(browser.visible(By.id("done")).getText().contains("signed"));
    }

    // ---- shared by both ----

    /** Until the page the add went on to lists {@code name}: the address alone still names the add before it. */
    private static void awaitAdded(String name) {
        browser.until(d -> d.getCurrentUrl().contains("notice=recipient_added")
                && d.findElements(By.cssSelector("#recipients .recipient-name")).stream()
                        .anyMatch(e -> e.getText().equals(name)));
    }

    private static Map<String, String> idsByName(String doc) {
        return samApi.signerRecords(doc).entrySet().stream()
                .collect(Collectors.toMap(e -> (String) e.getValue().get("name"), Map.Entry::getKey));
    }

    private static String showLinkSelector(String signerId) {
        return "form[action$='/signers/" + signerId + "/link'] button";
    }

    /** The signer's link, as the document's page shows it once asked for by {@code ask}. */
    private static String shownLink(String doc, String signerId, Runnable ask) {
        ask.run();
        String link = browser.visible(By.id("link-" + signerId)).getAttribute("value");
        assertTrue(link.startsWith(server.app.siteUrl()), link);
        return link;
    }

    private static void awaitSaved() {
        EditorInBrowser.awaitSaved(browser);
    }

    /** Each stored field, named by its signer and type, lies where it was placed to within a point, on page 1. */
    private static void storedWherePlaced(String doc, Map<String, Box> placed) {
        List<Map<String, Object>> stored = samApi.fields(doc);
        assertEquals(placed.size(), stored.size());
        for (Map<String, Object> f : stored) {
            String what = f.get("signer_id") + "/" + f.get("field_type");
            Box want = placed.get(what);
            assertEquals("1", String.valueOf(f.get("page_number")), what);
            double[] w = {want.x(), want.y(), want.width(), want.height()};
            String[] keys = {"position_x", "position_y", "width", "height"};
            for (int i = 0; i < keys.length; i++) {
                double got = Double.parseDouble(String.valueOf(f.get(keys[i])));
                assertTrue(Math.abs(got - w[i]) <= 1.0, what + ": " + keys[i] + " " + got + ", placed at " + w[i]);
            }
        }
    }

    /**
     * On the document's page, once sealed, the signed PDF's link, fetched with the browser's session: a sealed PDF of
     * the NDA's pages and the certificate, both signatures drawn on page 1.
     */
    private static void sealedOnTheDocumentPage(String doc) throws Exception {
        samApi.awaitSealed(doc);
        browser.open(pages.url("/admin/documents/" + doc));
        String href = browser.visible(By.id("download-signed")).getAttribute("href");
        assertEquals("completed", browser.visible(By.id("document-state")).getAttribute("data-state"));
        String cookies = browser.driver().manage().getCookies().stream().map(c -> c.getName() + "=" + c.getValue())
                .collect(Collectors.joining("; "));
        HttpResponse<byte[]> signed = server.sendForBytes(java.net.http.HttpRequest.newBuilder(URI.create(href))
                .header("Cookie", cookies).GET().build());
        assertEquals(200, signed.statusCode());
        try (PDDocument pdf = Loader.loadPDF(signed.body()); PDDocument original = Loader.loadPDF(NDA.toFile())) {
            assertTrue(pdf.getNumberOfPages() > original.getNumberOfPages(), "the NDA's pages and the certificate");
            assertTrue(!pdf.getSignatureDictionaries().isEmpty(), "the signed PDF is sealed");
            assertEquals(images(original.getPage(0).getResources()) + 2, images(pdf.getPage(0).getResources()),
                    "both signatures drawn on page 1");
        }
    }

    private static int images(PDResources resources) throws java.io.IOException {
        int count = 0;
        for (COSName name : resources.getXObjectNames()) {
            count += resources.isImageXObject(name) ? 1 : 0;
        }
        return count;
    }

    private static byte[] readNda() {
        try {
            return java.nio.file.Files.readAllBytes(NDA);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
