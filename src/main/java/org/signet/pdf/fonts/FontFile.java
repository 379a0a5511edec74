package org.signet.pdf.fonts;

import java.awt.Font;
import java.awt.FontFormatException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.fontbox.ttf.TTFParser;
import org.apache.fontbox.ttf.TrueTypeFont;
import org.apache.pdfbox.io.RandomAccessReadBuffer;

/**
 * One TrueType font file Signet may draw with, in the jar ({@code resource}) or on disk ({@code path}):
 * which characters it has glyphs for, its bytes for embedding and its AWT form for shaping, each made
 * on first use and kept. A file that cannot be read, has no TrueType outlines or forbids embedding in
 * a subset covers nothing ({@link FontCoverage}), so it is never chosen.
 */
public record FontFile(String name, Path path, String resource) {

    private static final Map<FontFile, BitSet> COVERAGE = new ConcurrentHashMap<>();
    private static final Map<FontFile, byte[]> BYTES = new ConcurrentHashMap<>();
    private static final Map<FontFile, Font> AWT = new ConcurrentHashMap<>();
    private static final Map<FontFile, Font> SHAPING = new ConcurrentHashMap<>();
    /** AWT sizes fonts in points: at 1000 its positions are in the thousandths of an em that PDF text uses. */
    static final float SHAPING_SIZE = 1000f;

    static FontFile inJar(String resource) {
        return new FontFile(resource.substring(resource.lastIndexOf('/') + 1), null, resource);
    }

    static FontFile onDisk(Path path) {
        return new FontFile(path.getFileName().toString(), path, null);
    }

    /** Whether the font has a glyph for {@code codePoint}. */
    boolean covers(int codePoint) {
        return COVERAGE.computeIfAbsent(this, FontFile::readCoverage).get(codePoint);
    }

    /**
     * A new parse of the font for one document, substitution (GSUB) off: shaping is done before the
     * glyphs reach PDFBox, and PDFBox closes the font once it has embedded its subset.
     */
    TrueTypeFont parse() throws IOException {
        TrueTypeFont font = new TTFParser().parse(new RandomAccessReadBuffer(bytes()));
        font.setEnableGsub(false);
        return font;
    }

    /** The font at {@link #SHAPING_SIZE} points, for the JDK's text layout (HarfBuzz inside). */
    Font shaping() {
        return SHAPING.computeIfAbsent(this, f -> f.awt().deriveFont(SHAPING_SIZE));
    }

    /** The font for AWT at size 1; derive the size you need. */
    public Font awt() {
        return AWT.computeIfAbsent(this, FontFile::readAwt);
    }

    private Font readAwt() {
        try (InputStream in = path != null ? null : open()) {
            return path != null ? Font.createFont(Font.TRUETYPE_FONT, path.toFile())
                    : Font.createFont(Font.TRUETYPE_FONT, in);
        } catch (FontFormatException | IOException e) {
            throw new UncheckedIOException(new IOException("The font " + name + " cannot be read", e));
        }
    }

    /** The file's bytes, read once: every document that draws with it embeds a subset of them. */
    byte[] bytes() throws IOException {
        try {
            return BYTES.computeIfAbsent(this, f -> {
                try (InputStream in = f.open()) {
                    return in.readAllBytes();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private InputStream open() throws IOException {
        if (path != null) {
            return Files.newInputStream(path);
        }
        InputStream in = FontFile.class.getResourceAsStream(resource);
        if (in == null) {
            throw new IOException("The font " + resource + " is missing from the jar");
        }
        return in;
    }

    /** Reads the character map straight from the file, without keeping its bytes. */
    private BitSet readCoverage() {
        if (path == null) {
            try {
                return FontCoverage.read(FontCoverage.of(bytes()));
            } catch (IOException | RuntimeException e) {
                throw new IllegalStateException("The font " + resource + " in the jar is damaged", e);
            }
        }
        try (SeekableByteChannel file = Files.newByteChannel(path)) {
            return FontCoverage.read(FontCoverage.of(file));
        } catch (IOException | RuntimeException e) {
            return new BitSet(); // not a font Signet can read: never chosen
        }
    }
}
