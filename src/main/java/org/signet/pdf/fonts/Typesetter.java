package org.signet.pdf.fonts;

import java.io.IOException;
import java.lang.Character.UnicodeScript;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.font.PDType0Font;

/**
 * Measures and draws lines of printable text in one weight of one document's fonts, any script and
 * any mix of them: each run in its own font, right-to-left runs and complex scripts shaped by
 * {@link ShapedRun}, the rest shown as characters, which is faster and reads back the same.
 */
public final class Typesetter {
    /** Scripts whose characters are their glyphs, one each, left to right. */
    private static final Set<UnicodeScript> SIMPLE = Set.of(UnicodeScript.COMMON, UnicodeScript.LATIN,
            UnicodeScript.GREEK, UnicodeScript.CYRILLIC, UnicodeScript.HAN, UnicodeScript.HIRAGANA,
            UnicodeScript.KATAKANA, UnicodeScript.BOPOMOFO);

    private final DocumentFonts fonts;
    private final boolean bold;
    /** Widths in thousandths of an em: wrapping measures the same words again and again. */
    private final Map<String, Float> widths = new HashMap<>();

    Typesetter(DocumentFonts fonts, boolean bold) {
        this.fonts = fonts;
        this.bold = bold;
    }

    /** The width of {@code line} at {@code size} points. */
    public float width(String line, float size) throws IOException {
        Float cached = widths.get(line);
        if (cached == null) {
            float sum = 0;
            for (TextRuns.Run run : TextRuns.of(line, bold)) {
                PDType0Font font = fonts.embed(run.face());
                sum += simple(run, font) ? font.getStringWidth(run.text()) : ShapedRun.shape(run.face(),
                        run.text(), run.rtl()).advance();
            }
            cached = sum;
            widths.put(line, cached);
        }
        return cached / 1000f * size;
    }

    /** Shows {@code line} with its left end at {@code x} on the baseline {@code y}, in a text object of its own. */
    public void show(PDPageContentStream out, String line, float size, float x, float y) throws IOException {
        out.beginText();
        out.newLineAtOffset(x, y);
        for (TextRuns.Run run : TextRuns.of(line, bold)) {
            PDType0Font font = fonts.embed(run.face());
            out.setFont(font, size);
            if (simple(run, font)) {
                out.showText(run.text());
            } else {
                GlyphWriter.write(out, font, size, ShapedRun.shape(run.face(), run.text(), run.rtl()), run.rtl());
            }
        }
        out.endText();
    }

    /** The sans-serif's ascent and descent (negative), in ems: where lines sit in a box. */
    public float ascent() throws IOException {
        return fonts.embed(primary()).getFontDescriptor().getAscent() / 1000f;
    }

    public float descent() throws IOException {
        return fonts.embed(primary()).getFontDescriptor().getDescent() / 1000f;
    }

    private FontFile primary() {
        return bold ? FontIndex.JAR.bold() : FontIndex.JAR.regular();
    }

    /**
     * Whether the run can be shown character by character: left to right, in a script without
     * joining, reordering or marks, and each character read back from its glyph by the font's map.
     */
    private static boolean simple(TextRuns.Run run, PDType0Font font) {
        if (run.rtl()) {
            return false;
        }
        return run.text().codePoints().allMatch(cp -> plain(cp) && roundTrips(font, cp));
    }

    private static boolean plain(int cp) {
        int type = Character.getType(cp);
        if (type == Character.NON_SPACING_MARK || type == Character.ENCLOSING_MARK
                || type == Character.COMBINING_SPACING_MARK || type == Character.FORMAT) {
            return false;
        }
        UnicodeScript script = UnicodeScript.of(cp);
        // Hangul syllables and compatibility letters stand alone; conjoining jamo combine.
        return SIMPLE.contains(script) || script == UnicodeScript.HANGUL
                && (cp >= 0xAC00 && cp <= 0xD7A3 || cp >= 0x3130 && cp <= 0x318F);
    }

    private static boolean roundTrips(PDType0Font font, int cp) {
        int glyph = font.getCmapLookup().getGlyphId(cp);
        List<Integer> codes = glyph > 0 ? font.getCmapLookup().getCharCodes(glyph) : null;
        return codes != null && !codes.isEmpty() && codes.get(0) == cp;
    }
}
