package org.signet.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.error.Refusal;
import org.signet.support.OwnFonts;

/** The check every entry point runs on text that reaches the sealed PDF. */
class DrawableTextTest {
    /** Which characters no font draws depends on the fonts: only Signet's script fonts, never the machine's others. */
    @RegisterExtension
    static final OwnFonts FONTS = new OwnFonts();

    @Test
    void problem_drawableText_null() {
        assertNull(DrawableText.problem("Zoë Müller"));
        assertNull(DrawableText.problem(null));
        assertNull(DrawableText.problem("a\u200Db\tc"));
    }

    @Test
    void problem_namesEachCharacterOnce_andStopsAfterTen() {
        assertEquals("has characters no font can draw: U+E000, U+E001",
                DrawableText.problem("Ann \uE001\uE000\uE001"));
        StringBuilder many = new StringBuilder();
        for (int cp = 0xE000; cp < 0xE00C; cp++) {
            many.appendCodePoint(cp);
        }
        assertEquals("has characters no font can draw: U+E000, U+E001, U+E002, U+E003, U+E004, U+E005, U+E006, "
                + "U+E007, U+E008, U+E009, ...", DrawableText.problem(many.toString()));
    }

    @Test
    void check_recordsTheParameterWithItsMessage() {
        Map<String, String> rejected = new LinkedHashMap<>();

        DrawableText.check("title", "Lease \uE000", rejected::put);
        DrawableText.check("name", "Ann", rejected::put);

        assertEquals(Map.of("title", "title has characters no font can draw: U+E000."), rejected);
    }

    @Test
    void require_400RestInvalidParamNamingIt() {
        Refusal r = assertThrows(Refusal.class, () -> DrawableText.require("signature.text", "Ann \uE000"));

        assertEquals(Refusal.Kind.INVALID, r.kind());
        assertEquals("rest_invalid_param", r.code());
        assertEquals(Map.of("signature.text", "signature.text has characters no font can draw: U+E000."),
                r.data().get("params"));
    }

    @Test
    void drawablePart_leavesOutWhatNoFontDraws() {
        assertEquals("Lease 4.pdf", DrawableText.drawablePart("Lease \uE0004.pdf"));
        assertEquals("", DrawableText.drawablePart("\uE000"));
        assertEquals("Ann", DrawableText.drawablePart("Ann"));
    }
}
