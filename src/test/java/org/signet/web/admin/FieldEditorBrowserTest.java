package org.signet.web.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.Select;
import org.signet.json.Json;
import org.signet.support.Browser;
import org.signet.support.Multipart;
import org.signet.support.SignetFixture;
import org.signet.support.TestServer;
import org.signet.web.Axe;

/**
 * The field editor in a real headless Chromium, on a draft of {@code sample-data/mutual-nda.pdf} with two signers
 * and a viewer made through the REST interface: fields dragged from the palette with the pointer, moved, resized
 * and assigned, found again after a reload and answered by {@code GET .../fields} where they were dropped, to within
 * a point; the same with the keyboard alone, each step read from the live region; a template's editor; a refusal
 * said in words; and axe-core (WCAG 2.2 AA and best practice) in the four languages, and on a phone.
 */
class FieldEditorBrowserTest {
    @RegisterExtension
    static final SignetFixture signet = SignetFixture.running().onSystemClock();

    @RegisterExtension
    static final AdminBrowser pages = AdminBrowser.on(signet);
    /** Set to a folder to have the README's picture of the editor taken there. */
    private static final String SCREENSHOTS = System.getProperty("signet.screenshots");

    static TestServer server;
    static Browser browser;
    static TestServer.Account sam;

    /** A draft with its parties' ids: two signers and a viewer. */
    private record Draft(String id, String alice, String bob, String carol) {}

    /** Where a field was dropped, in points on its page, as the page's image on the screen put it. */
    private record Box(double x, double y, double width, double height) {}

    @BeforeAll
    static void start() throws Exception {
        browser = pages.browser();
        server = signet.server();
        sam = pages.account("sam@example.com");
    }

    @BeforeEach
    void fresh() {
        pages.signIn("sam@example.com");
    }

    private static Draft draft() {
        String id = server.uploadPdf(sam.full(), "mutual-nda.pdf", nda());
        return new Draft(id, signer(id, "Alice Signer", "signer", 1), signer(id, "Bob Signer", "signer", 1),
                signer(id, "Carol Viewer", "viewer", 2));
    }

    private static String signer(String doc, String name, String role, int order) {
        String email = name.toLowerCase().replace(' ', '.') + "@example.com";
        return (String) TestServer.expectObject(201, server.send("POST", "documents/" + doc + "/signers", sam.full(),
                Json.write(Map.of("name", name, "email", email, "role", role, "signing_order", order)))).get("id");
    }

    private static void openEditor(String path) {
        browser.open(pages.url(path));
        browser.visible(By.id("field-editor"));
    }

    @Test
    void mouse_dragMoveResizeAssign_reloadKeepsThem_storedWhereDropped() throws IOException {
        Draft d = draft();
        openEditor("/admin/documents/" + d.id() + "/fields");
        pages.clean("empty editor");
        forNew(d.alice());
        Box aliceSignature = drop("signature", 60, 80);
        Box aliceDate = drop("date", 330, 100);
        forNew(d.bob());
        Box bobSignature = drop("signature", 60, 260);
        Box bobDate = drop("date", 330, 280);
        // Bob's signature was placed while new fields were Alice's: given to Bob in its settings.
        fieldAt(2).click();
        new Select(browser.visible(By.id("setting-recipient"))).selectByValue(d.bob());
        aliceSignature = dragBy(fieldAt(0), 40, 30, aliceSignature, false);
        bobDate = dragBy(fieldAt(3).findElement(By.cssSelector(".editor-handle")), 30, 12, bobDate, true);
        awaitSaved();
        pages.clean("four fields placed");
        picture();

        Map<String, Box> expected = Map.of(d.alice() + "/signature", aliceSignature, d.alice() + "/date", aliceDate,
                d.bob() + "/signature", bobSignature, d.bob() + "/date", bobDate);
        List<Map<String, Object>> stored = fields("documents/" + d.id() + "/fields");
        assertEquals(4, stored.size());
        for (Map<String, Object> f : stored) {
            Box want = expected.get(f.get("signer_id") + "/" + f.get("field_type"));
            assertEquals("1", f.get("page_number"));
            near(want, f, f.get("signer_id") + " " + f.get("field_type"));
        }

        browser.driver().navigate().refresh();
        browser.visible(By.id("field-editor"));
        assertEquals(List.of("signature/" + d.alice(), "date/" + d.alice(), "signature/" + d.bob(), "date/" + d.bob()),
                browser.all(By.cssSelector(".editor-field")).stream()
                        .map(e -> e.getAttribute("data-type") + "/" + e.getAttribute("data-recipient")).toList());
        assertTrue(fieldAt(0).getText().contains("Alice Signer"), "a field shows whom it is for in words");
        near(aliceSignature, shownBox(fieldAt(0)), "Alice's signature after the reload");
        assertEquals("/admin/documents/" + d.id() + "/send", path(browser.visible(By.id("editor-next"))));
        assertEquals("/admin/documents/" + d.id() + "/recipients", path(browser.visible(By.id("editor-back"))));
    }

