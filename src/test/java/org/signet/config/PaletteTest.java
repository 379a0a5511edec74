package org.signet.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PaletteTest {
    private static final List<Colour> BACKGROUNDS = List.of(Colour.WHITE, Colour.parse("#eceff3").orElseThrow(),
            Colour.parse("#f3f4f6").orElseThrow());

    @Test
    void of_signetsAccent_keepsTheShadesOfLookCss() throws IOException {
        Palette p = Palette.of(Palette.DEFAULT_ACCENT);
        String look;
        try (InputStream in = PaletteTest.class.getResourceAsStream("/web/look.css")) {
            look = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        for (String property : new String[] {"--accent: " + p.accent().hex(), "--primary: " + p.accent().hex(),
                "--primary-hover: " + p.hover().hex(), "--primary-soft: " + p.soft().hex(),
                "--primary-ink: " + p.ink().hex(), "--brand-ink: " + p.brandInk().hex(), "--focus: " + p.focus().hex()}) {
            assertTrue(look.contains(property + ";"), property);
        }
    }

    @Test
    void of_everyAccentTheStartCheckAccepts_keepsEveryTextReadable() {
        List<String> problems = new ArrayList<>();
        int accents = 0;
        for (int r = 0; r < 256; r += 15) {
            for (int g = 0; g < 256; g += 15) {
                for (int b = 0; b < 256; b += 15) {
                    Colour accent = new Colour(r, g, b);
                    if (accent.contrast(Colour.WHITE) >= SiteBrand.MIN_CONTRAST) {
                        accents++;
                        check(Palette.of(accent), problems);
                    }
                }
            }
        }
        assertTrue(accents > 1000, "only " + accents + " accents tried");
        assertEquals(List.of(), problems.stream().limit(20).toList());
    }

    private static void check(Palette p, List<String> problems) {
        List<Colour> behindInk = new ArrayList<>(BACKGROUNDS);
        behindInk.add(p.soft());
        for (Colour background : behindInk) {
            for (Colour text : List.of(p.ink(), p.hover(), p.brandInk())) {
                if (text.contrast(background) < 4.5) {
                    problems.add(p.accent().hex() + ": " + text.hex() + " on " + background.hex());
                }
            }
        }
        if (p.hover().contrast(Colour.WHITE) < 4.5) {
            problems.add(p.accent().hex() + ": white on hover " + p.hover().hex());
        }
    }

    @Test
    void of_anotherAccent_darkensTheInkOnlyAsFarAsNeeded() {
        Colour teal = Colour.parse("#0f766e").orElseThrow();
        Palette p = Palette.of(teal);

        assertEquals(teal, p.accent());
        assertEquals(teal, p.focus());
        assertTrue(p.ink().contrast(Colour.parse("#eceff3").orElseThrow()) >= 4.6);
        assertTrue(p.soft().luminance() > 0.8, p.soft().hex());
    }
}
