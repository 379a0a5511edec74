package org.signet.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.ApiFlow.field;
import static org.signet.support.TestServer.expect;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.support.ApiFlow;
import org.signet.support.Party;
import org.signet.support.Pdfsig;
import org.signet.support.SealedDocuments;
import org.signet.support.SignetFixture;
import org.signet.support.TestFiles;

/**
 * A document whose signer attached a PDF and an image, sealed: the document's pages, then the attached
 * pages (a PDF's with their own boxes and rotation, an image as a page), then the certificate listing
 * each file's SHA-256, the whole still one valid signature.
 */
class AttachmentSealingTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running();

    private ApiFlow flow;
    private byte[] appendix;
    private byte[] photo;
    private byte[] sealed;

    @BeforeEach
    void sealWithAttachments() throws IOException {
        flow = signet.flow();
        String doc = flow.upload("Lease", 2);
        Party ann = flow.addSigner(doc, "Ann Archer", "ann@example.org", "signer", 1);
        Map<String, Object> proof = field(ann.id(), "attachment", 2, 72, 100);
        proof.put("field_name", "Proof of address");
        Map<String, Object> id = field(ann.id(), "attachment", 1, 72, 300);
        id.put("field_name", "ID copy");
        id.put("options", List.of("png", "jpg"));
        List<Map<String, Object>> saved = flow.saveFields(doc, List.of(proof, id,
                field(ann.id(), "signature", 1, 72, 500)));
        flow.send(doc);
        appendix = appendix();
        photo = TestFiles.png(800, 400);
        expect(200, flow.attach(ann.token(), saved.get(0).get("id"), "appendix.pdf", "application/pdf", appendix));
        expect(200, flow.attach(ann.token(), saved.get(1).get("id"), "passport.png", "image/png", photo));
        expect(200, flow.sign(ann.token()));
        flow.awaitSealed(doc);
        sealed = SealedDocuments.sealedPdf(flow, doc);
    }

    /** Two pages: an A4 one, then a landscape one turned a quarter, whose crop box is smaller than its media box. */
    private static byte[] appendix() throws IOException {
        try (PDDocument pdf = new PDDocument(); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            PDPage first = new PDPage(PDRectangle.A4);
            pdf.addPage(first);
            TestFiles.writeLine(pdf, first, 72, 700, 18, "Appendix one");
            PDPage second = new PDPage(new PDRectangle(842, 595));
            second.setCropBox(new PDRectangle(20, 20, 800, 555));
            second.setRotation(90);
            pdf.addPage(second);
            TestFiles.writeLine(pdf, second, 72, 400, 18, "Appendix two");
            pdf.save(out);
            return out.toByteArray();
        }
    }

    private static String text(PDDocument pdf, int page) throws IOException {
        PDFTextStripper stripper = new PDFTextStripper();
        stripper.setStartPage(page);
        stripper.setEndPage(page);
        return stripper.getText(pdf);
    }

    @Test
    void sealedPdf_documentPagesThenTheAttachedPagesInFieldOrderThenTheCertificate() throws IOException {
        try (PDDocument pdf = Loader.loadPDF(sealed)) {
            assertTrue(text(pdf, 1).contains("Test page 1"), text(pdf, 1));
            assertTrue(text(pdf, 2).contains("Test page 2"), text(pdf, 2));
            assertTrue(text(pdf, 3).contains("Appendix one"), text(pdf, 3));
            // Turned a quarter, the page's text comes out a character a line.
            assertTrue(text(pdf, 4).replaceAll("\\s", "").contains("Appendixtwo"), text(pdf, 4));
            assertEquals(1, imagesOn(pdf.getPage(4)).size(), "the image's page shows it");
            assertTrue(text(pdf, 6).contains("Certificate of completion"), text(pdf, 6));
        }
    }

    @Test
    void sealedPdf_attachedPdfPages_keepTheirBoxesAndRotation() throws IOException {
        try (PDDocument pdf = Loader.loadPDF(sealed)) {
            PDPage landscape = pdf.getPage(3);
            assertEquals(842f, landscape.getMediaBox().getWidth(), 0.01f);
            assertEquals(595f, landscape.getMediaBox().getHeight(), 0.01f);
            assertEquals(800f, landscape.getCropBox().getWidth(), 0.01f);
            assertEquals(20f, landscape.getCropBox().getLowerLeftX(), 0.01f);
            assertEquals(90, landscape.getRotation());
            assertEquals(PDRectangle.A4.getWidth(), pdf.getPage(2).getMediaBox().getWidth(), 0.01f);
        }
    }

    @Test
    void sealedPdf_attachedImage_onePageScaledToFitA4() throws IOException {
        try (PDDocument pdf = Loader.loadPDF(sealed)) {
            PDRectangle box = pdf.getPage(4).getMediaBox();
            assertEquals(PDRectangle.A4.getWidth(), box.getWidth(), 0.5f);
            assertEquals(PDRectangle.A4.getWidth() * 400 / 800, box.getHeight(), 0.5f);
        }
    }

    @Test
    void certificate_listsEachAttachmentWithFieldSignerNameAndSha256() throws IOException {
        try (PDDocument pdf = Loader.loadPDF(sealed)) {
            PDFTextStripper stripper = new PDFTextStripper();
            stripper.setStartPage(6);
            String certificate = stripper.getText(pdf);
            for (String expected : List.of("Attached files", "Proof of address", "ID copy", "appendix.pdf",
                    "passport.png", "Ann Archer <ann@example.org>", TestFiles.sha256(appendix),
                    TestFiles.sha256(photo), "attachment_added")) {
                assertTrue(certificate.contains(expected), expected + " in:\n" + certificate);
            }
            assertTrue(certificate.indexOf("appendix.pdf") < certificate.indexOf("passport.png"), "in field order");
        }
    }

    @Test
    void pdfsig_sealWithAttachedPages_validAndCoveringTheWholeFile() throws Exception {
        String report = Pdfsig.report(signet.dir(), sealed);

        assertTrue(report.contains("Signature is Valid"), report);
        assertTrue(Pdfsig.lastSignatureCoversWholeFile(report), report);
    }

    private static List<PDImageXObject> imagesOn(PDPage page) throws IOException {
        List<PDImageXObject> images = new ArrayList<>();
        for (COSName name : page.getResources().getXObjectNames()) {
            if (page.getResources().getXObject(name) instanceof PDImageXObject image) {
                images.add(image);
            }
        }
        return images;
    }
}
