package org.signet.pdf.fonts;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;

/**
 * The characters a TrueType file has glyphs for, read from its {@code cmap} table alone (the
 * OpenType specification, "cmap" formats 4 and 12), with the Unicode subtable PDFBox embeds with:
 * a few milliseconds a file, where a full parse reads every table. A file without TrueType outlines
 * or the tables PDFBox needs, or whose licence forbids embedding a subset (OS/2 {@code fsType}),
 * covers nothing.
 */
final class FontCoverage {
    /** platform/encoding pairs in the order PDFBox's {@code TrueTypeFont.getUnicodeCmapLookup} tries them. */
    private static final int[][] UNICODE = {{0, 4}, {3, 10}, {0, 3}, {3, 1}};
    private static final String[] REQUIRED = {"head", "hhea", "maxp", "hmtx", "loca", "glyf", "post", "OS/2", "cmap"};
    private static final int NO_EMBEDDING = 0x0002;
    private static final int BITMAP_ONLY = 0x0200;
    private static final int NO_SUBSETTING = 0x0100;

    private FontCoverage() {
    }

    /** Bytes of the file: {@code length} of them from {@code offset}. */
    @FunctionalInterface
    interface Source {
        ByteBuffer read(long offset, long length) throws IOException;
    }

    static Source of(byte[] bytes) {
        return (offset, length) -> {
            if (offset < 0 || length < 0 || offset + length > bytes.length) {
                throw new IOException("a table lies outside the font file");
            }
            return ByteBuffer.wrap(bytes, (int) offset, (int) length).slice();
        };
    }

    static Source of(SeekableByteChannel file) {
        return (offset, length) -> read(file, offset, length);
    }

    static BitSet read(Source file) throws IOException {
        ByteBuffer head = file.read(0, 12);
        int tables = head.getShort(4) & 0xFFFF;
        ByteBuffer directory = file.read(12, 16L * tables);
        Map<String, long[]> where = new HashMap<>();
        for (int i = 0; i < tables; i++) {
            byte[] tag = new byte[4];
            directory.get(16 * i, tag);
            where.put(new String(tag, StandardCharsets.ISO_8859_1),
                    new long[] {directory.getInt(16 * i + 8) & 0xFFFFFFFFL, directory.getInt(16 * i + 12) & 0xFFFFFFFFL});
        }
        for (String t : REQUIRED) {
            if (!where.containsKey(t)) {
                return new BitSet();
            }
        }
        int fsType = file.read(where.get("OS/2")[0] + 8, 2).getShort(0) & 0xFFFF;
        if ((fsType & 0x000F) == NO_EMBEDDING || (fsType & (BITMAP_ONLY | NO_SUBSETTING)) != 0) {
            return new BitSet();
        }
        int glyphs = file.read(where.get("maxp")[0] + 4, 2).getShort(0) & 0xFFFF;
        long[] cmap = where.get("cmap");
        return characters(file.read(cmap[0], cmap[1]), glyphs);
    }

    private static BitSet characters(ByteBuffer cmap, int glyphs) {
        int count = cmap.getShort(2) & 0xFFFF;
        for (int[] wanted : UNICODE) {
            for (int i = 0; i < count; i++) {
                int at = 4 + 8 * i;
                if ((cmap.getShort(at) & 0xFFFF) == wanted[0] && (cmap.getShort(at + 2) & 0xFFFF) == wanted[1]) {
                    return subtable(cmap, cmap.getInt(at + 4), glyphs);
                }
            }
        }
        return new BitSet();
    }

    private static BitSet subtable(ByteBuffer cmap, int at, int glyphs) {
        int format = cmap.getShort(at) & 0xFFFF;
        BitSet covered = new BitSet();
        if (format == 4) {
            format4(cmap, at, glyphs, covered);
        } else if (format == 12) {
            int groups = cmap.getInt(at + 12);
            for (int g = 0; g < groups; g++) {
                int group = at + 16 + 12 * g;
                long start = cmap.getInt(group) & 0xFFFFFFFFL;
                long glyph = cmap.getInt(group + 8) & 0xFFFFFFFFL;
                // Character start + k has glyph + k; only glyphs 1 to glyphs - 1 exist.
                long from = Math.max(start, start + 1 - glyph);
                long to = Math.min(Math.min(cmap.getInt(group + 4) & 0xFFFFFFFFL, Character.MAX_CODE_POINT),
                        start + glyphs - 1 - glyph);
                if (from <= to) {
                    covered.set((int) from, (int) to + 1);
                }
            }
        }
        return covered;
    }

    /** Segments of consecutive codes, each mapped by a delta or through the glyph id array. */
    private static void format4(ByteBuffer cmap, int at, int glyphs, BitSet covered) {
        int segments = (cmap.getShort(at + 6) & 0xFFFF) / 2;
        int ends = at + 14;
        int starts = ends + 2 * segments + 2;
        int deltas = starts + 2 * segments;
        int offsets = deltas + 2 * segments;
        for (int s = 0; s < segments; s++) {
            int end = cmap.getShort(ends + 2 * s) & 0xFFFF;
            int start = cmap.getShort(starts + 2 * s) & 0xFFFF;
            int delta = cmap.getShort(deltas + 2 * s);
            int offset = cmap.getShort(offsets + 2 * s) & 0xFFFF;
            for (int c = start; c <= end && c != 0xFFFF; c++) {
                int glyph;
                if (offset == 0) {
                    glyph = (c + delta) & 0xFFFF;
                } else {
                    int index = offsets + 2 * s + offset + 2 * (c - start);
                    glyph = index + 2 <= cmap.limit() ? cmap.getShort(index) & 0xFFFF : 0;
                    glyph = glyph == 0 ? 0 : (glyph + delta) & 0xFFFF;
                }
                if (glyph > 0 && glyph < glyphs) {
                    covered.set(c);
                }
            }
        }
    }

    private static ByteBuffer read(SeekableByteChannel file, long offset, long length) throws IOException {
        if (length < 0 || length > Integer.MAX_VALUE || offset + length > file.size()) {
            throw new IOException("a table lies outside the font file");
        }
        ByteBuffer buffer = ByteBuffer.allocate((int) length);
        file.position(offset);
        while (buffer.hasRemaining() && file.read(buffer) > 0) {
            // read until full
        }
        if (buffer.hasRemaining()) {
            throw new IOException("the font file ended early");
        }
        return buffer.flip();
    }
}
