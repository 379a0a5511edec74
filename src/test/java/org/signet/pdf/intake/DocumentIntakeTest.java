package org.signet.pdf.intake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.pdf.intake.IntakeSamples.ascii;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.encryption.AccessPermission;
import org.apache.pdfbox.pdmodel.encryption.StandardProtectionPolicy;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.domain.MediaKind;
import org.signet.domain.PageSize;
import org.signet.pdf.read.InvalidFileException;

class DocumentIntakeTest {

    private static final float A4_WIDTH = 595.28f;
    private static final float A4_HEIGHT = 841.89f;
    private static final float DELTA = 0.01f;

    @TempDir
    Path dir;

    private final DocumentIntake intake = new DocumentIntake(1000, 10000);

    private String rejection(Path file) {
        return assertThrows(InvalidFileException.class, () -> intake.inspect(file)).getMessage();
    }

    private static void assertSize(float width, float height, PageSize size) {
        assertEquals(width, size.width(), DELTA, "width");
        assertEquals(height, size.height(), DELTA, "height");
    }

    @Test
    void inspect_multiPagePdf() throws Exception {
        Path file = IntakeSamples.pdf(dir.resolve("contract.pdf"), PDRectangle.A4, PDRectangle.LETTER,
                new PDRectangle(300, 200));

        Intake result = intake.inspect(file);

        assertEquals(MediaKind.PDF, result.kind());
        assertEquals(3, result.totalPages());
        assertSize(A4_WIDTH, A4_HEIGHT, result.pages().get(0));
        assertSize(612, 792, result.pages().get(1));
        assertSize(300, 200, result.pages().get(2));
        assertEquals(file, result.pdf());
    }

    @Test
    void inspect_rotatedPagesSwapWidthAndHeight() throws Exception {
        Path file = dir.resolve("rotated.pdf");
        try (PDDocument document = new PDDocument()) {
            for (int rotation : new int[] {0, 90, 180, 270, -90}) {
                PDPage page = new PDPage(PDRectangle.A4);
                page.setRotation(rotation);
                document.addPage(page);
            }
            document.save(file.toFile());
        }

        List<PageSize> pages = intake.inspect(file).pages();

        assertSize(A4_WIDTH, A4_HEIGHT, pages.get(0));
        assertSize(A4_HEIGHT, A4_WIDTH, pages.get(1));
        assertSize(A4_WIDTH, A4_HEIGHT, pages.get(2));
        assertSize(A4_HEIGHT, A4_WIDTH, pages.get(3));
        assertSize(A4_HEIGHT, A4_WIDTH, pages.get(4));
    }

    @Test
    void inspect_cropBoxIsTheDisplayedSize() throws Exception {
        Path file = dir.resolve("cropped.pdf");
        try (PDDocument document = new PDDocument()) {
            PDPage page = new PDPage(PDRectangle.A4);
            page.setCropBox(new PDRectangle(50, 50, 400, 500));
            document.addPage(page);
            document.save(file.toFile());
        }

        assertSize(400, 500, intake.inspect(file).pages().get(0));
    }

    @Test
    void inspect_pdfAtTheLimitIsAccepted() throws Exception {
        Path file = IntakeSamples.pdf(dir.resolve("three.pdf"), PDRectangle.A4, PDRectangle.A4, PDRectangle.A4);

        assertEquals(3, new DocumentIntake(3, 10000).inspect(file).totalPages());
    }

    @Test
    void inspect_tooManyPages() throws Exception {
        Path file = dir.resolve("long.pdf");
        try (PDDocument document = new PDDocument()) {
            for (int i = 0; i < 1001; i++) {
                document.addPage(new PDPage(PDRectangle.A4));
            }
            document.save(file.toFile());
        }

        assertEquals("the PDF has 1001 pages; at most 1000 are accepted", rejection(file));
    }

    @Test
    void inspect_truncatedPdf() throws Exception {
        byte[] whole = Files.readAllBytes(IntakeSamples.pdf(dir.resolve("whole.pdf"), PDRectangle.A4, PDRectangle.A4));
        Path half = Files.write(dir.resolve("half.pdf"), Arrays.copyOf(whole, whole.length / 2));

        assertEquals("the PDF is truncated and cannot be read", rejection(half));
    }

