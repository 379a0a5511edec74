package org.signet.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class ColourTest {
    @Test
    void parse_hexInEitherCase_otherTextsEmpty() {
        assertEquals(new Colour(0x1d, 0x4e, 0xd8), Colour.parse("#1D4ed8").orElseThrow());
        assertEquals("#1d4ed8", Colour.parse("#1D4ED8").orElseThrow().hex());
        for (String bad : new String[] {null, "", "1d4ed8", "#1d4ed", "#1d4ed80", " #1d4ed8", "#1d4eg8", "blue"}) {
            assertEquals(Optional.empty(), Colour.parse(bad), bad);
        }
    }

    @Test
    void contrast_knownPairs_asWcagComputesThem() {
        assertEquals(21.0, Colour.BLACK.contrast(Colour.WHITE), 1e-9);
        assertEquals(1.0, Colour.WHITE.contrast(Colour.WHITE), 1e-9);
        assertEquals(4.48, Colour.parse("#777777").orElseThrow().contrast(Colour.WHITE), 0.005);
        assertEquals(4.54, Colour.WHITE.contrast(Colour.parse("#767676").orElseThrow()), 0.005);
    }

    @Test
    void mix_shareOfTheOther_channelByChannel() {
        Colour red = new Colour(200, 0, 0);
        assertEquals(red, red.mix(Colour.WHITE, 0));
        assertEquals(Colour.WHITE, red.mix(Colour.WHITE, 1));
        assertEquals(new Colour(100, 0, 0), red.mix(Colour.BLACK, 0.5));
        assertThrows(IllegalArgumentException.class, () -> red.mix(Colour.BLACK, 1.5));
        assertThrows(IllegalArgumentException.class, () -> new Colour(256, 0, 0));
        assertTrue(red.mix(Colour.BLACK, 0.3).luminance() < red.luminance());
    }
}
