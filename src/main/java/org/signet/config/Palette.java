package org.signet.config;

import java.util.List;
import java.util.Objects;

/**
 * The shades the pages and emails draw from one accent colour: the accent itself (behind white text: buttons,
 * the brand mark), a darker one for hover, a pale tint behind dark text, an ink for links and other text in the
 * accent's hue, a deeper ink for the site's name, and the focus ring. Signet's own accent keeps the shades its
 * pages were drawn with; any other accent gets shades worked out from it, each ink dark enough to keep a
 * contrast of 4.5:1 on the page background and on the tint.
 */
public record Palette(Colour accent, Colour hover, Colour soft, Colour ink, Colour brandInk, Colour focus) {
    /** Signet's own accent, the blue its pages have always had. */
    public static final Colour DEFAULT_ACCENT = new Colour(0x1d, 0x4e, 0xd8);
    /** The light backgrounds accent-coloured text sits on besides white: the page and a grey panel. */
    private static final List<Colour> BACKGROUNDS = List.of(new Colour(0xec, 0xef, 0xf3), new Colour(0xf3, 0xf4, 0xf6));
    /** A little above 4.5:1, so that rounding in a browser's own check never tips a shade under it. */
    private static final double TEXT_CONTRAST = 4.6;

    public Palette {
        Objects.requireNonNull(accent, "accent");
        Objects.requireNonNull(hover, "hover");
        Objects.requireNonNull(soft, "soft");
        Objects.requireNonNull(ink, "ink");
        Objects.requireNonNull(brandInk, "brandInk");
        Objects.requireNonNull(focus, "focus");
    }

    /** The shades for {@code accent}, which has a contrast of at least 4.5:1 against white. */
    public static Palette of(Colour accent) {
        if (accent.equals(DEFAULT_ACCENT)) {
            return new Palette(accent, new Colour(0x1e, 0x40, 0xaf), new Colour(0xef, 0xf6, 0xff), accent,
                    new Colour(0x1e, 0x3a, 0x8a), new Colour(0x25, 0x63, 0xeb));
        }
        Colour soft = accent.mix(Colour.WHITE, 0.92);
        Colour ink = readable(accent, soft);
        return new Palette(accent, ink.mix(Colour.BLACK, 0.2), soft, ink, ink.mix(Colour.BLACK, 0.35), accent);
    }

    /** {@code colour}, darkened step by step until text in it reads on {@code soft} and on every background. */
    private static Colour readable(Colour colour, Colour soft) {
        Colour ink = colour;
        for (int step = 1; step <= 50 && !readableOn(ink, soft); step++) {
            ink = colour.mix(Colour.BLACK, step * 0.02);
        }
        return ink;
    }

    private static boolean readableOn(Colour ink, Colour soft) {
        return ink.contrast(soft) >= TEXT_CONTRAST && ink.contrast(Colour.WHITE) >= TEXT_CONTRAST
                && BACKGROUNDS.stream().allMatch(b -> ink.contrast(b) >= TEXT_CONTRAST);
    }
}
