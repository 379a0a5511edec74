package org.signet.pdf.fonts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.support.OwnFonts;
import org.signet.support.ScriptText;

/** Which characters the sealed PDF can draw, as entry points check them. */
class GlyphsTest {
    /** Which characters no font draws depends on the fonts: only Signet's script fonts, never the machine's others. */
    @RegisterExtension
    static final OwnFonts FONTS = new OwnFonts();

    @Test
    void undrawable_privateUseAndLoneSurrogate_namedInOrderOnce() {
        assertEquals(Set.of(0xD800, 0xE000, 0xF8FF), Glyphs.undrawable("Ann \uF8FF\uE000 \uE000 \uD800"));
        assertEquals(List.of(0xD800, 0xE000, 0xF8FF), List.copyOf(Glyphs.undrawable("\uF8FF\uE000\uD800")));
    }

    @Test
    void undrawable_latinFromTheJar_nothing() {
        assertEquals(Set.of(), Glyphs.undrawable("Zoë Müller, 42 €"));
        assertEquals(Set.of(), Glyphs.undrawable(null));
        assertEquals(Set.of(), Glyphs.undrawable(""));
    }

    @Test
    void undrawable_spacesControlsJoinersAndSelectors_needNoGlyph() {
        assertEquals(Set.of(), Glyphs.undrawable("a\tb\nc\u0000d\u200Ce\u200Df\u200Fg\uFE0Fh\u00ADi"));
    }

    @Test
    void undrawable_everyScriptSignedIn_nothingWithTheInstalledFonts() {
        ScriptText.assumeFontsInstalled();

        assertEquals(Set.of(), Glyphs.undrawable("Łódź Ærøskøbing Đặng Σύμβαση Договор חוזה שָׁלוֹם عقد لا 契約書 "
                + "山田太郎 カタカナ 임대 계약서 किराया क्षत्रिय हूँ"));
    }

    @Test
    void names_asCodePointsAReaderCanLookUp() {
        assertEquals("U+E000, U+1F600, U+10FFFF", Glyphs.names(List.of(0xE000, 0x1F600, 0x10FFFF)));
    }
}
