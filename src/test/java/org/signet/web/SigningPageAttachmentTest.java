package org.signet.web;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.signet.support.ApiFlow;
import org.signet.support.Browser;
import org.signet.support.DocumentSetup;
import org.signet.support.Party;
import org.signet.support.SealedDocuments;
import org.signet.support.TestFiles;

/**
 * An attachment field on the signing page in a real headless Chromium on a 390x844 phone: the file is
 * chosen, sent and named on the button, the document is signed, and the sealed PDF carries the file's
 * page; axe-core with best practice finds nothing on the field's states, in English and German.
 */
class SigningPageAttachmentTest {
    private static final int WIDTH = 390;
    private static final int HEIGHT = 844;

    @RegisterExtension
    static final SigningPageFixture WORLD = new SigningPageFixture(WIDTH, HEIGHT);

    @TempDir
    Path dir;

    private final SignerPage page = WORLD.page();
    private final Browser browser = WORLD.browser;

    private ApiFlow owner() {
        return new ApiFlow(WORLD.server, WORLD.owner.full(), WORLD.clock);
    }

    /** A document with one required attachment field ("ID copy") and a signature for {@code signer}. */
    private static DocumentSetup withAttachment(DocumentSetup doc, Party signer) {
        return doc.field(signer, "attachment", 1, 72, 120, 220, 50, "field_name", "ID copy")
                .field(signer, "signature", 1, 72, 600, 220, 50).send();
    }

    private Path file(String name, byte[] content) throws IOException {
        return Files.write(dir.resolve(name), content);
    }

    /** Chooses {@code file} in the attachment field's file input, as a person picking it does. */
    private void choose(String fieldId, Path file) {
        browser.driver().findElement(By.cssSelector("[data-attach-input='" + fieldId + "']"))
                .sendKeys(file.toAbsolutePath().toString());
    }

    private void awaitButtonNaming(String text) {
        browser.until(d -> d.findElement(By.id("guided-input")).getText().contains(text));
    }

    @Test
    void attach_onAPhone_fileSentNamedOnTheButtonThenSignedAndSealedWithIt() throws Exception {
        DocumentSetup doc = WORLD.upload("Phone attachment", 1);
        Party pat = doc.party("Pat Phone", "signer", 1);
        withAttachment(doc, pat);
        String fieldId = doc.fieldId(pat, "attachment");
        byte[] photo = TestFiles.png(640, 480);

        page.open(pat);
        WebElement button = browser.visible(By.id("guided-input"));
        assertTrue(button.getText().contains("Attach a file"), button.getText());
        browser.click(By.id("guided-next"));
        browser.until(d -> !d.findElement(By.id("guided-error")).getText().isBlank());
        choose(fieldId, file("passport.png", photo));
        awaitButtonNaming("passport.png");
        assertTrue(browser.visible(By.id("guided-input")).getText().contains("Replace"));
        browser.click(By.id("guided-next"));
        browser.until(d -> d.findElement(By.id("guided-input")).getText().contains("Sign"));
        browser.click(By.id("guided-input"));
        browser.visible(By.id("signature-dialog"));
        page.typeSignature("Pat Phone");
        browser.click(By.id("apply-signature"));
        browser.until(d -> !d.findElement(By.id("signature-dialog")).isDisplayed());
        browser.click(By.id("guided-next"));
        WebElement done = page.consentAnd("finish");

        assertTrue(done.getText().contains("You have signed"), done.getText());
        assertEquals("passport.png", doc.value(pat, "attachment"));
        HttpResponse<byte[]> kept = owner().attachment(doc.id(), fieldId);
        assertArrayEquals(photo, kept.body());
        doc.sealed();
        try (PDDocument sealed = Loader.loadPDF(SealedDocuments.sealedPdf(owner(), doc.id()))) {
            assertTrue(sealed.getNumberOfPages() >= 3, "the page, the image's page, the certificate");
            assertTrue(showsAnImage(sealed.getPage(1)), "the second page is the attached image");
            PDFTextStripper text = new PDFTextStripper();
            text.setStartPage(3);
            assertTrue(text.getText(sealed).contains(TestFiles.sha256(photo)), "the certificate names its SHA-256");
        }
    }

