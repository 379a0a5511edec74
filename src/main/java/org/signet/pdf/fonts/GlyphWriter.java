package org.signet.pdf.fonts;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.IntStream;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.font.PDType0Font;

/**
 * Shows a shaped run by glyph id, each glyph at the position the layout engine gave it. A cluster
 * whose glyphs do not map one to one onto its characters (a joined Arabic letter, a conjunct, a vowel
 * sign drawn before its consonant) is marked with its text as {@code /ActualText} (PDF 32000-1,
 * 14.9.4), which text extraction, search and copying use instead of the glyphs. In a right-to-left
 * run that text is given in the order it is seen, as the glyphs are: extractors such as poppler's
 * take a line in the order it is seen and reverse each right-to-left stretch back into reading order.
 */
final class GlyphWriter {
    private static final HexFormat HEX = HexFormat.of().withUpperCase();
    /** Glyph ids the JDK gives characters that draw nothing (joiners, direction marks). */
    private static final int INVISIBLE = 0xFFFE;

    private final PDType0Font font;
    private final float size;
    private final StringBuilder content = new StringBuilder();
    private final StringBuilder array = new StringBuilder();
    private final Set<Integer> used = new HashSet<>();
    private float pen;
    private float rise;

    private GlyphWriter(PDType0Font font, float size) {
        this.font = font;
        this.size = size;
    }

    /** Appends the run to {@code out}, inside a text object whose font is already {@code font} at {@code size}. */
    @SuppressWarnings("deprecation") // PDPageContentStream is final and has no other way to show a glyph by id
    static void write(PDPageContentStream out, PDType0Font font, float size, ShapedRun run, boolean rtl)
            throws IOException {
        GlyphWriter w = new GlyphWriter(font, size);
        for (ShapedRun.Cluster c : run.clusters()) {
            w.cluster(run, c, rtl);
        }
        w.moveTo(run.advance());
        w.flush();
        if (w.rise != 0) {
            w.content.append("0 Ts\n");
        }
        font.addGlyphsToSubset(w.used);
        out.appendRawCommands(w.content.toString().getBytes(StandardCharsets.US_ASCII));
    }

    private void cluster(ShapedRun run, ShapedRun.Cluster c, boolean rtl) throws IOException {
        List<Integer> drawn = IntStream.range(c.from(), c.to())
                .filter(i -> run.glyphs()[i] > 0 && run.glyphs()[i] < INVISIBLE).boxed().toList();
        if (drawn.isEmpty()) {
            return;
        }
        if (stands(run.glyphs()[drawn.get(0)], drawn.size(), c.text())) {
            int i = drawn.get(0);
            glyph(run.glyphs()[i], run.x()[i], run.y()[i], 0);
            return;
        }
        flush();
        content.append("/Span <</ActualText <FEFF").append(utf16(rtl ? reversed(c.text()) : c.text()))
                .append(">>> BDC\n");
        spanned(run, drawn);
        flush();
        content.append("EMC\n");
    }

    /**
     * A marked cluster's glyphs, drawn from its left edge to its right: extractors place the text of
     * a span from where its first glyph starts to where its last one ends, and a span that seems to
     * end early or start late leaves a gap they read as a space. So the leftmost glyph goes first,
     * the one that reaches furthest right last, and should a mark inside its base come last, the
     * character spacing ({@code Tc}) carries its advance to the cluster's edge; nothing moves on the page.
     */
    private void spanned(ShapedRun run, List<Integer> drawn) throws IOException {
        List<Integer> order = new ArrayList<>(drawn);
        int left = order.stream().min(Comparator.comparingDouble(i -> run.x()[i])).orElseThrow();
        order.remove(Integer.valueOf(left));
        order.sort(Comparator.comparingDouble(i -> end(run, i)));
        order.add(0, left);
        float right = (float) drawn.stream().mapToDouble(i -> end(run, i)).max().orElseThrow();
        for (int k = 0; k < order.size(); k++) {
            int i = order.get(k);
            float reach = k == order.size() - 1 ? right - end(run, i) : 0;
            glyph(run.glyphs()[i], run.x()[i], run.y()[i], reach);
        }
    }

    private float end(ShapedRun run, int i) {
        try {
            return run.x()[i] + font.getWidth(run.glyphs()[i]);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether one glyph stands for the text by itself: the font's own map (the ToUnicode) gives the text back. */
    private boolean stands(int glyph, int glyphs, String text) {
        if (glyphs != 1 || text.codePointCount(0, text.length()) != 1) {
            return false;
        }
        List<Integer> codes = font.getCmapLookup().getCharCodes(glyph);
        return codes != null && !codes.isEmpty() && codes.get(0) == text.codePointAt(0);
    }

    /** Shows {@code glyph} at ({@code x}, {@code y}), its advance lengthened by {@code reach} thousandths of an em. */
    private void glyph(int glyph, float x, float y, float reach) throws IOException {
        float r = -y * size / FontFile.SHAPING_SIZE;
        if (r != rise) {
            flush();
            content.append(number(r)).append(" Ts\n");
            rise = r;
        }
        moveTo(x);
        boolean reaching = reach > 0.01f;
        if (reaching) {
            flush();
            content.append(number(reach * size / FontFile.SHAPING_SIZE)).append(" Tc\n");
        }
        array.append('<').append(HEX.formatHex(font.encodeGlyphId(glyph))).append('>');
        pen += font.getWidth(glyph) + (reaching ? reach : 0);
        used.add(glyph);
        if (reaching) {
            flush();
            content.append("0 Tc\n");
        }
    }

    /** Moves the pen to {@code x} with a TJ adjustment, which counts in thousandths of an em the other way. */
    private void moveTo(float x) {
        float adjust = pen - x;
        if (Math.abs(adjust) > 0.01f) {
            array.append(' ').append(number(adjust)).append(' ');
        }
        pen = x;
    }

    private void flush() {
        if (array.length() > 0) {
            content.append('[').append(array).append("] TJ\n");
            array.setLength(0);
        }
    }

    private static String utf16(String text) {
        return HEX.formatHex(text.getBytes(StandardCharsets.UTF_16BE));
    }

    private static String reversed(String text) {
        return new StringBuilder(text).reverse().toString(); // keeps surrogate pairs whole
    }

    private static String number(float value) {
        return String.format(Locale.ROOT, "%.2f", value);
    }
}
