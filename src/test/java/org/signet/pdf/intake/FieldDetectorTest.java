package org.signet.pdf.intake;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.domain.FieldType;
import org.signet.support.FieldPdfs;
import org.signet.support.TestFiles;

class FieldDetectorTest {
    private static final double A4_HEIGHT = 841.89;

    @TempDir
    Path dir;

    private final DocumentIntake intake = new DocumentIntake(1000, 10_000);

    private Intake inspect(byte[] pdf) throws Exception {
        Path file = dir.resolve("upload.pdf");
        Files.write(file, pdf);
        return intake.inspect(file);
    }

    private static String text(Path pdf) throws Exception {
        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            return new PDFTextStripper().getText(doc);
        }
    }

    @Test
    void inspect_textTags_detectedWithTheirBoxes() throws Exception {
        Intake result = inspect(FieldPdfs.tagged());

        List<DetectedField> found = result.detected();
        assertEquals(3, found.size(), found.toString());
        DetectedField signature = found.get(0);
        assertEquals(FieldType.SIGNATURE, signature.type());
        assertEquals(1, signature.signer());
        assertEquals("Buyer signature", signature.name());
        assertTrue(signature.required());
        assertNull(signature.formField());
        assertEquals(1, signature.page());
        // "Sign here: " in Helvetica 12 is about 58 points wide; the baseline is 700 from the bottom.
        assertEquals(72 + 58, signature.x(), 4);
        assertEquals(A4_HEIGHT - 700 - 12 * 0.8, signature.y(), 0.5);
        assertEquals(12, signature.height(), 0.5);
        assertTrue(signature.width() > 150, "as wide as the tag text: " + signature.width());
        DetectedField company = found.get(1);
        assertEquals(FieldType.TEXT, company.type());
        assertEquals(2, company.signer());
        assertFalse(company.required());
        assertEquals(72, company.x(), 0.5);
        DetectedField plan = found.get(2);
        assertEquals(FieldType.DROPDOWN, plan.type());
        assertEquals(List.of("Basic", "Pro"), plan.options());
    }

    @Test
    void inspect_attachmentTags_detectedWithTheirKindsAndAnUnknownKindLeftAsText() throws Exception {
        byte[] pdf;
        try (PDDocument doc = new PDDocument(); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            PDPage page = new PDPage(PDRectangle.A4);
            doc.addPage(page);
            TestFiles.writeLine(doc, page, 72, 700, 12, "ID {{attachment;signer=2;name=ID copy;options=pdf|jpg}}");
            TestFiles.writeLine(doc, page, 72, 600, 12, "Photo {{attachment;options=gif}}");
            doc.save(out);
            pdf = out.toByteArray();
        }

        Intake result = inspect(pdf);

        assertEquals(1, result.detected().size(), result.detected().toString());
        DetectedField id = result.detected().get(0);
        assertEquals(FieldType.ATTACHMENT, id.type());
        assertEquals(2, id.signer());
        assertEquals("ID copy", id.name());
        assertEquals(List.of("pdf", "jpg"), id.options());
        assertTrue(text(result.pdf()).contains("{{attachment;options=gif}}"), text(result.pdf()));
    }

    @Test
    void inspect_textTags_removedFromThePdfToUseAndTheRestKept() throws Exception {
        Intake result = inspect(FieldPdfs.tagged());

        assertNotEquals(dir.resolve("upload.pdf"), result.pdf());
        String text = text(result.pdf());
        assertFalse(text.contains("{{signature"), text);
        assertFalse(text.contains("Company"), text);
        assertFalse(text.contains("Basic|Pro"), text);
        assertTrue(text.contains("Sign here:"), text);
        assertTrue(text.contains("thank you"), text);
        assertTrue(text.contains("{{unknown}}"), "a text that is not a tag stays: " + text);
        assertEquals(List.of(), result.removed(), "tags are not active content");
    }

    @Test
    void inspect_textAfterATag_staysWhereItWas() throws Exception {
        Path original = dir.resolve("original.pdf");
        Files.write(original, FieldPdfs.tagged());
        float before = xOf(original, "thank");

        float after = xOf(inspect(FieldPdfs.tagged()).pdf(), "thank");

        assertEquals(before, after, 0.01);
    }

    /** Where the first glyph of {@code word} starts, in PDFBox's text coordinates. */
    private static float xOf(Path pdf, String word) throws Exception {
        float[] x = {Float.NaN};
        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            PDFTextStripper stripper = new PDFTextStripper() {
                @Override
                protected void writeString(String text, List<org.apache.pdfbox.text.TextPosition> positions) {
                    int at = text.indexOf(word);
                    if (at >= 0 && Float.isNaN(x[0])) {
                        x[0] = positions.get(at).getXDirAdj();
                    }
                }
            };
            stripper.getText(doc);
        }
        return x[0];
    }

    @Test
    void inspect_formFields_detectedAtTheirWidgets() throws Exception {
        Intake result = inspect(FieldPdfs.form());

        List<DetectedField> found = result.detected();
        assertEquals(4, found.size(), found.toString());
        DetectedField name = found.get(0);
        assertEquals(FieldType.TEXT, name.type());
        assertEquals("full_name", name.formField());
        assertEquals(1, name.signer());
        assertEquals(100, name.x(), 0.01);
        assertEquals(792 - 620, name.y(), 0.01);
        assertEquals(200, name.width(), 0.01);
        assertEquals(20, name.height(), 0.01);
        assertEquals(FieldType.CHECKBOX, found.get(1).type());
        assertEquals(List.of("Basic", "Pro"), found.get(2).options());
        DetectedField signature = found.get(3);
        assertEquals(FieldType.SIGNATURE, signature.type());
        assertEquals(2, signature.signer(), "named x_signer2");
        assertTrue(signature.required());
        assertEquals(dir.resolve("upload.pdf"), result.pdf(), "a form alone leaves the file as it is");
    }

    /**
     * {@code form-qpdf.pdf} was not written by PDFBox: its objects were typed by hand (a Letter page with
     * two lines of Helvetica, the first tag split over two strings of a {@code TJ} with a kerning step in
     * the middle; a text field {@code company_signer2} and a check box {@code newsletter}, each merged with
     * its widget) and the file rewritten by qpdf 11.3 with {@code --object-streams=generate
     * --compress-streams=y --recompress-flate}, so its objects sit in a compressed object stream behind a
     * cross-reference stream.
     */
    @Test
    void inspect_pdfWrittenByQpdf_detectsSplitTagsAndFormFields() throws Exception {
        byte[] pdf;
        try (var in = getClass().getResourceAsStream("form-qpdf.pdf")) {
            pdf = in.readAllBytes();
        }

        Intake result = inspect(pdf);

        List<DetectedField> found = result.detected();
        assertEquals(List.of(FieldType.SIGNATURE, FieldType.INITIALS, FieldType.TEXT, FieldType.CHECKBOX),
                found.stream().map(DetectedField::type).toList(), found.toString());
        assertEquals("Client", found.get(0).name());
        assertEquals(List.of(1, 2, 2, 1), found.stream().map(DetectedField::signer).toList());
        assertFalse(found.get(1).required());
        assertEquals("company_signer2", found.get(2).formField());
        assertEquals(792 - 620, found.get(2).y(), 0.01);
        String text = text(result.pdf());
        assertFalse(text.contains("{{"), text);
        assertTrue(text.contains("Agreed by:") && text.contains("end") && text.contains("Witness"), text);
    }

    @Test
    void inspect_tagOnAPageOfTooMuchContent_leftAsText() throws Exception {
        byte[] pdf;
        try (PDDocument doc = new PDDocument()) {
            org.apache.pdfbox.pdmodel.PDPage page = new org.apache.pdfbox.pdmodel.PDPage();
            doc.addPage(page);
            try (var out = new org.apache.pdfbox.pdmodel.PDPageContentStream(doc, page)) {
                out.beginText();
                out.setFont(new org.apache.pdfbox.pdmodel.font.PDType1Font(
                        org.apache.pdfbox.pdmodel.font.Standard14Fonts.FontName.HELVETICA), 12);
                out.newLineAtOffset(72, 700);
                out.showText("{{signature}}");
                out.endText();
                String filler = "x".repeat(1000);
                for (long written = 0; written <= FieldDetector.MAX_SEARCHED_CONTENT_BYTES; written += 1000) {
                    out.addComment(filler);
                }
            }
            java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
            doc.save(bytes);
            pdf = bytes.toByteArray();
        }

        Intake result = inspect(pdf);

        assertEquals(List.of(), result.detected());
        assertTrue(text(result.pdf()).contains("{{signature}}"));
    }

    @Test
    void inspect_plainPdf_detectsNothing() throws Exception {
        Path file = IntakeSamples.pdf(dir.resolve("plain.pdf"), org.apache.pdfbox.pdmodel.common.PDRectangle.A4);

        Intake result = intake.inspect(file);

        assertEquals(List.of(), result.detected());
        assertEquals(file, result.pdf());
    }

    @Test
    void inspect_tagOnPage150Of200PlainPages_foundOnThatPageAndTakenOut() throws Exception {
        byte[] pdf = textPages(200, n -> n == 150 ? "Approved by {{signature;name=Page150}} today" : "Plain page " + n);

        Intake result = inspect(pdf);

        assertEquals(1, result.detected().size(), result.detected().toString());
        assertEquals(150, result.detected().get(0).page());
        assertEquals("Page150", result.detected().get(0).name());
        String text = text(result.pdf());
        assertFalse(text.contains("{{"), "the tag is gone");
        assertTrue(text.contains("Approved by") && text.contains("Plain page 200"), "the rest stays");
    }

    @Test
    void inspect_noBraceInAnyText_noFieldsAndTheFileLeftAsItIs() throws Exception {
        byte[] pdf = textPages(5, n -> "Terms of page " + n + ": (a) [c] 50% off \\ done");
        Path file = dir.resolve("upload.pdf");
        Files.write(file, pdf);

        Intake result = intake.inspect(file);

        assertEquals(List.of(), result.detected());
        assertEquals(file, result.pdf());
        assertArrayEquals(pdf, Files.readAllBytes(file));
    }

    @Test
    void inspect_bracesButNoTag_noFieldAndTheTextKept() throws Exception {
        byte[] pdf = textPages(1, n -> "Let S = {a, b} and {{ or {{}} or {{x}} remain text");
        Path file = dir.resolve("upload.pdf");
        Files.write(file, pdf);

        Intake result = intake.inspect(file);

        assertEquals(List.of(), result.detected());
        assertEquals(file, result.pdf(), "nothing was taken out");
        assertTrue(text(result.pdf()).contains("{a, b} and {{ or {{}} or {{x}}"), text(result.pdf()));
    }

    /** A Letter PDF of {@code count} pages, each one line of Helvetica given by its number. */
    private static byte[] textPages(int count, java.util.function.IntFunction<String> line) throws Exception {
        try (PDDocument doc = new PDDocument(); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            for (int n = 1; n <= count; n++) {
                PDPage page = new PDPage();
                doc.addPage(page);
                TestFiles.writeLine(doc, page, 72, 700, 12, line.apply(n));
            }
            doc.save(out);
            return out.toByteArray();
        }
    }
}
