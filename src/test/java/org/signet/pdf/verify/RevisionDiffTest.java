package org.signet.pdf.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSFloat;
import org.apache.pdfbox.cos.COSInteger;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.documentinterchange.markedcontent.PDPropertyList;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.apache.pdfbox.pdmodel.graphics.optionalcontent.PDOptionalContentGroup;
import org.apache.pdfbox.pdmodel.graphics.optionalcontent.PDOptionalContentProperties;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.pdf.seal.PdfSealer;
import org.signet.pdf.seal.SiteCertificate;
import org.signet.pdf.verify.SealCheck.Change;
import org.signet.support.AlteredPdfs;
import org.signet.support.Pdftoppm;
import org.signet.support.TestFiles;

/**
 * Updates after a seal that PDF viewers (poppler: pdftoppm, Evince, Okular; pdf.js) show as changed
 * pages or as a document timestamp's widget drawing on a page, made so that a reader of the file's
 * objects as PDFBox reads them would see the sealed document unchanged: the comparison must read the
 * file as the viewers do. Where poppler is installed, each forgery is first shown to be one:
 * pdftoppm draws the page otherwise than sealed.
 */
class RevisionDiffTest {
    private static final Instant SIGNED_AT = Instant.parse("2026-02-03T04:05:06Z");
    private static final COSName OCMD = COSName.getPDFName("OCMD");

    @TempDir
    static Path dir;
    private static SiteCertificate site;
    private static byte[] sealed;
    private static TestPades pades;

    @BeforeAll
    static void seal() throws Exception {
        site = SiteCertificate.loadOrCreate(dir.resolve("site.p12"), "pw".toCharArray(), "Signet diff test");
        sealed = new PdfSealer(site).seal(TestFiles.pdf(2), "All parties signed", "Signet", SIGNED_AT);
        pades = new TestPades(site);
    }

    @Test
    void between_aPageTurnedIntoANodeOverACopyOfItself_pagesChanged() throws Exception {
        byte[] forged = shadowed(sealed, 1);
        assertViewersDrawItOtherwise(sealed, forged, 2);

        SealCheck c = check(forged);

        assertTrue(c.changes().contains(Change.PAGES), "viewers draw the page's own content, not its kid's");
        assertTrue(c.intact());
    }

    @Test
    void between_aNodeInsertedAboveAnUntouchedPage_pagesChanged() throws Exception {
        PDRectangle corner = new PDRectangle(0, 500, 300, 300);
        byte[] forged = nodeAbove(sealed, 0, COSName.CROP_BOX, corner.getCOSArray(), false);
        assertViewersDrawItOtherwise(sealed, forged, 1);

        assertTrue(check(forged).changes().contains(Change.PAGES), "the page inherits the crop box along the walk");
    }

    @Test
    void between_aNodeInsertedAboveAPageThatNamesItAsParent_pagesChanged() throws Exception {
        byte[] forged = nodeAbove(sealed, 1, COSName.ROTATE, COSInteger.get(90), true);
        assertViewersDrawItOtherwise(sealed, forged, 2);

        assertTrue(check(forged).changes().contains(Change.PAGES), "the page inherits from the node inserted above it");
    }

    @Test
    void between_aNodeInsertedAfterADocumentTimestamp_pagesChanged() throws Exception {
        byte[] lta = pades.addDocumentTimestamp(pades.addDss(pades.sign(TestFiles.pdf(2), true, true, SIGNED_AT)));
        byte[] forged = nodeAbove(lta, 0, COSName.ROTATE, COSInteger.get(180), false);
        assertViewersDrawItOtherwise(lta, forged, 1);

        SealCheck c = check(forged);

        assertTrue(c.changes().contains(Change.PAGES), c.changes().toString());
        assertEquals("B-LTA", c.level());
    }

    @Test
    void between_theVisibilityPolicyOfOptionalContentRedefined_pagesChanged() throws Exception {
        byte[] uploaded = new PdfSealer(site).seal(withHiddenFee(), "All parties signed", "Signet", SIGNED_AT);
        byte[] forged = policyChanged(uploaded, COSName.getPDFName("AllOn"));
        assertViewersDrawItOtherwise(uploaded, forged, 1);

        assertTrue(check(forged).changes().contains(Change.PAGES), "the hidden fee is shown");
    }

