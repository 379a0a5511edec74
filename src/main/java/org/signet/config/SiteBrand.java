package org.signet.config;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import org.signet.domain.MediaKind;
import org.signet.pdf.intake.FileSniffer;

/**
 * Reads {@code site.name}, {@code site.logo} and {@code site.accent} into a {@link Brand} at start, refusing what
 * the pages could not show well: a logo that is missing, outside the data folder, too large or no PNG, and an
 * accent too light for the white text on Signet's buttons.
 */
final class SiteBrand {
    static final int MAX_NAME = 80;
    static final int MAX_LOGO_KB = 512;
    /** WCAG 2.2 AA for normal text: the buttons' white labels sit on the accent. */
    static final double MIN_CONTRAST = 4.5;
    /** Wider or taller than this, a logo is a photograph, not a mark for a top bar. */
    private static final int MAX_LOGO_SIDE = 4096;

    private SiteBrand() {
    }

    /**
     * Whether {@code name} can stand in the pages, mail headers and subjects: not blank, not too long, and free
     * of control characters, of the marks that would turn the text around it (bidirectional overrides) and of
     * braces, which the mail templates' placeholders are written with.
     */
    static boolean validName(String name) {
        return !name.isBlank() && name.codePointCount(0, name.length()) <= MAX_NAME
                && name.codePoints().noneMatch(SiteBrand::disallowed);
    }

    private static boolean disallowed(int c) {
        return Character.getType(c) == Character.CONTROL || c == '{' || c == '}' || c == 0x2028 || c == 0x2029
                || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
    }

    /** The brand the settings describe; {@code dataDir} is where a relative {@code logo} path starts. */
    static Brand read(Path dataDir, String name, String logo, String accent) throws ConfigException {
        Colour colour = Colour.parse(accent).orElseThrow(() -> new ConfigException("site.accent: not a colour"));
        double contrast = colour.contrast(Colour.WHITE);
        if (contrast < MIN_CONTRAST) {
            throw new ConfigException("site.accent " + colour.hex() + " has a contrast of " + ratio(contrast)
                    + " against white; the white text on buttons needs at least 4.5:1, so choose a darker colour");
        }
        return new Brand(name, colour, logo.isEmpty() ? null : logo(dataDir, logo));
    }

    /** The ratio as {@code 3.12:1}, cut (not rounded) to two places so that a refused value never reads 4.50. */
    static String ratio(double contrast) {
        return String.format(Locale.ROOT, "%.2f:1", Math.floor(contrast * 100) / 100);
    }

    private static byte[] logo(Path dataDir, String setting) throws ConfigException {
        Path file = dataDir.resolve(setting).toAbsolutePath().normalize();
        byte[] png;
        try {
            Path real = file.toRealPath();
            if (!real.startsWith(dataDir.toRealPath())) {
                throw new ConfigException("site.logo " + file + " is outside the data folder " + dataDir
                        + ": put the logo inside it");
            }
            if (!Files.isRegularFile(real)) {
                throw new ConfigException("site.logo " + file + " is not a file");
            }
            png = readBounded(real);
        } catch (NoSuchFileException e) {
            throw new ConfigException("site.logo " + file + " does not exist");
        } catch (IOException e) {
            throw new ConfigException("site.logo " + file + " cannot be read: " + e.getMessage());
        }
        if (png == null) {
            throw new ConfigException("site.logo " + file + " is larger than " + MAX_LOGO_KB + " KB");
        }
        requirePng(file, png);
        return png;
    }

    /** The file's bytes, or null when it holds more than the limit (read no further than that). */
    private static byte[] readBounded(Path file) throws IOException {
        int limit = MAX_LOGO_KB * 1024;
        try (InputStream in = Files.newInputStream(file)) {
            byte[] bytes = in.readNBytes(limit + 1);
            return bytes.length > limit ? null : bytes;
        }
    }

    /** A PNG signature followed by its header chunk (PNG specification, section 11.2.2) of a sensible size. */
    private static void requirePng(Path file, byte[] png) throws ConfigException {
        boolean signed = FileSniffer.sniff(png, png.length).filter(k -> k == MediaKind.PNG).isPresent();
        if (!signed || png.length < 33 || !new String(png, 12, 4, StandardCharsets.US_ASCII).equals("IHDR")) {
            throw new ConfigException("site.logo " + file + " is not a PNG image");
        }
        ByteBuffer header = ByteBuffer.wrap(png, 16, 8);
        int width = header.getInt();
        int height = header.getInt();
        if (width < 1 || height < 1 || width > MAX_LOGO_SIDE || height > MAX_LOGO_SIDE) {
            throw new ConfigException("site.logo " + file + " is " + Integer.toUnsignedString(width) + "x"
                    + Integer.toUnsignedString(height) + " pixels; at most " + MAX_LOGO_SIDE + " on each side");
        }
    }
}