    @Test
    void inspect_truncatedUncompressedPdfWhosePagesSurvive() throws Exception {
        // Without object streams the pages and their content come first, so PDFBox's repair finds
        // them but not their fonts: accepting it would show the text in the wrong typeface.
        Path whole = dir.resolve("whole.pdf");
        try (PDDocument document = Loader.loadPDF(IntakeSamples.pdf(dir.resolve("src.pdf"), PDRectangle.A4,
                PDRectangle.A4).toFile())) {
            document.save(whole.toFile(), org.apache.pdfbox.pdfwriter.compress.CompressParameters.NO_COMPRESSION);
        }
        byte[] bytes = Files.readAllBytes(whole);
        Path half = Files.write(dir.resolve("half.pdf"), Arrays.copyOf(bytes, bytes.length / 2));

        assertEquals("the PDF is truncated and cannot be read", rejection(half));
    }

    @Test
    void inspect_garbageAfterHeader() throws Exception {
        Path file = Files.write(dir.resolve("junk.pdf"), ascii("%PDF-1.7\nthis is not really a PDF at all\n%%EOF\n"));

        assertEquals("the PDF is damaged and cannot be read", rejection(file));
    }

    @Test
    void inspect_brokenCrossReferenceIsRepaired() throws Exception {
        byte[] bytes = Files.readAllBytes(IntakeSamples.pdf(dir.resolve("ok.pdf"), PDRectangle.A4, PDRectangle.LETTER));
        String text = new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1);
        int at = text.lastIndexOf("startxref") + "startxref\n".length();
        bytes[at] = (byte) (bytes[at] == '9' ? '1' : bytes[at] + 1);
        Path file = Files.write(dir.resolve("shifted.pdf"), bytes);

        Intake result = intake.inspect(file);