    @Test
    void between_aDocumentTimestampWidgetFlaggedHiddenByNoIntegerOf32Bits_formChanged() throws Exception {
        byte[] lt = pades.addDss(pades.sign(TestFiles.pdf(1), true, true, SIGNED_AT));
        // PDFBox reads both as the hidden flag 2; poppler wants an integer, and draws the widget.
        for (COSBase flags : List.of(new COSFloat(2f), COSInteger.get((1L << 32) + 2))) {
            byte[] forged = pades.addVisibleDocumentTimestamp(lt, AlteredPdfs.FORGERY,
                    w -> w.setItem(COSName.F, flags));
            assertViewersDrawItOtherwise(lt, forged, 1);

            assertTrue(check(forged).changes().contains(Change.FORM), "/F " + flags);
        }
    }

    @Test
    void between_aDocumentTimestampWidgetWithoutAreaButWithAnAppearance_formChanged() throws Exception {
        byte[] lt = pades.addDss(pades.sign(TestFiles.pdf(1), true, true, SIGNED_AT));
        byte[] forged = pades.addVisibleDocumentTimestamp(lt, AlteredPdfs.FORGERY,
                w -> w.setItem(COSName.RECT, new PDRectangle(40, 380, 0, 60).getCOSArray()));

        assertTrue(check(forged).changes().contains(Change.FORM), "a widget without area that has an appearance draws it");
    }

    @Test
    void between_documentTimestampWidgetsThatDrawNothing_noChange() throws Exception {
        byte[] lt = pades.addDss(pades.sign(TestFiles.pdf(1), true, true, SIGNED_AT));
        Consumer<COSDictionary> noArea = w -> w.setItem(COSName.RECT, new PDRectangle(0, 0, 0, 0).getCOSArray());
        Consumer<COSDictionary> hidden = noArea.andThen(w -> w.setInt(COSName.F, 2));
        Consumer<COSDictionary> noAppearance = noArea.andThen(w -> w.removeItem(COSName.AP));

        assertEquals(Set.of(), check(pades.addDocumentTimestamp(lt)).changes(), "an empty appearance, as Signet's");
        assertEquals(Set.of(), check(pades.addVisibleDocumentTimestamp(lt, "x", hidden)).changes());
        assertEquals(Set.of(), check(pades.addVisibleDocumentTimestamp(lt, "x", noAppearance)).changes());
    }

    /** The invisible widget PDFBox and Signet make for a document timestamp, as the checks above rely on it. */
    @Test
    void between_theInvisibleWidgetAsMade_noAreaAndAnEmptyAppearance() throws Exception {
        byte[] lta = pades.addDocumentTimestamp(pades.addDss(pades.sign(TestFiles.pdf(1), true, true, SIGNED_AT)));
        try (PDDocument doc = Loader.loadPDF(lta)) {
            COSDictionary widget = doc.getSignatureFields().get(1).getWidgets().get(0).getCOSObject();
            COSDictionary ap = widget.getCOSDictionary(COSName.AP);
            COSStream normal = (COSStream) ap.getDictionaryObject(COSName.N);

            assertEquals(new PDRectangle(0, 0, 0, 0).getCOSArray().toList(), widget.getCOSArray(COSName.RECT).toList());
            assertEquals(0, normal.getLength());
            assertTrue(widget.getDictionaryObject(COSName.F) instanceof COSInteger);
        }
    }

    private static SealCheck check(byte[] pdf) throws Exception {
        Path file = Files.createTempFile(dir, "check", ".pdf");
        Files.write(file, pdf);
        return SealVerifier.check(file, s -> true);
    }

    /** The forgery is real: poppler draws page {@code page} of {@code forged} otherwise than of {@code genuine}. */
    private static void assertViewersDrawItOtherwise(byte[] genuine, byte[] forged, int page) throws Exception {
        if (Pdftoppm.installed()) {
            assertFalse(Arrays.equals(Pdftoppm.render(dir, genuine, page), Pdftoppm.render(dir, forged, page)),
                    "pdftoppm draws the forged page as the genuine one: the forgery is no forgery");
        }
    }

