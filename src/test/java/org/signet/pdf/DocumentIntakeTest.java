package org.signet.pdf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.pdf.TestFiles.ascii;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;

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
        Path file = TestFiles.pdf(dir.resolve("contract.pdf"), PDRectangle.A4, PDRectangle.LETTER,
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
        Path file = TestFiles.pdf(dir.resolve("three.pdf"), PDRectangle.A4, PDRectangle.A4, PDRectangle.A4);

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
        byte[] whole = Files.readAllBytes(TestFiles.pdf(dir.resolve("whole.pdf"), PDRectangle.A4, PDRectangle.A4));
        Path half = Files.write(dir.resolve("half.pdf"), Arrays.copyOf(whole, whole.length / 2));

        assertEquals("the PDF is truncated and cannot be read", rejection(half));
    }

    @Test
    void inspect_truncatedUncompressedPdfWhosePagesSurvive() throws Exception {
        // Without object streams the pages and their content come first, so PDFBox's repair finds
        // them but not their fonts: accepting it would show the text in the wrong typeface.
        Path whole = dir.resolve("whole.pdf");
        try (PDDocument document = Loader.loadPDF(TestFiles.pdf(dir.resolve("src.pdf"), PDRectangle.A4,
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
        byte[] bytes = Files.readAllBytes(TestFiles.pdf(dir.resolve("ok.pdf"), PDRectangle.A4, PDRectangle.LETTER));
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
        try (PDDocument document = Loader.loadPDF(TestFiles.pdf(dir.resolve("plain-" + name), PDRectangle.A4)
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
        Path file = TestFiles.image(dir.resolve("stamp.png"), "png", 200, 100, Color.RED);

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
        Path file = TestFiles.image(dir.resolve("photo.jpg"), "png", 20, 10, Color.BLUE);

        assertEquals(MediaKind.PNG, intake.inspect(file).kind());
    }

    @Test
    void inspect_jpegBecomesOnePagePdfOfTheImageSize() throws Exception {
        Path file = TestFiles.image(dir.resolve("scan.jpg"), "jpeg", 300, 400, Color.GREEN);

        Intake result = intake.inspect(file);

        assertEquals(MediaKind.JPEG, result.kind());
        assertSize(300, 400, result.pages().get(0));
        BufferedImage embedded = embeddedImage(result.pdf(), 300, 400);
        Color centre = new Color(embedded.getRGB(150, 200));
        assertTrue(centre.getGreen() > 200 && centre.getRed() < 60 && centre.getBlue() < 60, centre.toString());
    }

    @Test
    void inspect_wideImageIsScaledToFitA4() throws Exception {
        Path file = TestFiles.image(dir.resolve("panorama.png"), "png", 3000, 1000, Color.GRAY);

        Intake result = intake.inspect(file);

        PageSize page = result.pages().get(0);
        assertSize(A4_WIDTH, A4_WIDTH / 3, page);
        // Subsampled by two to stay within 2480 pixels on the longer side.
        embeddedImage(result.pdf(), 1500, 500);
    }

    @Test
    void inspect_tallImageIsScaledToFitA4() throws Exception {
        Path file = TestFiles.image(dir.resolve("receipt.jpg"), "jpeg", 1000, 3000, Color.WHITE);

        assertSize(A4_HEIGHT / 3, A4_HEIGHT, intake.inspect(file).pages().get(0));
    }

    @Test
    void inspect_imageTooWide() throws Exception {
        Path file = TestFiles.image(dir.resolve("strip.png"), "png", 12000, 3, Color.BLACK);

        assertEquals("the image is 12000x3 pixels; at most 10000 in each direction", rejection(file));
    }

    @Test
    void inspect_pngClaimingHugeSizeIsRejectedBeforeDecoding() throws Exception {
        byte[] small = TestFiles.imageBytes("png", 10, 10, Color.RED);
        Path file = Files.write(dir.resolve("huge.png"), TestFiles.withPngSize(small, 20000, 20000));

        assertEquals("the image is 20000x20000 pixels; at most 10000 in each direction", rejection(file));
    }

    @Test
    void inspect_pngWhoseHeaderLiesAboutItsSize() throws Exception {
        byte[] small = TestFiles.imageBytes("png", 10, 10, Color.RED);
        Path file = Files.write(dir.resolve("liar.png"), TestFiles.withPngSize(small, 4000, 3000));

        assertEquals("the image data is truncated or corrupt", rejection(file));
        assertEquals(List.of(file), listDir());
    }

    @Test
    void inspect_truncatedPng() throws Exception {
        byte[] png = TestFiles.imageBytes("png", 300, 300, Color.ORANGE);
        Path file = Files.write(dir.resolve("cut.png"), Arrays.copyOf(png, png.length / 2));

        assertEquals("the image data is truncated or corrupt", rejection(file));
    }

    @Test
    void inspect_truncatedJpeg() throws Exception {
        byte[] jpeg = noisyJpeg(400, 300);
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
        byte[] bomb = deflatedSpaces(200L * 1024 * 1024);
        Path file = TestFiles.rawPdf(dir.resolve("bomb.pdf"),
                ascii("<< /Type /Catalog /Pages 2 0 R >>"),
                ascii("<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
                ascii("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>"),
                TestFiles.stream("/Filter /FlateDecode", bomb));

        assertEquals("the PDF expands to too much data to process (it may be a decompression bomb)",
                rejection(file));
    }

    @Test
    void inspect_objectStreamBomb() throws Exception {
        Path file = objectStreamPdf(dir.resolve("objstm-bomb.pdf"), 200L * 1024 * 1024);

        assertEquals("the PDF expands to too much data to process (it may be a decompression bomb)",
                rejection(file));
    }

    @Test
    void inspect_objectStreamWithinLimitIsRead() throws Exception {
        Path file = objectStreamPdf(dir.resolve("objstm.pdf"), 1000);

        assertSize(612, 792, intake.inspect(file).pages().get(0));
    }

    @Test
    void inspect_pageTreeContainingItself() throws Exception {
        Path file = TestFiles.rawPdf(dir.resolve("loop.pdf"),
                ascii("<< /Type /Catalog /Pages 2 0 R >>"),
                ascii("<< /Type /Pages /Kids [3 0 R 2 0 R] /Count 2 >>"),
                ascii("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>"));

        assertEquals("the PDF's page tree is damaged", rejection(file));
    }

    @Test
    void inspect_parentChainLoop() throws Exception {
        // PDFBox looks up inherited attributes through /Parent recursively: this would never end.
        Path file = TestFiles.rawPdf(dir.resolve("parents.pdf"),
                ascii("<< /Type /Catalog /Pages 2 0 R >>"),
                ascii("<< /Type /Pages /Kids [3 0 R] /Count 1 /Parent 4 0 R >>"),
                ascii("<< /Type /Page /Parent 2 0 R >>"),
                ascii("<< /Type /Pages /Kids [] /Count 0 /Parent 2 0 R >>"));

        assertEquals("the PDF's page tree is damaged", rejection(file));
    }

    @Test
    void inspect_declaredCountDisagreesWithPages() throws Exception {
        Path file = TestFiles.rawPdf(dir.resolve("count.pdf"),
                ascii("<< /Type /Catalog /Pages 2 0 R >>"),
                ascii("<< /Type /Pages /Kids [3 0 R] /Count 7 >>"),
                ascii("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>"));

        assertEquals("the PDF's page tree is damaged", rejection(file));
    }

    @Test
    void inspect_pdfWithoutPages() throws Exception {
        Path file = TestFiles.rawPdf(dir.resolve("none.pdf"),
                ascii("<< /Type /Catalog /Pages 2 0 R >>"),
                ascii("<< /Type /Pages /Kids [] /Count 0 >>"));

        assertEquals("the PDF has no pages", rejection(file));
    }

    @Test
    void inspect_pageWithMissingContent() throws Exception {
        Path file = TestFiles.rawPdf(dir.resolve("missing.pdf"),
                ascii("<< /Type /Catalog /Pages 2 0 R >>"),
                ascii("<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
                ascii("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 9 0 R >>"));

        assertEquals("the PDF is damaged and cannot be read", rejection(file));
    }

    @Test
    void inspect_inheritedMediaBox() throws Exception {
        Path file = TestFiles.rawPdf(dir.resolve("inherit.pdf"),
                ascii("<< /Type /Catalog /Pages 2 0 R >>"),
                ascii("<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 420 595] /Rotate 90 >>"),
                ascii("<< /Type /Page /Parent 2 0 R >>"));

        assertSize(595, 420, intake.inspect(file).pages().get(0));
    }

    /** Catalog, page tree and page inside a Flate object stream padded with {@code padding} spaces. */
    private static Path objectStreamPdf(Path file, long padding) throws IOException {
        String[] objects = {
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>"};
        StringBuilder header = new StringBuilder();
        StringBuilder body = new StringBuilder();
        for (int i = 0; i < objects.length; i++) {
            header.append(i + 1).append(' ').append(body.length()).append(' ');
            body.append(objects[i]).append('\n');
        }
        byte[] data = deflated(ascii(header + body.toString()), padding);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(ascii("%PDF-1.7\n"));
        int objstm = out.size();
        out.writeBytes(ascii("4 0 obj\n"));
        out.writeBytes(TestFiles.stream("/Type /ObjStm /N 3 /First " + header.length() + " /Filter /FlateDecode",
                data));
        out.writeBytes(ascii("\nendobj\n"));
        int xref = out.size();
        ByteArrayOutputStream rows = new ByteArrayOutputStream();
        rows.writeBytes(new byte[] {0, 0, 0, 0, 0, (byte) 0xFF, (byte) 0xFF});
        for (int i = 0; i < 3; i++) {
            rows.writeBytes(new byte[] {2, 0, 0, 0, 4, 0, (byte) i});
        }
        rows.writeBytes(new byte[] {1, (byte) (objstm >>> 24), (byte) (objstm >>> 16), (byte) (objstm >>> 8),
            (byte) objstm, 0, 0});
        rows.writeBytes(new byte[] {1, (byte) (xref >>> 24), (byte) (xref >>> 16), (byte) (xref >>> 8),
            (byte) xref, 0, 0});
        out.writeBytes(ascii("5 0 obj\n"));
        out.writeBytes(TestFiles.stream("/Type /XRef /Size 6 /W [1 4 2] /Root 1 0 R", rows.toByteArray()));
        out.writeBytes(ascii("\nendobj\nstartxref\n" + xref + "\n%%EOF\n"));
        return Files.write(file, out.toByteArray());
    }

    private static byte[] deflatedSpaces(long count) throws IOException {
        return deflated(new byte[0], count);
    }

    private static byte[] deflated(byte[] prefix, long spaces) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] chunk = new byte[1 << 20];
        Arrays.fill(chunk, (byte) ' ');
        try (DeflaterOutputStream deflater = new DeflaterOutputStream(out, new Deflater(Deflater.BEST_COMPRESSION))) {
            deflater.write(prefix);
            for (long left = spaces; left > 0; left -= chunk.length) {
                deflater.write(chunk, 0, (int) Math.min(chunk.length, left));
            }
        }
        return out.toByteArray();
    }

    private static byte[] noisyJpeg(int width, int height) throws IOException {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        java.util.Random random = new java.util.Random(42);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                image.setRGB(x, y, random.nextInt(0xFFFFFF));
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        javax.imageio.ImageIO.write(image, "jpeg", out);
        return out.toByteArray();
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
