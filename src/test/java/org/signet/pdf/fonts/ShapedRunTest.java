package org.signet.pdf.fonts;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import org.apache.fontbox.ttf.CmapLookup;
import org.apache.fontbox.ttf.TrueTypeFont;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.signet.support.ScriptText;

/**
 * Shaping by the JDK's layout engine: the glyphs a reader of each script expects, in the order they
 * are seen, and clusters that each stand for a whole piece of the text. The expected glyphs are the
 * font's own: Noto Sans Arabic maps the Arabic Presentation Forms to its joined-form glyphs.
 */
class ShapedRunTest {

    @BeforeEach
    void fonts() {
        ScriptText.assumeFontsInstalled();
    }

    private static FontFile fontFor(int codePoint) {
        return Fonts.index().familyFor(codePoint).regular();
    }

    private static int[] glyphs(FontFile font, int... codePoints) throws IOException {
        try (TrueTypeFont parsed = font.parse()) {
            CmapLookup cmap = parsed.getUnicodeCmapLookup();
            int[] glyphs = new int[codePoints.length];
            for (int i = 0; i < codePoints.length; i++) {
                glyphs[i] = cmap.getGlyphId(codePoints[i]);
                assertTrue(glyphs[i] > 0, "the font maps U+" + Integer.toHexString(codePoints[i]));
            }
            return glyphs;
        }
    }

    @Test
    void shape_arabic_joinedFormsInVisualOrderRightToLeft() throws IOException {
        FontFile arabic = fontFor('م');
        assertEquals("NotoSansArabic-Regular.ttf", arabic.name());

        ShapedRun run = ShapedRun.shape(arabic, "محمد", true);

        // Seen from the left: final dal, medial meem, medial hah, initial meem.
        assertArrayEquals(glyphs(arabic, 0xFEAA, 0xFEE4, 0xFEA4, 0xFEE3), run.glyphs());
        for (int i = 1; i < run.glyphs().length; i++) {
            assertTrue(run.x()[i] > run.x()[i - 1], "left to right on the page");
        }
        assertEquals(List.of("د", "م", "ح", "م"), run.clusters().stream().map(ShapedRun.Cluster::text).toList());
    }

    @Test
    void shape_lamAlef_oneLigatureStandingForBothLetters() throws IOException {
        FontFile arabic = fontFor('ل');

        ShapedRun run = ShapedRun.shape(arabic, "لا", true);

        assertArrayEquals(glyphs(arabic, 0xFEFB), run.glyphs());
        assertEquals(List.of(new ShapedRun.Cluster(0, 1, "لا")), run.clusters());
    }

    @Test
    void shape_devanagari_vowelSignIDrawnBeforeItsConsonant_oneCluster() throws IOException {
        FontFile devanagari = fontFor('क');

        ShapedRun run = ShapedRun.shape(devanagari, "कि", false);

        // The sign comes first on the page (in a form as wide as its consonant), the consonant after it.
        assertEquals(2, run.glyphs().length);
        assertEquals(glyphs(devanagari, 0x0915)[0], run.glyphs()[1]);
        assertTrue(run.x()[0] < run.x()[1]);
        assertEquals(List.of(new ShapedRun.Cluster(0, 2, "कि")), run.clusters());
    }

    @Test
    void shape_hebrewWithPoints_aLetterAndItsMarksAreOneCluster() {
        ShapedRun run = ShapedRun.shape(fontFor('ש'), "שָׁלוֹם", true);

        assertEquals(List.of("ם", "וֹ", "ל", "שָׁ"), run.clusters().stream().map(ShapedRun.Cluster::text).toList());
        assertTrue(run.advance() > 0);
    }
}
