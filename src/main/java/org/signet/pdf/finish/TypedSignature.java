package org.signet.pdf.finish;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.font.FontRenderContext;
import java.awt.font.TextAttribute;
import java.awt.font.TextLayout;
import java.awt.geom.AffineTransform;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.text.AttributedString;
import java.util.Optional;
import java.util.Set;
import org.signet.pdf.fonts.FontIndex;
import org.signet.pdf.fonts.Fonts;
import org.signet.pdf.fonts.Glyphs;
import org.signet.pdf.fonts.PngText;

/**
 * Renders a signer's typed name as a handwriting-style signature image, in any script: Dancing Script
 * where it has the letters, otherwise the fonts the PDF draws with, shaped and ordered by the JDK's text
 * layout. The PNG carries the name as typed in an {@code iTXt} chunk (the PNG specification, 11.3.4.5),
 * so the sealed PDF can lay the text over the image for search and extraction.
 */
public final class TypedSignature {

    static final int WIDTH = 600;
    static final int HEIGHT = 160;
    static final int MAX_LENGTH = 200;
    private static final float MARGIN = 16f;
    private static final float LARGEST_SIZE = 96f;
    private static final Color INK = new Color(0x1B, 0x27, 0x4A);
    private static final String KEYWORD = "Typed signature";
    private static final Set<Character.UnicodeScript> SLANTED = Set.of(Character.UnicodeScript.LATIN,
            Character.UnicodeScript.GREEK, Character.UnicodeScript.CYRILLIC);

    private TypedSignature() {
    }

    /**
     * Draws {@code text} in the handwriting font, as large as fits, centred on a transparent
     * 600x160 PNG.
     *
     * @throws IllegalArgumentException if the text is blank or longer than 200 characters
     */
    public static byte[] renderPng(String text) {
        String clean = clean(text);
        try {
            BufferedImage image = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_ARGB);
            Graphics2D g = image.createGraphics();
            try {
                g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
                g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
                g.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
                draw(g, clean);
            } finally {
                g.dispose();
            }
            return PngText.write(image, KEYWORD, clean);
        } catch (IOException e) {
            // Only the shipped font can fail here, which is a broken build, not bad input.
            throw new UncheckedIOException(e);
        }
    }

    /** The name typed for an image {@link #renderPng} made, if {@code png} is one. */
    public static Optional<String> textOf(byte[] png) {
        return PngText.read(png, KEYWORD);
    }

    private static String clean(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("A typed signature needs a name");
        }
        String clean = text.strip().replaceAll("\\p{Cntrl}+", " ");
        if (clean.codePointCount(0, clean.length()) > MAX_LENGTH) {
            throw new IllegalArgumentException("A typed signature is at most " + MAX_LENGTH + " characters");
        }
        return clean;
    }

    private static void draw(Graphics2D g, String text) {
        FontRenderContext frc = g.getFontRenderContext();
        TextLayout layout = layout(text, LARGEST_SIZE, frc);
        Rectangle2D bounds = layout.getBounds();
        float scale = (float) Math.min(1.0, Math.min(
                (WIDTH - 2 * MARGIN) / bounds.getWidth(), (HEIGHT - 2 * MARGIN) / bounds.getHeight()));
        if (scale < 1f) {
            layout = layout(text, LARGEST_SIZE * scale, frc);
            bounds = layout.getBounds();
        }
        // Centre the ink itself, not the font's nominal box: script capitals and descenders swing wide.
        float x = (float) ((WIDTH - bounds.getWidth()) / 2 - bounds.getX());
        float y = (float) ((HEIGHT - bounds.getHeight()) / 2 - bounds.getY());
        g.setColor(INK);
        layout.draw(g, x, y);
    }

    /**
     * Lays the text out in the handwriting font, falling back per character to the first font that
     * has a glyph, a little smaller and slanted; marks and joiners stay in the font of what they follow.
     */
    private static TextLayout layout(String text, float size, FontRenderContext frc) {
        Font script = Fonts.handwriting().deriveFont(size);
        AttributedString styled = new AttributedString(text);
        Font current = null;
        int i = 0;
        while (i < text.length()) {
            int cp = text.codePointAt(i);
            int next = i + Character.charCount(cp);
            current = font(cp, current, script, size);
            styled.addAttribute(TextAttribute.FONT, current, i, next);
            i = next;
        }
        return new TextLayout(styled.getIterator(), frc);
    }

    private static Font font(int cp, Font current, Font script, float size) {
        if (current != null && (Glyphs.format(cp) || Character.getType(cp) == Character.NON_SPACING_MARK)) {
            return current;
        }
        if (script.canDisplay(cp)) {
            return script;
        }
        FontIndex.Family family = Fonts.index().familyFor(cp);
        Font fallback = family == null ? script : family.regular().awt().deriveFont(size * 0.8f);
        // Slanted like handwriting where the script has italics; Arabic, Hebrew, CJK and Indic do not.
        return SLANTED.contains(Character.UnicodeScript.of(cp))
                ? fallback.deriveFont(AffineTransform.getShearInstance(-0.2, 0)) : fallback;
    }
}
