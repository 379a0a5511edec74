package org.signet.pdf;

import java.awt.Font;
import java.awt.FontFormatException;
import java.io.IOException;
import java.io.InputStream;
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

    private static PDType0Font loadPdf(PDDocument document, String resource) throws IOException {
        try (InputStream in = open(resource)) {
            return PDType0Font.load(document, in);
        }
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