    @Test
    void mouse_fieldDraggedOntoTheNextPage_movesThere() {
        Draft d = draft();
        openEditor("/admin/documents/" + d.id() + "/fields");
        Box dropped = drop("date", 200, 560);
        browser.js("window.scrollBy(0, 300);");
        WebElement date = fieldAt(0);
        @SuppressWarnings("unchecked")
        Map<String, Object> at = (Map<String, Object>) browser.js("const pages = document.querySelectorAll('.editor-page img');"
                + "const f = arguments[0].getBoundingClientRect(), two = pages[1].getBoundingClientRect();"
                + "return {field: f.top, page: two.top, width: two.width, points: Number(pages[1].parentElement.dataset.width)};",
                date);
        int down = (int) Math.round(num(at, "page") + 40 - num(at, "field"));
        new Actions(browser.driver()).moveToElement(date).clickAndHold().moveByOffset(0, down / 2)
                .moveByOffset(0, down - down / 2).release().perform();
        String said = announced();
        assertTrue(said.startsWith("Moved to page 2, "), said);
        awaitSaved();
        Map<String, Object> f = fields("documents/" + d.id() + "/fields").get(0);
        assertEquals("2", f.get("page_number"));
        double k = num(at, "points") / num(at, "width");
        near(new Box(dropped.x(), (num(at, "field") + down - num(at, "page")) * k, 100, 30), f, "the date on page 2");
        assertEquals(1, browser.all(By.cssSelector(".editor-page[data-page='2'] .editor-field")).size());
    }

    @Test
    void keyboardAlone_placeMoveResizeTabDelete_eachStepAnnounced() {
        Draft d = draft();
        openEditor("/admin/documents/" + d.id() + "/fields");
        tabTo("[data-type='signature'].palette-item");
        keys(Keys.ENTER);
        assertEquals("Signature chosen. Press it again, or press Enter on a page, to place it.", announced());
        keys(Keys.ENTER);
        assertEquals("Signature for Alice Signer placed on page 1, 36 points from the left and 36 from the top.",
                announced());
        assertEquals(0, browser.all(By.cssSelector(".palette-item[aria-pressed='true']")).size(), "one field a choice");
        keys(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT);
        assertEquals("Moved to 46 points from the left and 36 from the top.", announced());
        chord(Keys.CONTROL, Keys.ARROW_DOWN);
        assertEquals("Moved to 46 points from the left and 37 from the top.", announced());
        chord(Keys.SHIFT, Keys.ARROW_RIGHT);
        assertEquals("Resized to 205 by 60 points.", announced());
        // Back through page 1, which stays the current page, to the palette.
        tabBackTo("[data-type='date'].palette-item");
        keys(Keys.ENTER, Keys.ENTER);
        assertEquals("Date for Alice Signer placed on page 1, 48 points from the left and 60 from the top.",
                announced());
        chord(Keys.SHIFT, Keys.TAB);
        assertEquals("signature", active("data-type"));
        keys(Keys.TAB);
        assertEquals("date", active("data-type"));
        keys(Keys.DELETE);
        assertEquals("Date for Alice Signer removed.", announced());
        assertEquals(1, browser.all(By.cssSelector(".editor-field")).size());
        awaitSaved();
        List<Map<String, Object>> stored = fields("documents/" + d.id() + "/fields");
        assertEquals(1, stored.size());
        near(new Box(46, 37, 205, 60), stored.get(0), "the signature placed with keys");
        pages.clean("after keyboard placing");
    }

