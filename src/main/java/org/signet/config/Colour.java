package org.signet.config;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * An sRGB colour written {@code #rrggbb}, with the relative luminance and contrast ratio WCAG 2.2 defines
 * (its "relative luminance" and "contrast ratio" glossary entries), so a colour can be checked before text sits on it.
 */
public record Colour(int red, int green, int blue) {
    public static final Colour WHITE = new Colour(255, 255, 255);
    public static final Colour BLACK = new Colour(0, 0, 0);
    private static final Pattern HEX = Pattern.compile("#[0-9a-fA-F]{6}");

    public Colour {
        for (int channel : new int[] {red, green, blue}) {
            if (channel < 0 || channel > 255) {
                throw new IllegalArgumentException("a colour channel is 0..255, not " + channel);
            }
        }
    }

    /** The colour {@code text} writes as {@code #rrggbb} (either case), or empty for anything else. */
    public static Optional<Colour> parse(String text) {
        if (text == null || !HEX.matcher(text).matches()) {
            return Optional.empty();
        }
        int rgb = Integer.parseInt(text.substring(1), 16);
        return Optional.of(new Colour(rgb >> 16, (rgb >> 8) & 0xff, rgb & 0xff));
    }

    /** {@code #rrggbb} in lower case, as stylesheets and mail markup write it. */
    public String hex() {
        return String.format(Locale.ROOT, "#%02x%02x%02x", red, green, blue);
    }

    /** Relative luminance, 0 for black to 1 for white. */
    public double luminance() {
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
    }

    /** The contrast ratio between this colour and {@code other}, 1 (none) to 21 (black on white). */
    public double contrast(Colour other) {
        Objects.requireNonNull(other, "other");
        double a = luminance();
        double b = other.luminance();
        return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    }

    /** This colour with {@code share} (0..1) of {@code other} mixed in, channel by channel. */
    public Colour mix(Colour other, double share) {
        if (share < 0 || share > 1) {
            throw new IllegalArgumentException("share is 0..1, not " + share);
        }
        return new Colour(blend(red, other.red, share), blend(green, other.green, share),
                blend(blue, other.blue, share));
    }

    private static int blend(int from, int to, double share) {
        return (int) Math.round(from + (to - from) * share);
    }

    private static double linear(int channel) {
        double c = channel / 255.0;
        return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    }
}