        assertEquals(2, result.totalPages());
        assertSize(612, 792, result.pages().get(1));
    }

    @Test
    void inspect_userPasswordPdf() throws Exception {
        Path file = encrypted("user.pdf", "open-sesame");

        assertEquals("the PDF is encrypted with a password", rejection(file));
    }

    @Test
    void inspect_ownerPasswordOnlyPdf() throws Exception {
        Path file = encrypted("owner.pdf", "");

        assertEquals("the PDF is encrypted; upload a copy without encryption", rejection(file));
    }

    private Path encrypted(String name, String userPassword) throws IOException {
        Path file = dir.resolve(name);
        try (PDDocument document = Loader.loadPDF(IntakeSamples.pdf(dir.resolve("plain-" + name), PDRectangle.A4)
                .toFile())) {
            StandardProtectionPolicy policy = new StandardProtectionPolicy("owner-secret", userPassword,
                    new AccessPermission());
            policy.setEncryptionKeyLength(128);
            document.protect(policy);
            document.save(file.toFile());
        }
        return file;
    }

    @Test
    void inspect_textFileNamedPdf() throws Exception {
        Path file = Files.writeString(dir.resolve("letter.pdf"), "Dear customer, please sign the attached.\n");

        UnsupportedFileTypeException e = assertThrows(UnsupportedFileTypeException.class, () -> intake.inspect(file));
        assertEquals("the file is not a PDF, PNG or JPEG", e.getMessage());
    }

    @Test
    void inspect_emptyFile() throws Exception {
        Path file = Files.write(dir.resolve("empty.pdf"), new byte[0]);

        UnsupportedFileTypeException e = assertThrows(UnsupportedFileTypeException.class, () -> intake.inspect(file));
        assertEquals("the file is empty", e.getMessage());
    }

    @Test
    void inspect_pngBecomesOnePagePdfOfTheImageSize() throws Exception {
        Path file = IntakeSamples.image(dir.resolve("stamp.png"), "png", 200, 100, Color.RED);

        Intake result = intake.inspect(file);

        assertEquals(MediaKind.PNG, result.kind());
        assertEquals(1, result.totalPages());
        assertSize(200, 100, result.pages().get(0));
        assertEquals(dir, result.pdf().getParent());
        assertNotEquals(file, result.pdf());
        BufferedImage embedded = embeddedImage(result.pdf(), 200, 100);
        assertEquals(Color.RED.getRGB(), embedded.getRGB(100, 50));
    }

    @Test
    void inspect_pngNamedJpgIsStillPng() throws Exception {
        Path file = IntakeSamples.image(dir.resolve("photo.jpg"), "png", 20, 10, Color.BLUE);

        assertEquals(MediaKind.PNG, intake.inspect(file).kind());
    }

    @Test
    void inspect_jpegBecomesOnePagePdfOfTheImageSize() throws Exception {
        Path file = IntakeSamples.image(dir.resolve("scan.jpg"), "jpeg", 300, 400, Color.GREEN);

        Intake result = intake.inspect(file);

        assertEquals(MediaKind.JPEG, result.kind());
        assertSize(300, 400, result.pages().get(0));
        BufferedImage embedded = embeddedImage(result.pdf(), 300, 400);
        Color centre = new Color(embedded.getRGB(150, 200));
        assertTrue(centre.getGreen() > 200 && centre.getRed() < 60 && centre.getBlue() < 60, centre.toString());
    }

    @Test
    void inspect_wideImageIsScaledToFitA4() throws Exception {
        Path file = IntakeSamples.image(dir.resolve("panorama.png"), "png", 3000, 1000, Color.GRAY);

        Intake result = intake.inspect(file);

        PageSize page = result.pages().get(0);
        assertSize(A4_WIDTH, A4_WIDTH / 3, page);
        // Subsampled by two to stay within 2480 pixels on the longer side.
        embeddedImage(result.pdf(), 1500, 500);
    }

    @Test
    void inspect_tallImageIsScaledToFitA4() throws Exception {
        Path file = IntakeSamples.image(dir.resolve("receipt.jpg"), "jpeg", 1000, 3000, Color.WHITE);

        assertSize(A4_HEIGHT / 3, A4_HEIGHT, intake.inspect(file).pages().get(0));
    }

    @Test
    void inspect_imageTooWide() throws Exception {
        Path file = IntakeSamples.image(dir.resolve("strip.png"), "png", 12000, 3, Color.BLACK);

        assertEquals("the image is 12000x3 pixels; at most 10000 in each direction", rejection(file));
    }

    @Test
    void inspect_pngClaimingHugeSizeIsRejectedBeforeDecoding() throws Exception {
        byte[] small = IntakeSamples.imageBytes("png", 10, 10, Color.RED);
        Path file = Files.write(dir.resolve("huge.png"), IntakeSamples.withPngSize(small, 20000, 20000));

        assertEquals("the image is 20000x20000 pixels; at most 10000 in each direction", rejection(file));
    }

    @Test
    void inspect_pngWhoseHeaderLiesAboutItsSize() throws Exception {
        byte[] small = IntakeSamples.imageBytes("png", 10, 10, Color.RED);
        Path file = Files.write(dir.resolve("liar.png"), IntakeSamples.withPngSize(small, 4000, 3000));

        assertEquals("the image data is truncated or corrupt", rejection(file));
        assertEquals(List.of(file), listDir());
    }

    @Test
    void inspect_truncatedPng() throws Exception {
        byte[] png = IntakeSamples.imageBytes("png", 300, 300, Color.ORANGE);
        Path file = Files.write(dir.resolve("cut.png"), Arrays.copyOf(png, png.length / 2));

        assertEquals("the image data is truncated or corrupt", rejection(file));
    }

    @Test
    void inspect_truncatedJpeg() throws Exception {
        byte[] jpeg = IntakeSamples.noisyJpeg(400, 300);
        Path file = Files.write(dir.resolve("cut.jpg"), Arrays.copyOf(jpeg, jpeg.length / 2));

        assertEquals("the image data is truncated or corrupt", rejection(file));
        assertEquals(List.of(file), listDir());
    }

    @Test
    void inspect_jpegWithOnlyAHeader() throws Exception {
        Path file = Files.write(dir.resolve("stub.jpg"), new byte[] {(byte) 0xFF, (byte) 0xD8, (byte) 0xFF, 0});

        assertEquals("the image data is truncated or corrupt", rejection(file));
    }

    @Test
    void inspect_contentStreamBomb() throws Exception {
        // 200 MB of spaces deflate to about 200 KB; the content is decoded while checking.
        byte[] bomb = IntakeSamples.deflatedSpaces(200L * 1024 * 1024);
        Path file = IntakeSamples.singlePagePdf(dir.resolve("bomb.pdf"), "/Contents 4 0 R",
                IntakeSamples.stream("/Filter /FlateDecode", bomb));

        assertEquals("the PDF expands to too much data to process (it may be a decompression bomb)",
                rejection(file));
    }

    @Test
    void inspect_oneStreamDrawnThreeTimes_chargedThreeTimes() throws Exception {
        // 30 MB decoded is within a page's budget once, three uses of it are not.
        byte[] content = IntakeSamples.deflatedSpaces(30L * 1024 * 1024);
        Path once = IntakeSamples.singlePagePdf(dir.resolve("once.pdf"), "/Contents 4 0 R",
                IntakeSamples.stream("/Filter /FlateDecode", content));
        Path thrice = IntakeSamples.singlePagePdf(dir.resolve("thrice.pdf"), "/Contents [4 0 R 4 0 R 4 0 R]",
                IntakeSamples.stream("/Filter /FlateDecode", content));

        assertEquals(1, intake.inspect(once).totalPages());
        assertEquals("the PDF expands to too much data to process (it may be a decompression bomb)",
                rejection(thrice));
    }

    @Test
    void inspect_objectStreamBomb() throws Exception {
        Path file = IntakeSamples.objectStreamPdf(dir.resolve("objstm-bomb.pdf"), 200L * 1024 * 1024);

        assertEquals("the PDF expands to too much data to process (it may be a decompression bomb)",
                rejection(file));
    }

    @Test
    void inspect_objectStreamPastItsOwnLimit_refusedThoughAContentStreamMayBeThatLarge() throws Exception {
        // PDFBox holds an object stream whole in memory while reading: 48 MB is past their 32 MiB.
        Path file = IntakeSamples.objectStreamPdf(dir.resolve("objstm-large.pdf"), 48L * 1024 * 1024);

        assertEquals("the PDF expands to too much data to process (it may be a decompression bomb)",
                rejection(file));
    }

    @Test
    void inspect_objectStreamWithinLimitIsRead() throws Exception {
        Path file = IntakeSamples.objectStreamPdf(dir.resolve("objstm.pdf"), 1000);

        assertSize(612, 792, intake.inspect(file).pages().get(0));
    }

    @Test
    void inspect_imageTooLargeToDisplay() throws Exception {
        Path file = IntakeSamples.singlePagePdf(dir.resolve("image.pdf"), "/Resources << /XObject << /Im 4 0 R >> >>"
                        + " /Contents 5 0 R",
                IntakeSamples.stream("/Type /XObject /Subtype /Image /Width 100000 /Height 100000 /BitsPerComponent 8"
                        + " /ColorSpace /DeviceRGB", ascii("tiny")),
                IntakeSamples.stream("", ascii("q 612 0 0 792 0 0 cm /Im Do Q")));

        assertEquals("the PDF contains an image too large to display", rejection(file));
    }

    @Test
    void inspect_formDrawingItselfIsScannedOnce() throws Exception {
        Path file = IntakeSamples.singlePagePdf(dir.resolve("form.pdf"), "/Resources << /XObject << /F 4 0 R >> >>"
                        + " /Contents 5 0 R",
                IntakeSamples.stream("/Type /XObject /Subtype /Form /BBox [0 0 612 792]"
                        + " /Resources << /XObject << /F 4 0 R >> >>", ascii("0 0 10 10 re f /F Do")),
                IntakeSamples.stream("", ascii("/F Do")));

        assertEquals(1, intake.inspect(file).totalPages());
    }

    @Test
    void inspect_pageTreeContainingItself() throws Exception {
        Path file = IntakeSamples.rawPdf(dir.resolve("loop.pdf"),
                ascii("<< /Type /Catalog /Pages 2 0 R >>"),
                ascii("<< /Type /Pages /Kids [3 0 R 2 0 R] /Count 2 >>"),
                ascii("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>"));

        assertEquals("the PDF's page tree is damaged", rejection(file));
    }

    @Test
    void inspect_parentChainLoop() throws Exception {
        // PDFBox looks up inherited attributes through /Parent recursively: this would never end.
        Path file = IntakeSamples.rawPdf(dir.resolve("parents.pdf"),
                ascii("<< /Type /Catalog /Pages 2 0 R >>"),
                ascii("<< /Type /Pages /Kids [3 0 R] /Count 1 /Parent 4 0 R >>"),
                ascii("<< /Type /Page /Parent 2 0 R >>"),
                ascii("<< /Type /Pages /Kids [] /Count 0 /Parent 2 0 R >>"));

        assertEquals("the PDF's page tree is damaged", rejection(file));
    }

    @Test
    void inspect_pageWithKidsOfItsOwn() throws Exception {
        // Viewers draw the page's own content; PDFBox would walk into its kid and show another page.
        Path file = IntakeSamples.rawPdf(dir.resolve("shadow.pdf"),
                ascii("<< /Type /Catalog /Pages 2 0 R >>"),
                ascii("<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
                ascii("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Kids [4 0 R] >>"),
                ascii("<< /Type /Page /Parent 3 0 R /MediaBox [0 0 612 792] >>"));

        assertEquals("the PDF's page tree is damaged", rejection(file));
    }

    @Test
    void inspect_pageWhoseParentIsNotTheNodeThatListsIt() throws Exception {
        // Viewers inherit the crop box of node 4 that lists the page, PDFBox the root's along /Parent.
        Path file = IntakeSamples.rawPdf(dir.resolve("parent.pdf"),
                ascii("<< /Type /Catalog /Pages 2 0 R >>"),
                ascii("<< /Type /Pages /Kids [4 0 R] /Count 1 /MediaBox [0 0 612 792] >>"),
                ascii("<< /Type /Page /Parent 2 0 R >>"),
                ascii("<< /Type /Pages /Kids [3 0 R] /Count 1 /Parent 2 0 R /CropBox [0 0 100 100] >>"));

        assertEquals("the PDF's page tree is damaged", rejection(file));
    }

    @Test
    void inspect_declaredCountDisagreesWithPages() throws Exception {
        Path file = IntakeSamples.rawPdf(dir.resolve("count.pdf"),
                ascii("<< /Type /Catalog /Pages 2 0 R >>"),
                ascii("<< /Type /Pages /Kids [3 0 R] /Count 7 >>"),
                ascii("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>"));

        assertEquals("the PDF's page tree is damaged", rejection(file));
    }

    @Test
    void inspect_pdfWithoutPages() throws Exception {
        Path file = IntakeSamples.rawPdf(dir.resolve("none.pdf"),
                ascii("<< /Type /Catalog /Pages 2 0 R >>"),
                ascii("<< /Type /Pages /Kids [] /Count 0 >>"));

        assertEquals("the PDF has no pages", rejection(file));
    }

    @Test
    void inspect_pageWithMissingContent() throws Exception {
        Path file = IntakeSamples.singlePagePdf(dir.resolve("missing.pdf"), "/Contents 9 0 R");

        assertEquals("the PDF is damaged and cannot be read", rejection(file));
    }

    @Test
    void inspect_inheritedMediaBox() throws Exception {
        Path file = IntakeSamples.rawPdf(dir.resolve("inherit.pdf"),
                ascii("<< /Type /Catalog /Pages 2 0 R >>"),
                ascii("<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 420 595] /Rotate 90 >>"),
                ascii("<< /Type /Page /Parent 2 0 R >>"));

        assertSize(595, 420, intake.inspect(file).pages().get(0));
    }

    /** Reads back the one image on the PDF's single page and checks its pixel size. */
    private static BufferedImage embeddedImage(Path pdf, int width, int height) throws IOException {
        try (PDDocument document = Loader.loadPDF(pdf.toFile())) {
            assertEquals(1, document.getNumberOfPages());
            PDPage page = document.getPage(0);
            COSName name = page.getResources().getXObjectNames().iterator().next();
            PDImageXObject image = (PDImageXObject) page.getResources().getXObject(name);
            assertEquals(width, image.getWidth());
            assertEquals(height, image.getHeight());
            return image.getImage();
        }
    }

    private List<Path> listDir() throws IOException {
        try (var files = Files.list(dir)) {
            return files.toList();
        }
    }
}