    /**
     * {@code pdf} where page {@code index} becomes a {@code /Type /Page} with its old self as its only
     * kid and content of its own: PDFBox walks into the kid, viewers draw the page.
     */
    private static byte[] shadowed(byte[] pdf, int index) throws IOException {
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            COSDictionary page = doc.getPage(index).getCOSObject();
            COSDictionary copy = new COSDictionary(page);
            copy.setItem(COSName.PARENT, page);
            COSArray kids = new COSArray();
            kids.add(copy);
            page.setItem(COSName.KIDS, kids);
            COSDictionary fonts = new COSDictionary();
            fonts.setItem("F9", new PDType1Font(Standard14Fonts.FontName.HELVETICA_BOLD).getCOSObject());
            COSDictionary resources = new COSDictionary();
            resources.setItem(COSName.FONT, fonts);
            page.setItem(COSName.RESOURCES, resources);
            page.setItem(COSName.CONTENTS, content(doc, "BT /F9 28 Tf 60 420 Td (" + AlteredPdfs.FORGERY + ") Tj ET"));
            page.setNeedToBeUpdated(true);
            return incremental(doc);
        }
    }

    /**
     * {@code pdf} with a new page tree node holding {@code key} between the root and page {@code index};
     * the page names the new node as its parent only when {@code reparent}, else it is not touched at all.
     */
    private static byte[] nodeAbove(byte[] pdf, int index, COSName key, COSBase value, boolean reparent)
            throws IOException {
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            COSDictionary root = doc.getDocumentCatalog().getCOSObject().getCOSDictionary(COSName.PAGES);
            COSDictionary page = doc.getPage(index).getCOSObject();
            COSDictionary node = new COSDictionary();
            node.setItem(COSName.TYPE, COSName.PAGES);
            COSArray kids = new COSArray();
            kids.add(page);
            node.setItem(COSName.KIDS, kids);
            node.setInt(COSName.COUNT, 1);
            node.setItem(COSName.PARENT, root);
            node.setItem(key, value);
            root.getCOSArray(COSName.KIDS).set(index, node);
            root.setNeedToBeUpdated(true);
            if (reparent) {
                page.setItem(COSName.PARENT, node);
                page.setNeedToBeUpdated(true);
            }
            return incremental(doc);
        }
    }

    /**
     * A one-page PDF that states a fee of EUR 900 and holds a second fee line, "EUR 9,000,000", in
     * optional content that its membership dictionary hides (/P /AllOff over a group that is on).
     */
    private static byte[] withHiddenFee() throws IOException {
        try (PDDocument doc = new PDDocument(); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            PDPage page = new PDPage(PDRectangle.A4);
            doc.addPage(page);
            PDOptionalContentProperties properties = new PDOptionalContentProperties();
            PDOptionalContentGroup group = new PDOptionalContentGroup("Second fee");
            properties.addGroup(group);
            doc.getDocumentCatalog().setOCProperties(properties);
            COSDictionary membership = new COSDictionary();
            membership.setItem(COSName.TYPE, OCMD);
            // An array: poppler applies the policy only to one, as its own reading of ISO 32000-1 §8.11.2.2.
            COSArray groups = new COSArray();
            groups.add(group);
            membership.setItem(COSName.getPDFName("OCGs"), groups);
            membership.setItem(COSName.P, COSName.getPDFName("AllOff"));
            try (PDPageContentStream cs = new PDPageContentStream(doc, page)) {
                cs.setFont(new PDType1Font(Standard14Fonts.FontName.HELVETICA), 18);
                cs.beginText();
                cs.newLineAtOffset(72, 700);
                cs.showText("Fee: EUR 900");
                cs.endText();
                cs.beginMarkedContent(COSName.OC, PDPropertyList.create(membership));
                cs.beginText();
                cs.newLineAtOffset(72, 670);
                cs.showText("Fee: EUR 9,000,000");
                cs.endText();
                cs.endMarkedContent();
            }
            doc.save(out);
            return out.toByteArray();
        }
    }

    /** {@code pdf} with the visibility policy of its optional-content membership dictionary redefined. */
    private static byte[] policyChanged(byte[] pdf, COSName policy) throws IOException {
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            COSDictionary properties = doc.getPage(0).getResources().getCOSObject()
                    .getCOSDictionary(COSName.PROPERTIES);
            for (COSName name : properties.keySet()) {
                COSDictionary membership = properties.getCOSDictionary(name);
                if (OCMD.equals(membership.getCOSName(COSName.TYPE))) {
                    membership.setItem(COSName.P, policy);
                    membership.setNeedToBeUpdated(true);
                }
            }
            return incremental(doc);
        }
    }

    private static COSStream content(PDDocument doc, String operators) throws IOException {
        COSStream stream = doc.getDocument().createCOSStream();
        try (OutputStream out = stream.createOutputStream()) {
            out.write(operators.getBytes(StandardCharsets.US_ASCII));
        }
        return stream;
    }

    private static byte[] incremental(PDDocument doc) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        doc.saveIncremental(out);
        return out.toByteArray();
    }
}
