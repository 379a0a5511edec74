package org.signet.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.TestServer.expect;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.signet.support.ApiFlow;
import org.signet.support.Browser;
import org.signet.support.DocumentSetup;
import org.signet.support.Multipart;
import org.signet.support.Party;
import org.signet.support.Pdfsig;
import org.signet.support.TestFiles;

/**
 * A document of three files with fields on each, in a real headless Chromium: the page shows the files in
 * order under their headings with links that move between them, by keyboard too and free of axe-core
 * violations in every language; signed there, its sealed PDF joins the files in order with the
 * certificate last, which lists each file with its SHA-256, under one valid signature.
 */
class SigningPageFilesBrowserTest {
    @RegisterExtension
    static final SigningPageFixture WORLD = new SigningPageFixture(1280, 900);
    private static final Path PDFINFO = Path.of("/usr/bin/pdfinfo");

    private final SignerPage page = WORLD.page();
    private final Browser browser = WORLD.browser;
    private final ApiFlow flow = new ApiFlow(WORLD.server, WORLD.owner.full(), WORLD.clock);
    private final byte[] annex = TestFiles.pdf(3, "Annex page ");
    private final byte[] plan = TestFiles.png(500, 300);

    /** The contract (2 pages), then annex.pdf (3 pages) and plan.png (1 page); answers the files' ids in order. */
    private List<String> threeFiles(DocumentSetup doc) {
        for (Object[] file : List.of(new Object[] {"annex.pdf", "application/pdf", annex},
                new Object[] {"plan.png", "image/png", plan})) {
            expect(201, WORLD.server.send(new Multipart().file("file", (String) file[0], (String) file[1], (byte[]) file[2])
                    .post(WORLD.server.request("documents/" + doc.id() + "/files", flow.key)).build()));
        }
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> files = (List<Map<String, Object>>) doc.document().get("files");
        return files.stream().map(f -> (String) f.get("id")).toList();
    }

    /** A text field on the contract, a signature on the annex's last page, a checkbox on the plan. */
    private Party fieldsOnEachFile(DocumentSetup doc, List<String> files, String language) {
        Party ann = doc.party("Ann Able", "signer", 1, "language", language);
        doc.field(ann, "text", 2, 72, 120, 220, 24)
                .field(ann, "signature", 3, 72, 600, 220, 50, "file_id", files.get(1))
                .field(ann, "checkbox", 1, 72, 100, 18, 18, "file_id", files.get(2)).send();
        return ann;
    }

    @Test
    void threeFiles_signedInChromium_sealedJoinedInOrderWithTheCertificateLast() throws Exception {
        DocumentSetup doc = WORLD.upload("Agreement with annexes", 2);
        List<String> files = threeFiles(doc);
        Party ann = fieldsOnEachFile(doc, files, "en");

        page.open(ann);
        assertEquals(6, browser.all(By.cssSelector("#document .page")).size());
        assertEquals(List.of("File 1 of 3: contract.pdf", "File 2 of 3: annex.pdf", "File 3 of 3: plan.png"),
                browser.all(By.cssSelector(".file-heading")).stream().map(WebElement::getText).toList());
        assertEquals("annex.pdf, page 3 of 3", browser.all(By.cssSelector("#document .page")).get(4)
                .getAttribute("aria-label"));
        page.type("text", "Acme Ltd");
        page.openSignatureDialog();
        page.draw();
        page.apply();
        page.field("checkbox").click();
        WebElement done = page.consentAnd("finish");
        assertTrue(done.getText().contains("You have signed"), done.getText());

        Map<String, Object> sealed = doc.sealed();
        byte[] pdf = SealedFile.download(WORLD.server, WORLD.owner.full(), doc.id());
        assertEquals(sealed.get("signed_file_hash"), TestFiles.sha256(pdf));
        int pages = pdfinfoPages(pdf);
        assertEquals(SealedFile.pageCount(pdf), pages);
        List<String> texts = pageTexts(pdf);
        assertTrue(texts.get(0).contains("Test page 1") && texts.get(1).contains("Test page 2"), texts.get(1));
        for (int i = 1; i <= 3; i++) {
            assertTrue(texts.get(1 + i).contains("Annex page " + i), texts.get(1 + i));
        }
        assertFalse(texts.get(5).contains("Certificate of completion"), "the plan's page is the sixth");
        assertEquals(1, SealedFile.images(pdf, 6), "the plan is an image page");
        assertTrue(texts.get(6).contains("Certificate of completion"), texts.get(6));
        assertTrue(pages > 6, "the certificate follows the six pages of the three files");

        String certificate = String.join("\n", texts.subList(6, texts.size()));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> listed = (List<Map<String, Object>>) sealed.get("files");
        assertEquals(TestFiles.sha256(annex), listed.get(1).get("file_hash"));
        assertEquals(TestFiles.sha256(plan), listed.get(2).get("file_hash"));
        for (Map<String, Object> file : listed) {
            assertTrue(certificate.contains((String) file.get("name")), file.get("name") + " in:\n" + certificate);
            assertTrue(certificate.contains((String) file.get("file_hash")), file.get("file_hash") + " in:\n" + certificate);
        }
        assertTrue(certificate.contains("3 to 5"), "the annex's pages in:\n" + certificate);

        String report = Pdfsig.report(WORLD.server.app.config().dataDir(), pdf);
        assertTrue(report.contains("Signature is Valid"), report);
        assertTrue(Pdfsig.lastSignatureCoversWholeFile(report), report);
    }