    @Test
    void attach_fileOfAKindTheFieldRefuses_saidOnThePageAndTheFieldStaysEmpty() throws Exception {
        DocumentSetup doc = WORLD.upload("Wrong kind", 1);
        Party pat = doc.party("Pat Picky", "signer", 1);
        doc.field(pat, "attachment", 1, 72, 120, 220, 50, "field_name", "Proof", "options", List.of("pdf"))
                .field(pat, "signature", 1, 72, 600, 220, 50).send();

        page.open(pat);
        browser.visible(By.id("guided-input"));
        choose(doc.fieldId(pat, "attachment"), file("photo.png", TestFiles.png(40, 40)));

        browser.until(d -> d.findElement(By.id("message")).getText().contains("does not take that kind of file"));
        assertTrue(browser.visible(By.id("guided-input")).getText().contains("Attach a file"));
        assertEquals(List.of(), owner().audit(doc.id(), "attachment_added"));
    }

    @Test
    void keyboard_pageForm_tabReachesTheAttachButtonWithAFocusRing() {
        browser.reset(1280, 900);
        DocumentSetup doc = WORLD.upload("Keyboard attachment", 1);
        Party kim = doc.party("Kim Keys", "signer", 1);
        withAttachment(doc, kim);

        page.open(kim).pageForm();
        WebElement button = page.tabToField("attachment");

        assertEquals("button", button.getTagName());
        assertTrue(button.getAttribute("aria-label").startsWith("Attach a file"), button.getAttribute("aria-label"));
    }

    @Test
    void axe_attachmentFieldEmptyFilledAndRefused_english() throws Exception {
        assertEquals(List.of(), axeOnEveryState("en"), "axe-core violations");
    }

    @Test
    void axe_attachmentFieldEmptyFilledAndRefused_german() throws Exception {
        assertEquals(List.of(), axeOnEveryState("de"), "axe-core violations");
    }

    /** The guided form's attachment step empty, refused and filled, then the page form on a desktop. */
    private List<String> axeOnEveryState(String language) throws IOException {
        List<String> found = new ArrayList<>();
        DocumentSetup doc = WORLD.upload("Axe attachment " + language, 1);
        Party ada = doc.party("Ada Axe", "signer", 1, "language", language);
        withAttachment(doc, ada);
        String fieldId = doc.fieldId(ada, "attachment");
        page.open(ada);
        browser.visible(By.id("guided-input"));
        check(found, language + ", guided, attachment empty");
        choose(fieldId, file("notes.pdf", "not a PDF at all".getBytes(StandardCharsets.UTF_8)));
        browser.until(d -> !d.findElement(By.id("message")).getText().isBlank()
                && !d.findElement(By.id("guided-input")).getText().isBlank()
                && d.findElement(By.id("guided-input")).isEnabled());
        check(found, language + ", guided, file refused");
        choose(fieldId, file("ausweis.pdf", TestFiles.pdf(1)));
        awaitButtonNaming("ausweis.pdf");
        check(found, language + ", guided, file attached");
        browser.reset(1280, 900);
        page.open(ada).pageForm();
        browser.until(d -> page.field("attachment").getText().contains("ausweis.pdf"));
        check(found, language + ", page form, file attached");
        return found;
    }

    private static boolean showsAnImage(PDPage page) throws IOException {
        for (COSName name : page.getResources().getXObjectNames()) {
            if (page.getResources().getXObject(name) instanceof PDImageXObject) {
                return true;
            }
        }
        return false;
    }

    private void check(List<String> found, String state) {
        for (String violation : Axe.violations(browser.driver(), Axe.WITH_BEST_PRACTICE)) {
            found.add(state + " -> " + violation);
        }
    }
}
