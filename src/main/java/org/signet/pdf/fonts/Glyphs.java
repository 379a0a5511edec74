package org.signet.pdf.fonts;

import java.util.Collection;
import java.util.Collections;
import java.util.Locale;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Which characters Signet can draw into a PDF: those that one of its fonts has a glyph for. Text is
 * checked with {@link #undrawable} where it is entered, so the sealed document never shows a
 * replacement for what was signed.
 */
public final class Glyphs {

    private Glyphs() {
    }

    /**
     * The code points of {@code text} that no available font has a glyph for, in order; empty when
     * all of it can be drawn. Spaces, line breaks, control and format characters (joiners, direction
     * marks) and variation selectors need no glyph: they are drawn as a space or as nothing.
     */
    public static SortedSet<Integer> undrawable(String text) {
        if (text == null || text.isEmpty()) {
            return Collections.emptySortedSet();
        }
        FontIndex fonts = Fonts.index();
        SortedSet<Integer> missing = new TreeSet<>();
        text.codePoints().distinct().filter(cp -> !invisible(cp) && fonts.familyFor(cp) == null)
                .forEach(missing::add);
        return missing;
    }

    /** Code points as a reader can look them up: {@code U+E000, U+1F600}. */
    public static String names(Collection<Integer> codePoints) {
        return codePoints.stream().map(Glyphs::name).collect(Collectors.joining(", "));
    }

    static String name(int codePoint) {
        return String.format(Locale.ROOT, "U+%04X", codePoint);
    }

    /** Drawn as a space or as nothing, never as a glyph of its own. */
    static boolean invisible(int codePoint) {
        return Character.isWhitespace(codePoint) || Character.isISOControl(codePoint) || format(codePoint);
    }

    /** Joiners, direction marks, soft hyphens, variation selectors: they shape their neighbours or nothing. */
    public static boolean format(int codePoint) {
        return Character.getType(codePoint) == Character.FORMAT || codePoint >= 0xFE00 && codePoint <= 0xFE0F
                || codePoint >= 0xE0100 && codePoint <= 0xE01EF;
    }
}
