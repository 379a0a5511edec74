package org.signet.config;

import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;

/**
 * The site's own name, logo and accent colour ({@code site.name}, {@code site.logo}, {@code site.accent}), which
 * the pages, the emails and the certificate of completion show instead of Signet's.
 *
 * @param logoPng the logo's bytes, read and checked at start; null when the site has none
 */
public record Brand(String name, Colour accent, byte[] logoPng) {
    /** The name shown when {@code site.name} is not set. */
    public static final String DEFAULT_NAME = "Signet";
    /** Signet's own name, mark and blue. */
    public static final Brand DEFAULT = new Brand(DEFAULT_NAME, Palette.DEFAULT_ACCENT, null);

    public Brand {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(accent, "accent");
        logoPng = logoPng == null ? null : logoPng.clone();
    }

    /** The logo's PNG bytes, when the site has a logo. */
    public Optional<byte[]> logo() {
        return Optional.ofNullable(logoPng).map(byte[]::clone);
    }

    public boolean hasLogo() {
        return logoPng != null;
    }

    @Override
    public byte[] logoPng() {
        return logoPng == null ? null : logoPng.clone();
    }

    public Palette palette() {
        return Palette.of(accent);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Brand b && name.equals(b.name) && accent.equals(b.accent)
                && Arrays.equals(logoPng, b.logoPng);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, accent, Arrays.hashCode(logoPng));
    }

    @Override
    public String toString() {
        return "Brand[name=" + name + ", accent=" + accent.hex() + ", logo="
                + (logoPng == null ? "none" : logoPng.length + " bytes") + "]";
    }
}
