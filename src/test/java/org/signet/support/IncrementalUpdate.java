package org.signet.support;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSObject;
import org.apache.pdfbox.cos.COSString;
import org.apache.pdfbox.pdmodel.PDDocument;

/**
 * An incremental update (ISO 32000-1 §7.5.6) written by hand after a signed file: new bodies for
 * chosen object numbers and generations, entries that free an object, entries that point an object
 * at bytes already in the file, and a cross-reference table whose trailer continues the file's own.
 * It lets an update say exactly what an attacker's says, which PDFBox's incremental writer never would.
 */
public final class IncrementalUpdate {
    private final byte[] base;
    private final ByteArrayOutputStream bodies = new ByteArrayOutputStream();
    /** Object number to its table line (offset or next free object, generation, n or f). */
    private final Map<Integer, String> entries = new TreeMap<>();
    private final String trailer;
    private final int size;
    private int fresh;

    private IncrementalUpdate(byte[] base) {
        this.base = base;
        try (PDDocument doc = Loader.loadPDF(base)) {
            COSDictionary t = doc.getDocument().getTrailer();
            this.size = t.getInt(COSName.SIZE);
            this.fresh = size;
            this.trailer = "/Root " + reference(t.getItem(COSName.ROOT))
                    + (t.getItem(COSName.INFO) == null ? "" : " /Info " + reference(t.getItem(COSName.INFO)))
                    + ids(t.getCOSArray(COSName.ID));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** An update to be appended to {@code base}. */
    public static IncrementalUpdate after(byte[] base) {
        return new IncrementalUpdate(base);
    }

    /** A number no object of the file has yet, for an object the update adds. */
    public int fresh() {
        return fresh++;
    }

    /** A new body for object {@code number} under {@code generation}. */
    public IncrementalUpdate object(int number, int generation, String body) {
        return object(number, generation, RawPdf.ascii(body));
    }

    public IncrementalUpdate object(int number, int generation, byte[] body) {
        long at = base.length + bodies.size();
        bodies.writeBytes(RawPdf.indirect(number, generation, body));
        entries.put(number, "%010d %05d n ".formatted(at, generation));
        return this;
    }

    /** A new stream body for object {@code number} (generation 0). */
    public IncrementalUpdate stream(int number, String entries, String data) {
        return object(number, 0, RawPdf.streamBody(entries, RawPdf.ascii(data)));
    }

    /** Marks object {@code number} free, its next generation {@code nextGeneration}. */
    public IncrementalUpdate free(int number, int nextGeneration) {
        entries.put(number, "0000000000 %05d f ".formatted(nextGeneration));
        return this;
    }

    /** Points object {@code number} at {@code offset}, bytes already in the file; no body is written. */
    public IncrementalUpdate pointer(int number, long offset) {
        entries.put(number, "%010d 00000 n ".formatted(offset));
        return this;
    }

    /** The file with the update appended: bodies, one table of one-line subsections, the trailer. */
    public byte[] bytes() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(base);
        if (base[base.length - 1] != '\n') {
            out.write('\n');
        }
        int shift = out.size() - base.length;
        byte[] written = bodies.toByteArray();
        out.writeBytes(written);
        long xref = out.size();
        StringBuilder table = new StringBuilder("xref\n");
        int highest = fresh - 1;
        for (Map.Entry<Integer, String> e : entries.entrySet()) {
            table.append(e.getKey()).append(" 1\n").append(shifted(e.getValue(), shift)).append('\n');
            highest = Math.max(highest, e.getKey());
        }
        table.append("trailer\n<< /Size ").append(highest + 1).append(' ').append(trailer).append(" /Prev ")
                .append(lastStartxref(base)).append(" >>\nstartxref\n").append(xref).append("\n%%EOF\n");
        out.writeBytes(RawPdf.ascii(table.toString()));
        return out.toByteArray();
    }

    /** A line's offset moved by the newline added after the base, for bodies written in this update. */
    private String shifted(String line, int shift) {
        if (shift == 0 || !line.endsWith("n ")) {
            return line;
        }
        long offset = Long.parseLong(line.substring(0, 10));
        return offset >= base.length ? "%010d%s".formatted(offset + shift, line.substring(10)) : line;
    }

    /** Where the file's last cross-reference section starts, as its last {@code startxref} says. */
    public static long lastStartxref(byte[] pdf) {
        String tail = new String(pdf, Math.max(0, pdf.length - 2048), Math.min(2048, pdf.length),
                StandardCharsets.ISO_8859_1);
        int at = tail.lastIndexOf("startxref");
        return Long.parseLong(tail.substring(at + "startxref".length()).trim().split("\\s+")[0]);
    }

    public static String reference(COSBase value) {
        COSObject object = value instanceof COSObject o ? o : null;
        var key = object != null ? object.getKey() : value.getKey();
        return key.getNumber() + " " + key.getGeneration() + " R";
    }

    private static String ids(COSArray id) {
        if (id == null || id.size() != 2) {
            return "";
        }
        return " /ID [<" + hex(id.getObject(0)) + "> <" + hex(id.getObject(1)) + ">]";
    }

    private static String hex(COSBase value) {
        return value instanceof COSString s ? s.toHexString() : "";
    }
}
