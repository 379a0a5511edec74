package org.signet.pdf.finish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.pdf.finish.FinalPdfReadBack.assertInkOnlyInside;
import static org.signet.pdf.finish.FinalPdfReadBack.assertTextOnlyIn;
import static org.signet.pdf.finish.FinalPdfReadBack.inkBounds;
import static org.signet.pdf.finish.FinalPdfReadBack.inkPixels;
import static org.signet.pdf.finish.FinalPdfReadBack.pageText;
import static org.signet.pdf.finish.FinalPdfReadBack.render;
import static org.signet.pdf.finish.FinalPdfReadBack.textIn;

import java.awt.Rectangle;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDResources;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotationWidget;
import org.apache.pdfbox.pdmodel.interactive.form.PDAcroForm;
import org.apache.pdfbox.pdmodel.interactive.form.PDTextField;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.signet.domain.Language;
import org.signet.support.OwnFonts;
import org.signet.support.ScriptText;
import org.signet.support.TestFiles;
import org.signet.text.Messages;

public class FinalPdfBuilderTest {
    /** Which characters no font draws depends on the fonts: only Signet's script fonts, never the machine's others. */
    @RegisterExtension
    static final OwnFonts FONTS = new OwnFonts();

    static final String SHA = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
    /** The certificate's words as Signet writes them, in the base language. */
    static final Messages WORDS = Messages.of("pdf/certificate", Language.BASE);

