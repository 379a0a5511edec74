package org.signet.pdf.fonts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import org.apache.fontbox.ttf.CmapLookup;
import org.apache.fontbox.ttf.TTFParser;
import org.apache.fontbox.ttf.TrueTypeFont;
import org.apache.pdfbox.io.RandomAccessReadBuffer;
import org.junit.jupiter.api.Test;
import org.signet.support.ScriptText;

/** The characters read from a font's cmap alone are exactly those PDFBox will find glyphs for. */
class FontCoverageTest {

    private static byte[] jarFont(String name) throws IOException {
        try (InputStream in = FontCoverageTest.class.getResourceAsStream("/fonts/" + name)) {
            return in.readAllBytes();
        }
    }

    /** What FontBox's full parse maps, through the same Unicode cmap PDFBox embeds with. */
    private static BitSet fontBox(byte[] font) throws IOException {
        try (TrueTypeFont parsed = new TTFParser().parse(new RandomAccessReadBuffer(font))) {
            CmapLookup cmap = parsed.getUnicodeCmapLookup();
            BitSet covered = new BitSet();
            for (int glyph = 1; glyph < parsed.getNumberOfGlyphs(); glyph++) {
                List<Integer> codes = cmap.getCharCodes(glyph);
                if (codes != null) {
                    codes.forEach(covered::set);
                }
            }
            return covered;
        }
    }

    @Test
    void read_jarFonts_sameCharactersAsFontBox() throws IOException {
        for (String name : List.of("LiberationSans-Regular.ttf", "LiberationSans-Bold.ttf")) {
            byte[] font = jarFont(name);
            BitSet covered = FontCoverage.read(FontCoverage.of(font));
            assertTrue(covered.cardinality() > 2000, name);
            assertEquals(fontBox(font), covered, name);
        }
    }

    @Test
    void read_installedScriptFonts_sameCharactersAsFontBox() throws IOException {
        ScriptText.assumeFontsInstalled();
        FontIndex index = Fonts.index();
        for (int probe : new int[] {'Ж', 'א', 'ع', 'क', '中', '한'}) {
            FontFile file = index.familyFor(probe).regular();
            byte[] font = file.bytes();
            assertEquals(fontBox(font), FontCoverage.read(FontCoverage.of(font)), file.name());
        }
    }

    @Test
    void read_licenceForbidsEmbeddingOrSubsetting_coversNothing() throws IOException {
        for (int fsType : new int[] {0x0002, 0x0100, 0x0200}) {
            byte[] font = withFsType(jarFont("LiberationSans-Regular.ttf"), fsType);
            assertEquals(new BitSet(), FontCoverage.read(FontCoverage.of(font)), "fsType " + fsType);
        }
        byte[] editable = withFsType(jarFont("LiberationSans-Regular.ttf"), 0x0008);
        assertTrue(FontCoverage.read(FontCoverage.of(editable)).get('A'), "editable embedding is allowed");
    }

    @Test
    void read_cutShortOrNoFont_failsOrCoversNothing() throws IOException {
        byte[] font = jarFont("LiberationSans-Regular.ttf");
        assertThrows(IOException.class, () -> FontCoverage.read(FontCoverage.of(Arrays.copyOf(font, 200))));
        assertThrows(IOException.class, () -> FontCoverage.read(FontCoverage.of("text".getBytes(StandardCharsets.US_ASCII))));
        assertEquals(new BitSet(), FontCoverage.read(FontCoverage.of(new byte[12])), "a font with no tables");
    }

    /** The font with its OS/2 table's fsType (offset 8) set, found through the table directory. */
    private static byte[] withFsType(byte[] font, int fsType) {
        byte[] copy = font.clone();
        ByteBuffer b = ByteBuffer.wrap(copy);
        int tables = b.getShort(4) & 0xFFFF;
        for (int i = 0; i < tables; i++) {
            int at = 12 + 16 * i;
            if (new String(copy, at, 4, StandardCharsets.ISO_8859_1).equals("OS/2")) {
                b.putShort(b.getInt(at + 8) + 8, (short) fsType);
                return copy;
            }
        }
        throw new AssertionError("no OS/2 table");
    }
}
