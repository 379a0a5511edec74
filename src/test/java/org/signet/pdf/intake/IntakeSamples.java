package org.signet.pdf.intake;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;

import javax.imageio.ImageIO;

import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;

/** Builds the PDFs and images that the intake and rendering tests feed in, and the hostile uploads of the API tests. */
public final class IntakeSamples {

    private IntakeSamples() {
    }

    /** Writes a PDF with one page per size, each showing its number in Helvetica. */
    static Path pdf(Path file, PDRectangle... sizes) throws IOException {
        try (PDDocument document = new PDDocument()) {
            for (PDRectangle size : sizes) {
                PDPage page = new PDPage(size);
                document.addPage(page);
                try (PDPageContentStream content = new PDPageContentStream(document, page)) {
                    content.beginText();
                    content.setFont(new PDType1Font(Standard14Fonts.FontName.HELVETICA), 12);
                    content.newLineAtOffset(36, size.getHeight() - 48);
                    content.showText("Page " + document.getNumberOfPages());
                    content.endText();
                }
            }
            document.save(file.toFile());
        }
        return file;
    }

    /** Writes an image of the given size filled with one colour, in the given ImageIO format. */
    public static Path image(Path file, String format, int width, int height, Color color) throws IOException {
        Files.write(file, imageBytes(format, width, height, color));
        return file;
    }

    static byte[] imageBytes(String format, int width, int height, Color color) throws IOException {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setColor(color);
        g.fillRect(0, 0, width, height);
        g.dispose();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(image, format, out);
        return out.toByteArray();
    }

    /** Overwrites the width and height in a PNG's IHDR chunk and fixes its CRC. */
    static byte[] withPngSize(byte[] png, int width, int height) {
        byte[] copy = png.clone();
        // Signature (8), length (4), "IHDR" (4), then width and height as big-endian ints.
        putInt(copy, 16, width);
        putInt(copy, 20, height);
        CRC32 crc = new CRC32();
        crc.update(copy, 12, 4 + 13);
        putInt(copy, 12 + 4 + 13, (int) crc.getValue());
        return copy;
    }

    private static void putInt(byte[] bytes, int offset, int value) {
        bytes[offset] = (byte) (value >>> 24);
        bytes[offset + 1] = (byte) (value >>> 16);
        bytes[offset + 2] = (byte) (value >>> 8);
        bytes[offset + 3] = (byte) value;
    }

    /**
     * Writes a PDF from raw object bodies (object n is {@code bodies[n-1]}), with a correct
     * cross-reference table and /Root 1 0 R, for structures PDFBox itself would refuse to write.
     */
    static Path rawPdf(Path file, byte[]... bodies) throws IOException {
        Files.write(file, rawPdf(bodies));
        return file;
    }

    /** The bytes of {@link #rawPdf(Path, byte[][])}. */
    public static byte[] rawPdf(byte[]... bodies) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        write(out, "%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n");
        List<Integer> offsets = new ArrayList<>();
        for (int i = 0; i < bodies.length; i++) {
            offsets.add(out.size());
            write(out, (i + 1) + " 0 obj\n");
            out.writeBytes(bodies[i]);
            write(out, "\nendobj\n");
        }
        int xref = out.size();
        StringBuilder table = new StringBuilder("xref\n0 " + (bodies.length + 1) + "\n0000000000 65535 f \n");
        for (int offset : offsets) {
            table.append(String.format("%010d 00000 n \n", offset));
        }
        table.append("trailer\n<< /Size ").append(bodies.length + 1).append(" /Root 1 0 R >>\nstartxref\n")
                .append(xref).append("\n%%EOF\n");
        write(out, table.toString());
        return out.toByteArray();
    }

    /** A US Letter one-page PDF: objects 1-3 are catalog, tree and page, then {@code more} from 4 on. */
    static Path singlePagePdf(Path file, String pageEntries, byte[]... more) throws IOException {
        return Files.write(file, singlePagePdf(pageEntries, more));
    }

    /** The bytes of {@link #singlePagePdf(Path, String, byte[][])}. */
    public static byte[] singlePagePdf(String pageEntries, byte[]... more) {
        List<byte[]> bodies = new ArrayList<>(List.of(
                ascii("<< /Type /Catalog /Pages 2 0 R >>"),
                ascii("<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
                ascii("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] " + pageEntries + " >>")));
        bodies.addAll(Arrays.asList(more));
        return rawPdf(bodies.toArray(new byte[0][]));
    }

    public static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** A stream object body: the dictionary entries, then the data as given. */
    public static byte[] stream(String entries, byte[] data) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        write(out, "<< " + entries + " /Length " + data.length + " >>\nstream\n");
        out.writeBytes(data);
        write(out, "\nendstream");
        return out.toByteArray();
    }

    private static void write(ByteArrayOutputStream out, String text) {
        out.writeBytes(text.getBytes(StandardCharsets.ISO_8859_1));
    }

    /** Catalog, page tree and page inside a Flate object stream padded with {@code padding} spaces. */
    static Path objectStreamPdf(Path file, long padding) throws IOException {
        return Files.write(file, objectStreamPdf(objects -> {
            try {
                return deflated(objects, padding);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }));
    }

    /** Catalog, page tree and page inside a Flate object stream whose zlib data {@code deflate} makes of them. */
    public static byte[] objectStreamPdf(java.util.function.UnaryOperator<byte[]> deflate) {
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
        byte[] data = deflate.apply(ascii(header + body.toString()));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(ascii("%PDF-1.7\n"));
        int objstm = out.size();
        out.writeBytes(ascii("4 0 obj\n"));
        out.writeBytes(stream("/Type /ObjStm /N 3 /First " + header.length() + " /Filter /FlateDecode",
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
        out.writeBytes(stream("/Type /XRef /Size 6 /W [1 4 2] /Root 1 0 R", rows.toByteArray()));
        out.writeBytes(ascii("\nendobj\nstartxref\n" + xref + "\n%%EOF\n"));
        return out.toByteArray();
    }

    static byte[] deflatedSpaces(long count) throws IOException {
        return deflated(new byte[0], count);
    }

    static byte[] deflated(byte[] prefix, long spaces) throws IOException {
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

    /** A JPEG of random pixels, so that it does not compress to almost nothing. */
    static byte[] noisyJpeg(int width, int height) throws IOException {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        java.util.Random random = new Random(42);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                image.setRGB(x, y, random.nextInt(0xFFFFFF));
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(image, "jpeg", out);
        return out.toByteArray();
    }
}