    @Test
    void template_fieldPlacedLabelledAndPrefilled_savedThroughTemplates() {
        String id = String.valueOf(TestServer.expectObject(201, server.postMultipart("templates/upload", sam.full(),
                new Multipart().file("file", "mutual-nda.pdf", "application/pdf", nda()))).get("id"));
        openEditor("/admin/templates/" + id + "/fields");
        Box text = drop("text", 100, 150);
        browser.visible(By.id("setting-name")).sendKeys("Company");
        browser.visible(By.id("setting-prefill")).sendKeys("company");
        awaitSaved();
        pages.clean("template editor");
        List<Map<String, Object>> stored = fields("templates/" + id + "/fields");
        assertEquals(1, stored.size());
        Map<String, Object> f = stored.get(0);
        assertEquals(List.of("Company", "company", 1L), List.of(f.get("field_name"), f.get("variable_key"),
                ((Number) f.get("signer_slot")).longValue()));
        near(text, f, "the template's text field");
        assertEquals("/admin/templates/" + id, path(browser.visible(By.id("editor-back"))));
    }

    @Test
    void refusal_dropdownWithoutChoices_saidInWords_nothingSaved() {
        Draft d = draft();
        openEditor("/admin/documents/" + d.id() + "/fields");
        drop("dropdown", 100, 100);
        awaitSaved();
        assertFalse(leavingAsks(false), "nothing to lose once saved");
        assertTrue(leavingAsks(true), "a change not saved yet: leaving asks first");
        awaitSaved();
        WebElement choices = browser.visible(By.id("setting-options"));
        choices.clear();
        choices.sendKeys(" ");
        browser.until(x -> "failed".equals(x.findElement(By.id("editor-status")).getAttribute("data-state")));
        assertEquals("Not saved: Some fields are not valid.", browser.visible(By.id("editor-status")).getText());
        assertEquals("Field 1: a dropdown needs at least one option.",
                browser.visible(By.cssSelector("#editor-errors li")).getText());
        assertEquals(List.of(), Axe.violations(browser.driver()), "refused save: axe violations");
        assertTrue(browser.consoleErrors().stream().allMatch(e -> e.contains("status of 400")),
                "the refusal is the only thing the console reports");
        assertTrue(leavingAsks(false), "a refused change is not saved: leaving asks first");
        Object kept = fields("documents/" + d.id() + "/fields").get(0).get("options");
        assertTrue(String.valueOf(kept).contains("Dropdown 1"), "the refused save changed nothing: " + kept);
    }

    @Test
    void placement_pointsFromTheScreen_oneConversionBothWays() {
        Draft d = draft();
        openEditor("/admin/documents/" + d.id() + "/fields");
        Object answer = ((org.openqa.selenium.JavascriptExecutor) browser.driver()).executeAsyncScript(
                "const done = arguments[arguments.length - 1];"
                + "import('/assets/admin/placement.js').then((p) => {"
                + "  const page = {width: 612, height: 792}, shown = {left: 100, top: 50, width: 459, height: 594};"
                + "  done(JSON.stringify([p.toPoints(page, shown, 100 + 45.9, 50 + 91.8), p.toPercent(page,"
                + "    {x: 61.2, y: 79.2, width: 306, height: 396}), p.inside(page, {x: 500, y: -3, width: 200, height: 4}),"
                + "    p.lengthInPoints(page, shown, 3)]));"
                + "});");
        assertEquals("[{\"x\":61.2,\"y\":122.4},{\"left\":10,\"top\":10,\"width\":50,\"height\":50},"
                + "{\"x\":412,\"y\":0,\"width\":200,\"height\":8},4]", answer);
    }

