package org.signet.support;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Map;
import java.util.Random;
import java.util.zip.CRC32;
import javax.imageio.ImageIO;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSString;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentCatalog;
import org.apache.pdfbox.pdmodel.PDDocumentNameDictionary;
import org.apache.pdfbox.pdmodel.PDEmbeddedFilesNameTreeNode;
import org.apache.pdfbox.pdmodel.PDJavascriptNameTreeNode;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.common.filespecification.PDComplexFileSpecification;
import org.apache.pdfbox.pdmodel.common.filespecification.PDEmbeddedFile;
import org.apache.pdfbox.pdmodel.common.filespecification.PDSimpleFileSpecification;
import org.apache.pdfbox.pdmodel.encryption.AccessPermission;
import org.apache.pdfbox.pdmodel.encryption.StandardProtectionPolicy;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.apache.pdfbox.pdmodel.interactive.action.PDActionJavaScript;
import org.apache.pdfbox.pdmodel.interactive.action.PDActionLaunch;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotationLink;

/**
 * The files Signet's tests upload and sign with, made in memory: real PDFs (also encrypted or
 * cut short) and real PNG and JPEG images (also oversized, or a PNG header that lies).
 */
public final class TestFiles {
    private TestFiles() {}

    /** A PDF of {@code count} A4 pages (595 x 842 points), each saying which page it is. */
    public static byte[] pdf(int count) {
        return pdf(count, "Test page ");
    }

    /**
     * A PDF of {@code count} A4 pages, each saying {@code label} and its number: a different label
     * gives different bytes, so a file stored under the wrong document would show.
     */
    public static byte[] pdf(int count, String label) {
        try (PDDocument doc = new PDDocument(); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            for (int i = 1; i <= count; i++) {
                PDPage page = new PDPage(PDRectangle.A4);
                doc.addPage(page);
                writeLine(doc, page, 72, 760, 18, label + i);
            }
            doc.save(out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Adds one line of {@code text} in Helvetica at ({@code x}, {@code y}) to what {@code page} already shows. */
    public static void writeLine(PDDocument doc, PDPage page, float x, float y, float size, String text)
            throws IOException {
        try (PDPageContentStream out = new PDPageContentStream(doc, page, PDPageContentStream.AppendMode.APPEND, true)) {
            out.beginText();
            out.setFont(new PDType1Font(Standard14Fonts.FontName.HELVETICA), size);
            out.newLineAtOffset(x, y);
            out.showText(text);
            out.endText();
        }
    }

    /**
     * A one-page PDF that would act by itself: JavaScript run on opening, a document-level script,
     * an embedded file, and a link that launches a program.
     */
    public static byte[] pdfWithActiveContent() {
        try (PDDocument doc = Loader.loadPDF(pdf(1)); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            PDDocumentCatalog catalog = doc.getDocumentCatalog();
            catalog.setOpenAction(new PDActionJavaScript("app.alert('opened');"));
            PDDocumentNameDictionary names = new PDDocumentNameDictionary(catalog);
            PDJavascriptNameTreeNode scripts = new PDJavascriptNameTreeNode();
            scripts.setNames(Map.of("init", new PDActionJavaScript("this.print();")));
            names.setJavascript(scripts);
            PDEmbeddedFilesNameTreeNode files = new PDEmbeddedFilesNameTreeNode();
            PDComplexFileSpecification spec = new PDComplexFileSpecification();
            spec.setFile("payload.exe");
            spec.setEmbeddedFile(new PDEmbeddedFile(doc, new java.io.ByteArrayInputStream(new byte[] {'M', 'Z'})));
            files.setNames(Map.of("payload.exe", spec));
            names.setEmbeddedFiles(files);
            catalog.setNames(names);
            PDAnnotationLink link = new PDAnnotationLink();
            link.setRectangle(new PDRectangle(72, 72, 100, 20));
            PDActionLaunch launch = new PDActionLaunch();
            launch.setFile(new PDSimpleFileSpecification(new COSString("calc.exe")));
            link.setAction(launch);
            doc.getPage(0).getAnnotations().add(link);
            doc.save(out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A one-page PDF that needs a user password to open. */
    public static byte[] encryptedPdf() {
        try (PDDocument doc = Loader.loadPDF(pdf(1)); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            StandardProtectionPolicy policy = new StandardProtectionPolicy("owner-secret", "user-secret",
                    new AccessPermission());
            policy.setEncryptionKeyLength(128);
            doc.protect(policy);
            doc.save(out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The first {@code keep} bytes of a real PDF: the header is right, the rest is missing. */
    public static byte[] truncated(byte[] pdf, int keep) {
        return Arrays.copyOf(pdf, keep);
    }

    /** A white PNG with a thick dark stroke across it, like a drawn signature. */
    public static byte[] png(int width, int height) {
        return encode(stroke(width, height, BufferedImage.TYPE_INT_ARGB), "png");
    }

    /**
     * A 1x1 PNG with one stray byte just before its IEND chunk: ImageIO still decodes it, PDFBox's
     * own PNG reader does not.
     */
    public static byte[] pngWithStrayByte() {
        byte[] png = encode(new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB), "png");
        int at = png.length - 12 - 1;
        byte[] bad = new byte[png.length + 1];
        System.arraycopy(png, 0, bad, 0, at);
        bad[at] = 0x42;
        System.arraycopy(png, at, bad, at + 1, png.length - at);
        return bad;
    }

    /** A white JPEG with a thick dark stroke across it, like a photographed signature. */
    public static byte[] jpeg(int width, int height) {
        return encode(stroke(width, height, BufferedImage.TYPE_INT_RGB), "jpg");
    }

    /** Random noise, which PNG cannot compress: about 3 bytes a pixel. */
    public static byte[] noisePng(int width, int height) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Random random = new Random(42);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                image.setRGB(x, y, random.nextInt(0x1000000));
            }
        }
        return encode(image, "png");
    }

    /** A PNG signature and an IHDR chunk claiming {@code width} x {@code height}, with no pixels after it. */
    public static byte[] pngHeaderClaiming(int width, int height) {
        ByteBuffer ihdr = ByteBuffer.allocate(17);
        ihdr.put("IHDR".getBytes(StandardCharsets.US_ASCII));
        ihdr.putInt(width).putInt(height).put((byte) 8).put((byte) 2).put((byte) 0).put((byte) 0).put((byte) 0);
        CRC32 crc = new CRC32();
        crc.update(ihdr.array());
        ByteBuffer out = ByteBuffer.allocate(8 + 4 + 17 + 4);
        out.put(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'});
        out.putInt(13).put(ihdr.array()).putInt((int) crc.getValue());
        return out.array();
    }

    public static String dataUrl(String mediaType, byte[] bytes) {
        return "data:" + mediaType + ";base64," + Base64.getEncoder().encodeToString(bytes);
    }

    /** A drawn signature as the signing page sends it. */
    public static String pngDataUrl(int width, int height) {
        return dataUrl("image/png", png(width, height));
    }

    public static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static BufferedImage stroke(int width, int height, int type) {
        BufferedImage image = new BufferedImage(width, height, type);
        Graphics2D g = image.createGraphics();
        try {
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, width, height);
            g.setColor(new Color(10, 20, 120));
            g.setStroke(new BasicStroke(Math.max(3, height / 10f)));
            g.drawLine(width / 10, height * 3 / 4, width * 9 / 10, height / 4);
        } finally {
            g.dispose();
        }
        return image;
    }

    private static byte[] encode(BufferedImage image, String format) {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            if (!ImageIO.write(image, format, out)) {
                throw new IllegalStateException("no ImageIO writer for " + format);
            }
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
