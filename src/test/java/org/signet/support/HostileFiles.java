package org.signet.support;

import static org.signet.pdf.intake.IntakeSamples.ascii;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.Adler32;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.signet.pdf.intake.IntakeSamples;

/**
 * Uploads made to hurt, built in memory: decompression bombs, nesting past any real
 * document, page trees that loop or lie, image headers that lie, and files that are two kinds at once.
 */
public final class HostileFiles {
    public static final long GIB = 1L << 30;
    /** A zlib stream of zeros is built from copies of this much, deflated once. */
    private static final int UNIT = 16 << 20;
    private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    private HostileFiles() {}

    /**
     * A zlib stream (RFC 1950) inflating to {@code count} zero bytes, a multiple of 16 MiB, at about a
     * thousandth of that. Deflating gigabytes would take the test longer than the server; but one
     * flushed deflate of zeros refers back only to zeros, so copies of it inflate to more zeros.
     */
    public static byte[] zlibZeros(long count) {
        return zlib(new byte[0], count);
    }

    /**
     * A zlib stream inflating to {@code prefix} and then {@code zeros} zero bytes. The copies of the
     * deflated zeros refer back only within themselves, so they follow any prefix.
     */
    public static byte[] zlib(byte[] prefix, long zeros) {
        if (zeros % UNIT != 0) {
            throw new IllegalArgumentException("a multiple of " + UNIT + ": " + zeros);
        }
        byte[] unit = flushedDeflate(new byte[UNIT]);
        ByteArrayOutputStream out = new ByteArrayOutputStream((int) (zeros / UNIT * unit.length + prefix.length + 16));
        out.write(0x78);
        out.write(0xda);
        out.writeBytes(flushedDeflate(prefix));
        for (long i = 0; i < zeros / UNIT; i++) {
            out.writeBytes(unit);
        }
        // A final fixed-Huffman block holding only its end code, then Adler-32 (RFC 1950): zeros leave
        // its sum a as the prefix left it and add a to its sum b once each.
        out.writeBytes(new byte[] {0x03, 0x00});
        Adler32 adler = new Adler32();
        adler.update(prefix);
        long a = adler.getValue() & 0xffff;
        long b = (adler.getValue() >>> 16) + zeros % 65521 * a;
        out.writeBytes(ByteBuffer.allocate(4).putInt((int) (b % 65521 << 16 | a)).array());
        return out.toByteArray();
    }

