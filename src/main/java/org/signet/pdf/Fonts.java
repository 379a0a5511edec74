package org.signet.pdf;

import java.awt.Font;
import java.awt.FontFormatException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.fontbox.ttf.TTFParser;
import org.apache.fontbox.ttf.TrueTypeFont;
import org.apache.pdfbox.io.RandomAccessReadBuffer;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.font.PDType0Font;

/**
 * Loads the fonts shipped in the jar under {@code /fonts}: Liberation Sans for field values
 * and certificate pages, Dancing Script for typed signatures.
 */
public final class Fonts {

    static final String SANS = "/fonts/LiberationSans-Regular.ttf";
    static final String SANS_BOLD = "/fonts/LiberationSans-Bold.ttf";
    static final String HANDWRITING = "/fonts/DancingScript-Regular.otf";

    private static volatile Font handwriting;
    private static final Map<String, byte[]> FILES = new ConcurrentHashMap<>();

    private Fonts() {
    }

    /** The regular sans-serif, embedded in {@code document} as a subset. */
    public static PDType0Font sans(PDDocument document) throws IOException {
        return loadPdf(document, SANS);
    }

    /** The bold sans-serif, embedded in {@code document} as a subset. */
    public static PDType0Font sansBold(PDDocument document) throws IOException {
        return loadPdf(document, SANS_BOLD);
    }

    /** The handwriting-style font for AWT at size 1; derive the size you need. */
    public static Font handwriting() throws IOException {
        Font font = handwriting;
        if (font == null) {
            font = loadAwt(HANDWRITING);
            handwriting = font;
        }
        return font;
    }

    /**
     * The font with glyph substitution (GSUB) off. PDFBox would otherwise pass every string shown
     * through the font's substitution table, compiling regular expressions for each call: two thirds
     * of the time to build a sealed document went there. Signet's fonts are Latin, set left to
     * right, which needs no substitution; the extracted text stays letter for letter.
     */
    private static PDType0Font loadPdf(PDDocument document, String resource) throws IOException {
        TrueTypeFont font = new TTFParser().parse(new RandomAccessReadBuffer(bytes(resource)));
        font.setEnableGsub(false);
        document.registerTrueTypeFontForClosing(font);
        return PDType0Font.load(document, font, true);
    }

    /** The font file, read from the jar once: every sealed document embeds a subset of it. */
    private static byte[] bytes(String resource) throws IOException {
        byte[] cached = FILES.get(resource);
        if (cached == null) {
            try (InputStream in = open(resource)) {
                cached = in.readAllBytes();
            }
            FILES.putIfAbsent(resource, cached);
        }
        return cached;
    }

    private static Font loadAwt(String resource) throws IOException {
        try (InputStream in = open(resource)) {
            return Font.createFont(Font.TRUETYPE_FONT, in);
        } catch (FontFormatException e) {
            throw new IOException("The font " + resource + " in the jar is damaged", e);
        }
    }

    private static InputStream open(String resource) throws IOException {
        InputStream in = Fonts.class.getResourceAsStream(resource);
        if (in == null) {
            throw new IOException("The font " + resource + " is missing from the jar");
        }
        return in;
    }
}