    @Test
    void build_drawsEachTextValueInsideItsBoxOnly() throws IOException {
        List<PlacedValue> values = List.of(
                text(1, 72, 100, 220, 24, "text", "Hello Signet"),
                text(1, 72, 160, 120, 20, "date", "2025-03-14"),
                text(2, 72, 200, 200, 80, "textarea",
                        "Delivery within thirty days of the order.\nPayment on receipt of the invoice."));
        byte[] pdf = FinalPdfBuilder.build(original(2, 0), values, certificate(3));
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            assertTextOnlyIn(doc, 1, "Hello Signet", new Rectangle2D.Float(72, 100, 220, 24));
            assertTextOnlyIn(doc, 1, "2025-03-14", new Rectangle2D.Float(72, 160, 120, 20));
            String area = textIn(doc, 2, new Rectangle2D.Float(72, 200, 200, 80));
            assertTrue(area.contains("Delivery within"), area);
            assertTrue(area.contains("Payment on receipt"), area);
            assertTrue(textIn(doc, 2, new Rectangle2D.Float(0, 0, 612, 199)).contains("Original page 2"));
        }
    }

    @Test
    void build_textareaWrapsToWidthAndClipsToHeight() throws IOException {
        String words = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho";
        byte[] pdf = FinalPdfBuilder.build(original(1, 0),
                List.of(text(1, 100, 300, 90, 30, "textarea", words)), certificate(1));
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            String inside = textIn(doc, 1, new Rectangle2D.Float(100, 300, 90, 30));
            assertTrue(inside.strip().lines().count() >= 2, inside);
            assertFalse(pageText(doc, 1).contains("rho"), "lines below the box are not drawn");
            BufferedImage page = render(doc, 0);
            assertInkOnlyInside(page, new Rectangle(100, 300, 90, 30), new Rectangle(0, 0, 612, 60));
        }
    }

    @Test
    void build_drawsSignatureImageFittedAndCentredInItsBox() throws IOException {
        PlacedValue signature = new PlacedValue(2, 300, 400, 150, 50, "signature", null, image("png", 300, 50), 0);
        byte[] pdf = FinalPdfBuilder.build(original(3, 0), List.of(signature), certificate(1));
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            assertTrue(FinalPdfReadBack.imageBoxes(doc.getPage(0)).isEmpty(), "no image on page 1");
            assertTrue(FinalPdfReadBack.imageBoxes(doc.getPage(2)).isEmpty(), "no image on page 3");
            List<Rectangle2D> boxes = FinalPdfReadBack.imageBoxes(doc.getPage(1));
            assertEquals(1, boxes.size());
            Rectangle2D box = boxes.get(0);
            float pageHeight = doc.getPage(1).getMediaBox().getHeight();
            // A 6:1 image in a 3:1 box: full width, half height, centred vertically.
            assertEquals(300, box.getX(), 0.01);
            assertEquals(150, box.getWidth(), 0.01);
            assertEquals(25, box.getHeight(), 0.01);
            assertEquals(412.5, pageHeight - box.getMaxY(), 0.01);
        }
    }

    @Test
    void build_typedSignature_itsNameLaidInvisiblyOverItsImage() throws IOException {
        byte[] png = TypedSignature.renderPng("Ada Lovelace");
        Rectangle2D box = new Rectangle2D.Float(100, 100, 240, 70);
        byte[] typed = FinalPdfBuilder.build(original(1, 0),
                List.of(new PlacedValue(1, 100, 100, 240, 70, "signature", "Ada Lovelace", png, 0)), certificate(1));
        byte[] drawn = FinalPdfBuilder.build(original(1, 0),
                List.of(new PlacedValue(1, 100, 100, 240, 70, "signature", null, png, 0)), certificate(1));
        try (PDDocument withText = Loader.loadPDF(typed); PDDocument imageOnly = Loader.loadPDF(drawn)) {
            assertTextOnlyIn(withText, 1, "Ada Lovelace", box);
            assertFalse(pageText(imageOnly, 1).contains("Ada"));
            BufferedImage a = render(withText, 0);
            BufferedImage b = render(imageOnly, 0);
            for (int y = 0; y < a.getHeight(); y++) {
                for (int x = 0; x < a.getWidth(); x++) {
                    assertEquals(b.getRGB(x, y), a.getRGB(x, y), "the text adds no ink at " + x + "," + y);
                }
            }
        }
    }

    @Test
    void build_rightToLeftValue_setFromTheBoxsRightEdge() throws IOException {
        ScriptText.assumeFontsInstalled();
        byte[] pdf = FinalPdfBuilder.build(original(1, 0), List.of(text(1, 100, 100, 300, 30, "text", "שלום עולם"),
                text(1, 100, 200, 300, 30, "text", "Hello world")), certificate(1));
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            BufferedImage page = render(doc, 0);
            Rectangle hebrew = inkBounds(page, new Rectangle(100, 100, 300, 30));
            Rectangle latin = inkBounds(page, new Rectangle(100, 200, 300, 30));
            assertTrue(hebrew.x + hebrew.width > 390 && hebrew.x > 250, "right-aligned: " + hebrew);
            assertTrue(latin.x < 110 && latin.x + latin.width < 250, "left-aligned: " + latin);
        }
    }

    @Test
    void build_fitsTallJpegStampByHeight() throws IOException {
        PlacedValue stamp = new PlacedValue(1, 100, 100, 120, 60, "stamp", null, image("jpg", 40, 80), 0);
        byte[] pdf = FinalPdfBuilder.build(original(1, 0), List.of(stamp), certificate(1));
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            Rectangle2D box = FinalPdfReadBack.imageBoxes(doc.getPage(0)).get(0);
            assertEquals(30, box.getWidth(), 0.01);
            assertEquals(60, box.getHeight(), 0.01);
            assertEquals(145, box.getX(), 0.01);
        }
    }

    @Test
    void build_shrinksSingleLineThatIsTooWide() throws IOException {
        String email = "someone.with.a.rather.long.address@subdomain.example.org";
        byte[] pdf = FinalPdfBuilder.build(original(1, 0),
                List.of(text(1, 200, 300, 90, 16, "email", email)), certificate(1));
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            assertTextOnlyIn(doc, 1, email, new Rectangle2D.Float(200, 300, 90, 16));
            assertInkOnlyInside(render(doc, 0), new Rectangle(200, 300, 90, 16), new Rectangle(0, 0, 612, 60));
        }
    }

    @Test
    void build_checkboxDrawsMarkOnlyWhenChecked() throws IOException {
        List<PlacedValue> values = List.of(
                text(1, 300, 100, 20, 20, "checkbox", "1"),
                text(1, 300, 200, 20, 20, "checkbox", "0"));
        byte[] pdf = FinalPdfBuilder.build(original(1, 0), values, certificate(1));
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            BufferedImage page = render(doc, 0);
            assertTrue(inkPixels(page, new Rectangle(300, 100, 20, 20)) > 40, "checked box shows a mark");
            assertEquals(0, inkPixels(page, new Rectangle(296, 196, 28, 28)), "unchecked box stays empty");
            assertInkOnlyInside(page, new Rectangle(300, 100, 20, 20), new Rectangle(0, 0, 612, 60));
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {90, 180, 270})
    void build_placesValuesUprightOnRotatedPage(int rotation) throws IOException {
        // Boxes are given on the page as displayed, which for 90 and 270 is 792 wide and 612 high.
        List<PlacedValue> values = List.of(
                text(1, 300, 80, 240, 30, "name", "Rotated Name Here"),
                text(1, 100, 400, 24, 24, "checkbox", "1"));
        byte[] pdf = FinalPdfBuilder.build(blankRotated(rotation), values, certificate(1));
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            assertTextOnlyIn(doc, 1, "Rotated Name Here", new Rectangle2D.Float(300, 80, 240, 30));
            BufferedImage page = render(doc, 0);
            assertEquals(rotation == 180 ? 612 : 792, page.getWidth());
            Rectangle ink = inkBounds(page, new Rectangle(300, 80, 240, 30));
            assertTrue(ink.width > 3 * ink.height, "text runs across the displayed page: " + ink);
            assertTrue(ink.x < 310, "text starts at the box's left edge: " + ink);
            assertTrue(inkPixels(page, new Rectangle(100, 400, 24, 24)) > 40);
            assertInkOnlyInside(page, new Rectangle(300, 80, 240, 30), new Rectangle(100, 400, 24, 24));
        }
    }

    @Test
    void build_appendsCertificateWithDocumentPartiesAndEvents() throws IOException {
        byte[] pdf = FinalPdfBuilder.build(original(2, 0), List.of(), certificate(4));
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            assertEquals(3, doc.getNumberOfPages());
            assertEquals(PDRectangle.A4.getHeight(), doc.getPage(2).getMediaBox().getHeight(), 0.01);
            String text = pageText(doc, 3);
            for (String expected : List.of("Certificate of completion", "Purchase agreement", "doc_42", SHA,
                    "2025-03-14 10:00:00 UTC", "ada@example.com", "grace@example.com", "Signer", "Approver",
                    "203.0.113.7", "document_created", "document_signed", "Page 1 of 1",
                    "https://sign.example.com/verify (document ID doc_42)")) {
                assertTrue(text.contains(expected), "certificate lacks " + expected + ":\n" + text);
            }
            assertTrue(text.contains("—"), "missing values print a dash");
        }
    }

    @Test
    void build_wrapsLongUserAgentWithinMargins() throws IOException {
        String agent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
                + "Chrome/126.0.0.0 Safari/537.36 ExtraLongTokenWithoutAnySpacesAtAllThatMustBeBrokenSomewhereOrOther"
                + "AndThenSomeMoreCharactersToBeSure";
        CertificateData.Party party = new CertificateData.Party("Ada", "ada@example.com", "signer", "signed",
                "203.0.113.7", agent, null, null, null);
        CertificateData data = certificate("T", party);
        byte[] pdf = FinalPdfBuilder.build(original(1, 0), List.of(), data);
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            FinalPdfReadBack.RightEdge edge = new FinalPdfReadBack.RightEdge();
            edge.setStartPage(2);
            edge.setEndPage(2);
            String text = edge.getText(doc);
            assertTrue(text.contains("Chrome/126.0.0.0"), text);
            assertTrue(text.replaceAll("\\s", "").contains("AndThenSomeMoreCharactersToBeSure"), text);
            assertTrue(edge.maxRight <= PDRectangle.A4.getWidth() - CertificatePage.MARGIN + 1, "right " + edge.maxRight);
        }
    }

    @Test
    void build_longAuditTrailContinuesOnFurtherPages() throws IOException {
        byte[] pdf = FinalPdfBuilder.build(original(1, 0), List.of(), certificate(120));
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            assertTrue(doc.getNumberOfPages() >= 3, "pages: " + doc.getNumberOfPages());
            String first = pageText(doc, 2);
            String last = pageText(doc, doc.getNumberOfPages());
            assertTrue(first.contains("reminder_sent #1 "), first);
            assertFalse(first.contains("reminder_sent #118"), first);
            assertTrue(last.contains("Audit trail (continued)"), last);
            assertTrue(last.contains("reminder_sent #118 "), last);
            assertTrue(last.contains("Time") && last.contains("IP address"), "header repeated");
        }
    }

    @Test
    void build_everyTimeOnTheCertificate_carriesItsZone() throws IOException {
        byte[] pdf = FinalPdfBuilder.build(original(1, 0), List.of(), certificate(3, ZoneId.of("Europe/Berlin")));
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            String text = pageText(doc, 2);
            for (String expected : List.of("Completed at 2025-03-14 11:00:00 UTC+01:00",
                    "Invited 2025-03-14 10:00:00 UTC+01:00", "Viewed 2025-03-14 10:30:00 UTC+01:00",
                    "Signed 2025-03-14 10:45:00 UTC+01:00", "2025-03-14 09:59:00 UTC+01:00",
                    "2025-03-14 11:00:03 UTC+01:00")) {
                assertTrue(text.contains(expected), "certificate lacks " + expected + ":\n" + text);
            }
            assertFalse(text.matches("(?s).*\\d{2}:\\d{2}:\\d{2}(?! UTC).*"), "a time without its zone:\n" + text);
        }
    }

    @Test
    void build_characterNoFontHas_writtenAsItsCodePointNeverAsAQuestionMark() throws IOException {
        CertificateData.Party party = new CertificateData.Party("Zoë \uE000", "zoe@example.com",
                "signer", "signed", null, null, null, null, null);
        byte[] pdf = FinalPdfBuilder.build(original(1, 0),
                List.of(text(1, 72, 72, 200, 20, "name", "Zoë \uE000")), certificate("Contrat", party));
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            assertTrue(textIn(doc, 1, new Rectangle2D.Float(72, 72, 200, 20)).contains("Zoë [U+E000]"));
            assertTrue(pageText(doc, 2).contains("Zoë [U+E000]"), pageText(doc, 2));
            assertFalse(pageText(doc, 2).contains("?"), pageText(doc, 2));
        }
    }

    @Test
    void build_flattensFormFields() throws IOException {
        byte[] pdf = FinalPdfBuilder.build(withForm(), List.of(), certificate(1));
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            PDAcroForm form = doc.getDocumentCatalog().getAcroForm(null);
            assertTrue(form == null || form.getFields().isEmpty(), "no fields left");
            assertTrue(doc.getPage(0).getAnnotations().stream().noneMatch(a -> a instanceof PDAnnotationWidget));
            assertTrue(pageText(doc, 1).contains("Filled before sending"), pageText(doc, 1));
        }
    }

    @Test
    void build_rejectsValueOnMissingPage() {
        IOException e = assertThrows(IOException.class, () -> FinalPdfBuilder.build(original(1, 0),
                List.of(text(3, 10, 10, 50, 20, "text", "x")), certificate(1)));
        assertTrue(e.getMessage().contains("page 3"), e.getMessage());
    }

    @Test
    void build_rejectsUnreadableImage() {
        PlacedValue bad = new PlacedValue(1, 10, 10, 50, 20, "stamp", null, "not an image".getBytes(), 0);
        IOException e = assertThrows(IOException.class,
                () -> FinalPdfBuilder.build(original(1, 0), List.of(bad), certificate(1)));
        assertTrue(e.getMessage().contains("PNG or JPEG"), e.getMessage());
    }

    @Test
    void build_rejectsDamagedOriginal() {
        assertThrows(IOException.class, () -> FinalPdfBuilder.build("%PDF-1.7 nonsense".getBytes(), List.of(),
                certificate(1)));
    }

    @Test
    void withValues_drawsValuesOnTheOriginalPagesAndAddsNoCertificate() throws IOException {
        byte[] pdf = FinalPdfBuilder.withValues(original(2, 0),
                List.of(text(2, 72, 100, 220, 24, "text", "Given so far")));
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            assertEquals(2, doc.getNumberOfPages());
            assertTextOnlyIn(doc, 2, "Given so far", new Rectangle2D.Float(72, 100, 220, 24));
            assertFalse(pageText(doc, 1).contains("Given so far"));
            assertTrue(pageText(doc, 1).contains("Original page 1"));
        }
    }

    @Test
    void withValues_flattensFormFieldsAsTheFinishedDocumentWill() throws IOException {
        byte[] pdf = FinalPdfBuilder.withValues(withForm(), List.of());
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            assertEquals(1, doc.getNumberOfPages());
            assertTrue(doc.getPage(0).getAnnotations().stream().noneMatch(a -> a instanceof PDAnnotationWidget));
            assertTrue(pageText(doc, 1).contains("Filled before sending"), pageText(doc, 1));
        }
    }

    // --- fixtures -------------------------------------------------------------------------

    private static PlacedValue text(int page, float x, float y, float w, float h, String type, String text) {
        return new PlacedValue(page, x, y, w, h, type, text, null, 12);
    }

    public static byte[] original(int pages, int rotation) throws IOException {
        try (PDDocument doc = new PDDocument()) {
            for (int i = 1; i <= pages; i++) {
                PDPage page = new PDPage(PDRectangle.LETTER);
                page.setRotation(rotation);
                doc.addPage(page);
                TestFiles.writeLine(doc, page, 72, 750, 14, "Original page " + i);
            }
            return save(doc);
        }
    }

    private static byte[] blankRotated(int rotation) throws IOException {
        try (PDDocument doc = new PDDocument()) {
            PDPage page = new PDPage(PDRectangle.LETTER);
            page.setRotation(rotation);
            doc.addPage(page);
            return save(doc);
        }
    }

    private static byte[] withForm() throws IOException {
        try (PDDocument doc = new PDDocument()) {
            PDPage page = new PDPage(PDRectangle.LETTER);
            doc.addPage(page);
            PDAcroForm form = new PDAcroForm(doc);
            doc.getDocumentCatalog().setAcroForm(form);
            PDResources resources = new PDResources();
            resources.put(COSName.HELV, new PDType1Font(Standard14Fonts.FontName.HELVETICA));
            form.setDefaultResources(resources);
            form.setDefaultAppearance("/Helv 12 Tf 0 g");
            PDTextField field = new PDTextField(form);
            field.setPartialName("note");
            PDAnnotationWidget widget = field.getWidgets().get(0);
            widget.setRectangle(new PDRectangle(72, 600, 300, 24));
            widget.setPage(page);
            page.getAnnotations().add(widget);
            form.getFields().add(field);
            field.setValue("Filled before sending");
            return save(doc);
        }
    }

    public static CertificateData certificate(int events) {
        return certificate(events, ZoneOffset.UTC);
    }

    static CertificateData certificate(int events, ZoneId zone) {
        List<CertificateData.Party> parties = List.of(
                new CertificateData.Party("Ada Lovelace", "ada@example.com", "Signer", "signed", "203.0.113.7",
                        "Mozilla/5.0 (X11; Linux x86_64)", at("09:00:00"), at("09:30:00"), at("09:45:00")),
                new CertificateData.Party("Grace Hopper", "grace@example.com", "Approver", "approved", null, null,
                        at("09:00:00"), null, null));
        List<CertificateData.Event> list = new ArrayList<>();
        list.add(new CertificateData.Event(at("08:59:00"), "document_created", "api key main", "192.0.2.1"));
        list.add(new CertificateData.Event(at("09:45:00"), "document_signed", "Ada Lovelace", "203.0.113.7"));
        for (int i = 3; i <= events; i++) {
            list.add(new CertificateData.Event(at("10:00:00").plusSeconds(i), "reminder_sent #" + (i - 2) + " ",
                    "system", null));
        }
        return new CertificateData("Purchase agreement", "doc_42", SHA, at("10:00:00"), null,
                "https://sign.example.com/verify", zone, parties, list, "Signet", WORDS::get);
    }

    private static Instant at(String timeOfDay) {
        return Instant.parse("2025-03-14T" + timeOfDay + "Z");
    }

    private static CertificateData certificate(String title, CertificateData.Party party) {
        return new CertificateData(title, "doc_1", SHA, null, null, null, ZoneOffset.UTC, List.of(party), List.of(),
                "Signet", WORDS::get);
    }

    private static byte[] image(String format, int width, int height) throws IOException {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        var g = image.createGraphics();
        g.setColor(java.awt.Color.BLUE);
        g.fillRect(0, 0, width, height);
        g.dispose();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(image, format, out);
        return out.toByteArray();
    }

    private static byte[] save(PDDocument doc) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        doc.save(out);
        return out.toByteArray();
    }
}