    @Test
    void axe_fourLanguagesAtDesk_phoneAsksForAWiderScreen() {
        Draft d = draft();
        ChromeDriver chrome = (ChromeDriver) browser.driver();
        chrome.executeCdpCommand("Network.enable", Map.of());
        try {
            for (String language : List.of("en", "de", "fr", "es")) {
                chrome.executeCdpCommand("Network.setExtraHTTPHeaders", Map.of("headers", Map.of("Accept-Language",
                        language)));
                browser.reset(1280, 800);
                pages.signIn("sam@example.com");
                openEditor("/admin/documents/" + d.id() + "/fields");
                drop("radio", 80, 90);
                awaitSaved();
                assertEquals(language, browser.visible(By.tagName("html")).getAttribute("lang"));
                pages.clean("editor, " + language);
                browser.driver().manage().window().setSize(new org.openqa.selenium.Dimension(390, 844));
                browser.visible(By.id("editor-phone"));
                assertFalse(browser.visible(By.tagName("h1")).getText().isEmpty());
                pages.clean("editor on a phone, " + language);
            }
        } finally {
            chrome.executeCdpCommand("Network.setExtraHTTPHeaders", Map.of("headers", Map.of()));
        }
    }

    private static byte[] nda() {
        try {
            return Files.readAllBytes(Path.of("sample-data", "mutual-nda.pdf"));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void forNew(String signerId) {
        new Select(browser.visible(By.id("editor-for"))).selectByValue(signerId);
    }

    private static Map<String, Object> pageOne() {
        return EditorInBrowser.pageOne(browser);
    }

    private static double num(Map<String, Object> m, String key) {
        return ((Number) m.get(key)).doubleValue();
    }

    /**
     * Drags {@code type} from the palette with the pointer and drops it {@code dx}, {@code dy} pixels from page 1's
     * top-left corner on the screen; answers where in points that is, with the type's default size.
     */
    private static Box drop(String type, int dx, int dy) {
        pageOne();
        browser.js("document.querySelector(\".palette-item[data-type='\" + arguments[0] + \"']\")"
                + ".scrollIntoView({block: 'nearest'});", type);
        Map<String, Object> page = pageOne();
        int x = (int) Math.round(num(page, "left")) + dx;
        int y = (int) Math.round(num(page, "top")) + dy;
        WebElement item = browser.visible(By.cssSelector(".palette-item[data-type='" + type + "']"));
        new Actions(browser.driver()).moveToElement(item).clickAndHold().moveByOffset(5, 5).moveToLocation(x, y)
                .release().perform();
        double k = num(page, "points") / num(page, "width");
        double[] size = Map.of("signature", new double[] {200, 60}, "date", new double[] {100, 30}, "text",
                new double[] {200, 30}, "dropdown", new double[] {150, 30}, "radio", new double[] {150, 60}).get(type);
        return new Box((x - num(page, "left")) * k, (y - num(page, "top")) * k, size[0], size[1]);
    }

    /** Drags {@code grip} by {@code dx}, {@code dy} pixels: the field moves, or grows when it is the handle. */
    private static Box dragBy(WebElement grip, int dx, int dy, Box before, boolean resizes) {
        Map<String, Object> page = pageOne();
        new Actions(browser.driver()).moveToElement(grip).clickAndHold().moveByOffset(dx / 2, dy / 2)
                .moveByOffset(dx - dx / 2, dy - dy / 2).release().perform();
        double k = num(page, "points") / num(page, "width");
        return resizes ? new Box(before.x(), before.y(), before.width() + dx * k, before.height() + dy * k)
                : new Box(before.x() + dx * k, before.y() + dy * k, before.width(), before.height());
    }

    private static WebElement fieldAt(int n) {
        return browser.all(By.cssSelector(".editor-field")).get(n);
    }

    /** Where a field is shown now, turned back into points through page 1's image on the screen. */
    private static Map<String, Object> shownBox(WebElement field) {
        @SuppressWarnings("unchecked")
        Map<String, Object> r = (Map<String, Object>) browser.js("const f = arguments[0].getBoundingClientRect();"
                + "const p = arguments[0].closest('.editor-page'); const i = p.querySelector('img').getBoundingClientRect();"
                + "const k = Number(p.dataset.width) / i.width;"
                + "return {position_x: (f.left - i.left) * k, position_y: (f.top - i.top) * k, width: f.width * k,"
                + " height: f.height * k};", field);
        return r;
    }

    /** {@code got}'s page box is {@code want} to within a point on every side. */
    private static void near(Box want, Map<String, Object> got, String what) {
        double[] w = {want.x(), want.y(), want.width(), want.height()};
        String[] keys = {"position_x", "position_y", "width", "height"};
        for (int i = 0; i < keys.length; i++) {
            double g = Double.parseDouble(String.valueOf(got.get(keys[i])));
            assertTrue(Math.abs(g - w[i]) <= 1.0, what + ": " + keys[i] + " " + g + ", dropped at " + w[i]);
        }
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> fields(String path) {
        return TestServer.array(TestServer.expect(200, server.get(path, sam.full()))).stream()
                .map(o -> (Map<String, Object>) o).toList();
    }

    /**
     * Whether leaving the page now would ask first, as the page answers a {@code beforeunload}; with {@code change},
     * right after a change made in the same breath (an arrow key on the first field), before its save can start.
     */
    private static boolean leavingAsks(boolean change) {
        return (Boolean) browser.js("if (arguments[0]) { document.querySelector('.editor-field').dispatchEvent("
                + "new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true})); }"
                + "const e = new Event('beforeunload', {cancelable: true}); window.dispatchEvent(e);"
                + "return e.defaultPrevented;", change);
    }

    private static void awaitSaved() {
        EditorInBrowser.awaitSaved(browser);
    }

    private static String announced() {
        return browser.until(x -> {
            String text = x.findElement(By.id("editor-announce")).getAttribute("textContent").replace('\u00a0', ' ').strip();
            return text.isEmpty() ? null : text;
        });
    }

    private static void keys(CharSequence... keys) {
        EditorInBrowser.keys(browser, keys);
    }

    private static void chord(Keys modifier, Keys key) {
        EditorInBrowser.chord(browser, modifier, key);
    }

    private static String active(String attribute) {
        return (String) browser.js("return document.activeElement.getAttribute(arguments[0]);", attribute);
    }

    private static void tabTo(String selector) {
        EditorInBrowser.tabTo(browser, selector);
    }

    private static void tabBackTo(String selector) {
        EditorInBrowser.tabBackTo(browser, selector);
    }

    private static String path(WebElement link) {
        return java.net.URI.create(link.getAttribute("href")).getPath();
    }

    /** The README's picture of the editor, when asked for with -Dsignet.screenshots=FOLDER. */
    private static void picture() throws IOException {
        if (SCREENSHOTS != null) {
            browser.js("window.scrollTo(0, 0);");
            Files.createDirectories(Path.of(SCREENSHOTS));
            Files.write(Path.of(SCREENSHOTS, "editor.png"),
                    ((ChromeDriver) browser.driver()).getScreenshotAs(OutputType.BYTES));
        }
    }
}