    @Test
    void fileLinks_byKeyboard_moveFocusToTheFilesHeading() {
        DocumentSetup doc = WORLD.upload("Keyboard agreement", 2);
        List<String> files = threeFiles(doc);
        Party ann = fieldsOnEachFile(doc, files, "en");

        page.open(ann);
        page.tabTo(e -> files.get(2).equals(e.getAttribute("data-file-link")));
        page.keys(Keys.ENTER);

        browser.until(d -> ("file-" + files.get(2)).equals(page.focused().getAttribute("id")));
        assertEquals("File 3 of 3: plan.png", page.focused().getText());
    }

    @ParameterizedTest
    @CsvSource({"en, Files of this document, File 2 of 3: annex.pdf", "de, Dateien dieses Dokuments, Datei 2 von 3: annex.pdf",
            "fr, Fichiers de ce document, Fichier 2 sur 3 : annex.pdf",
            "es, Archivos de este documento, Archivo 2 de 3: annex.pdf"})
    void eachLanguage_filesNamedInItAndNoAxeViolations(String lang, String nav, String heading) {
        DocumentSetup doc = WORLD.upload("Files " + lang, 2);
        Party ann = fieldsOnEachFile(doc, threeFiles(doc), lang);

        page.open(ann);

        assertEquals(nav, browser.visible(By.cssSelector(".file-nav")).getAttribute("aria-label"));
        assertEquals(heading, browser.all(By.cssSelector(".file-heading")).get(1).getText());
        assertEquals(List.of(), Axe.violations(browser.driver(), Axe.WITH_BEST_PRACTICE), lang);
        assertEquals(List.of(), browser.consoleErrors(), lang);
    }

    private static List<String> pageTexts(byte[] pdf) throws IOException {
        try (PDDocument document = Loader.loadPDF(pdf)) {
            PDFTextStripper stripper = new PDFTextStripper();
            List<String> texts = new java.util.ArrayList<>();
            for (int n = 1; n <= document.getNumberOfPages(); n++) {
                stripper.setStartPage(n);
                stripper.setEndPage(n);
                texts.add(stripper.getText(document));
            }
            return texts;
        }
    }

    /** The page count poppler's pdfinfo reads; the test is skipped without pdfinfo. */
    private static int pdfinfoPages(byte[] pdf) throws IOException, InterruptedException {
        Assumptions.assumeTrue(Files.isExecutable(PDFINFO), "poppler's pdfinfo is not installed");
        Path file = Files.createTempFile(WORLD.server.app.config().dataDir(), "pdfinfo", ".pdf");
        Files.write(file, pdf);
        Process process = new ProcessBuilder(PDFINFO.toString(), file.toString()).redirectErrorStream(true).start();
        String report = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "pdfinfo did not finish");
        Matcher pages = Pattern.compile("(?m)^Pages:\\s+(\\d+)$").matcher(report);
        assertTrue(pages.find(), report);
        return Integer.parseInt(pages.group(1));
    }
}
