package org.signet.pdf.fonts;

import java.awt.Font;
import java.awt.font.FontRenderContext;
import java.awt.font.GlyphVector;
import java.text.BreakIterator;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * A run of text shaped by the JDK's layout engine (HarfBuzz inside): Arabic letters in their joined
 * forms and ligatures, Devanagari conjuncts and reordered vowel signs, marks placed on their bases.
 * Glyphs come in the order they are seen, with their positions in thousandths of an em, and grouped
 * into clusters, each the smallest piece of glyphs that stands for a whole piece of the text.
 *
 * @param glyphs glyph ids of the font, left to right
 * @param x where each glyph starts, and at the end where the run ends
 * @param y each glyph's offset from the baseline, downwards
 */
record ShapedRun(int[] glyphs, float[] x, float[] y, List<Cluster> clusters) {

    /** Glyphs {@code from} to {@code to} (exclusive) draw {@code text}, given in logical order. */
    record Cluster(int from, int to, String text) {}

    /** Unhinted, with fractional advances: positions as the font designs them. */
    private static final FontRenderContext DESIGN = new FontRenderContext(null, true, true);

    static ShapedRun shape(FontFile face, String text, boolean rtl) {
        char[] chars = text.toCharArray();
        GlyphVector v = face.shaping().layoutGlyphVector(DESIGN, chars, 0, chars.length,
                rtl ? Font.LAYOUT_RIGHT_TO_LEFT : Font.LAYOUT_LEFT_TO_RIGHT);
        int n = v.getNumGlyphs();
        float[] positions = v.getGlyphPositions(0, n + 1, null);
        float[] x = new float[n + 1];
        float[] y = new float[n];
        for (int i = 0; i <= n; i++) {
            x[i] = positions[2 * i];
            if (i < n) {
                y[i] = positions[2 * i + 1];
            }
        }
        int[] glyphs = v.getGlyphCodes(0, n, null);
        return new ShapedRun(glyphs, x, y, clusters(text, v.getGlyphCharIndices(0, n, null)));
    }

    /** Where the run ends, in thousandths of an em. */
    float advance() {
        return x[x.length - 1];
    }

    /**
     * The layout engine's clusters, joined where one would split a user-perceived character (a base
     * and its marks), so each cluster's text is whole. Should a cluster's glyphs not lie side by side,
     * the run becomes one cluster: its text is never given twice.
     */
    private static List<Cluster> clusters(String text, int[] charIndices) {
        TreeSet<Integer> starts = new TreeSet<>(List.of(0, text.length()));
        Set<Integer> graphemes = graphemeBoundaries(text);
        for (int c : charIndices) {
            if (graphemes.contains(c)) {
                starts.add(c);
            }
        }
        List<Cluster> clusters = new ArrayList<>();
        Set<Integer> seen = new HashSet<>();
        int from = 0;
        for (int i = 1; i <= charIndices.length; i++) {
            int start = starts.floor(charIndices[from]);
            if (i < charIndices.length && starts.floor(charIndices[i]) == start) {
                continue;
            }
            if (!seen.add(start)) {
                return List.of(new Cluster(0, charIndices.length, text));
            }
            clusters.add(new Cluster(from, i, text.substring(start, starts.higher(start))));
            from = i;
        }
        return clusters;
    }

    private static Set<Integer> graphemeBoundaries(String text) {
        BreakIterator characters = BreakIterator.getCharacterInstance();
        characters.setText(text);
        Set<Integer> boundaries = new HashSet<>();
        for (int b = characters.first(); b != BreakIterator.DONE; b = characters.next()) {
            boundaries.add(b);
        }
        return boundaries;
    }
}