    private static byte[] flushedDeflate(byte[] data) {
        Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION, true);
        try {
            deflater.setInput(data);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buffer = new byte[64 * 1024];
            int n;
            do {
                n = deflater.deflate(buffer, 0, buffer.length, Deflater.SYNC_FLUSH);
                out.write(buffer, 0, n);
            } while (n == buffer.length || !deflater.needsInput());
            return out.toByteArray();
        } finally {
            deflater.end();
        }
    }

    /** A one-page PDF whose content stream inflates to {@code inflated} bytes. */
    public static byte[] pdfContentBomb(long inflated) {
        return IntakeSamples.singlePagePdf("/Contents 4 0 R",
                IntakeSamples.stream("/Filter /FlateDecode", zlibZeros(inflated)));
    }

    /** Catalog, page tree and page in an object stream that inflates to {@code inflated} bytes more. */
    public static byte[] pdfObjectStreamBomb(long inflated) {
        return IntakeSamples.objectStreamPdf(objects -> zlib(objects, inflated));
    }

    /** A one-page PDF whose page carries {@code open} nested {@code depth} times, closed again. */
    public static byte[] pdfNested(String open, String close, int depth) {
        return IntakeSamples.singlePagePdf("/Nest " + open.repeat(depth) + close.repeat(depth));
    }

    /** A page tree whose second node lists the root among its kids. */
    public static byte[] pdfPageTreeCycle() {
        return IntakeSamples.rawPdf(ascii("<< /Type /Catalog /Pages 2 0 R >>"),
                ascii("<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
                ascii("<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>"));
    }

    /** One real page under a tree that declares a million. */
    public static byte[] pdfDeclaringMillionPages() {
        return IntakeSamples.rawPdf(ascii("<< /Type /Catalog /Pages 2 0 R >>"),
                ascii("<< /Type /Pages /Kids [3 0 R] /Count 1000000 >>"),
                ascii("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>"));
    }

    /**
     * A one-page PDF whose classic cross-reference table has {@code entries} entries (20 bytes each,
     * 25 MB for 1,250,000): all but the first four in use at an offset where no object starts, so that
     * a reader holds every entry before it finds the table wrong and rebuilds it by a scan of the file.
     */
    public static byte[] pdfLongXrefTable(int entries) {
        byte[] small = IntakeSamples.singlePagePdf("");
        String text = new String(small, StandardCharsets.ISO_8859_1);
        int xref = text.lastIndexOf("xref\n0 4\n");
        ByteArrayOutputStream out = new ByteArrayOutputStream(xref + entries * 20 + 128);
        out.write(small, 0, xref);
        out.writeBytes(ascii("xref\n0 " + entries + "\n"));
        int tableStart = xref + "xref\n0 4\n".length();
        out.writeBytes(ascii(text.substring(tableStart, tableStart + 4 * 20)));
        byte[] nowhere = ascii("0000000001 00000 n \n");
        for (int i = 4; i < entries; i++) {
            out.writeBytes(nowhere);
        }
        out.writeBytes(ascii("trailer\n<< /Size " + entries + " /Root 1 0 R >>\nstartxref\n" + xref + "\n%%EOF\n"));
        return out.toByteArray();
    }

    /** An 8-bit RGBA PNG of {@code width} x {@code height} whose one IDAT chunk holds {@code zlib}. */
    public static byte[] png(int width, int height, byte[] zlib) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(zlib.length + 64);
        out.writeBytes(PNG_SIGNATURE);
        chunk(out, "IHDR", ByteBuffer.allocate(13).putInt(width).putInt(height).put((byte) 8).put((byte) 6)
                .put((byte) 0).put((byte) 0).put((byte) 0).array());
        chunk(out, "IDAT", zlib);
        chunk(out, "IEND", new byte[0]);
        return out.toByteArray();
    }

    private static void chunk(ByteArrayOutputStream out, String type, byte[] data) {
        byte[] typeBytes = type.getBytes(StandardCharsets.US_ASCII);
        CRC32 crc = new CRC32();
        crc.update(typeBytes);
        crc.update(data);
        out.writeBytes(ByteBuffer.allocate(4).putInt(data.length).array());
        out.writeBytes(typeBytes);
        out.writeBytes(data);
        out.writeBytes(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
    }

    /** The PNG signature in front of a JPEG's bytes: sniffed as a PNG, which it is not. */
    public static byte[] pngSignatureOnJpeg() {
        return concatenated(PNG_SIGNATURE, TestFiles.jpeg(64, 32));
    }

    /** The first {@code keep} of every {@code of} bytes: a file cut short. */
    public static byte[] truncated(byte[] file, int keep, int of) {
        return Arrays.copyOf(file, file.length * keep / of);
    }

    public static byte[] concatenated(byte[]... files) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] f : files) {
            out.writeBytes(f);
        }
        return out.toByteArray();
    }

    /**
     * A PDF that is also a ZIP: the archive (holding a web page with a script) follows the PDF's end
     * marker, where PDF readers stop and ZIP readers, which start from the end, look.
     */
    public static byte[] pdfZipPolyglot() {
        return concatenated(TestFiles.pdf(1), zip("index.html", html()));
    }

    /**
     * A PDF that is also a web page: markup with a script before the PDF header (readers take a
     * header within the first kilobyte), and a PDF that runs JavaScript when opened.
     */
    public static byte[] pdfHtmlPolyglot() {
        byte[] head = ascii("<html><body><script>alert(document.cookie)</script><!--\n");
        return concatenated(head, TestFiles.pdfWithActiveContent(), ascii("\n--></body></html>\n"));
    }

    private static byte[] html() {
        return ascii("<html><script>fetch('/steal?c=' + document.cookie)</script></html>");
    }

    private static byte[] zip(String name, byte[] content) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(out)) {
            zip.putNextEntry(new ZipEntry(name));
            zip.write(content);
            zip.closeEntry();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
