package org.signet.support;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;

/**
 * A PDF written object by object, as an attacker writes the original they upload: every object
 * number, every byte of every stream is the writer's choice, which PDFBox's own writer does not allow.
 */
public final class RawPdf {
    private final Map<Integer, byte[]> bodies = new TreeMap<>();

    /** Object {@code number} (generation 0) is the dictionary or value {@code body}. */
    public RawPdf object(int number, String body) {
        bodies.put(number, ascii(body));
        return this;
    }

    /** Object {@code number} is a stream of {@code data} stored as it is, with {@code entries} in its dictionary. */
    public RawPdf stream(int number, String entries, byte[] data) {
        bodies.put(number, streamBody(entries, data));
        return this;
    }

    public RawPdf stream(int number, String entries, String data) {
        return stream(number, entries, ascii(data));
    }

    /** The whole file: header, the objects in number order, a cross-reference table and a trailer naming {@code root}. */
    public byte[] bytes(int root) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(ascii("%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n"));
        int size = bodies.isEmpty() ? 1 : ((TreeMap<Integer, byte[]>) bodies).lastKey() + 1;
        long[] offsets = new long[size];
        bodies.forEach((number, body) -> {
            offsets[number] = out.size();
            out.writeBytes(indirect(number, 0, body));
        });
        long xref = out.size();
        StringBuilder table = new StringBuilder("xref\n0 " + size + "\n0000000000 65535 f \n");
        for (int i = 1; i < size; i++) {
            table.append(offsets[i] == 0 ? "0000000000 00000 f \n" : "%010d 00000 n \n".formatted(offsets[i]));
        }
        table.append("trailer\n<< /Size ").append(size).append(" /Root ").append(root).append(" 0 R >>\nstartxref\n")
                .append(xref).append("\n%%EOF\n");
        out.writeBytes(ascii(table.toString()));
        return out.toByteArray();
    }

    /** {@code number gen obj ... endobj} around {@code body}. */
    public static byte[] indirect(int number, int generation, byte[] body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(ascii(number + " " + generation + " obj\n"));
        out.writeBytes(body);
        out.writeBytes(ascii("\nendobj\n"));
        return out.toByteArray();
    }

    /** A stream object's body: its dictionary with the right /Length, then the data unfiltered. */
    public static byte[] streamBody(String entries, byte[] data) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(ascii("<< " + entries + " /Length " + data.length + " >>\nstream\n"));
        out.writeBytes(data);
        out.writeBytes(ascii("\nendstream"));
        return out.toByteArray();
    }

    public static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }
}
