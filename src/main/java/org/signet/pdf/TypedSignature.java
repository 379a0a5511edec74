package org.signet.pdf;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.font.FontRenderContext;
import java.awt.font.TextAttribute;
import java.awt.font.TextLayout;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.text.AttributedString;
import javax.imageio.ImageIO;

/** Renders a signer's typed name as a handwriting-style signature image. */
public final class TypedSignature {

    static final int WIDTH = 600;
    static final int HEIGHT = 160;
    static final int MAX_LENGTH = 200;
    private static final float MARGIN = 16f;
    private static final float LARGEST_SIZE = 96f;
    private static final Color INK = new Color(0x1B, 0x27, 0x4A);

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
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ImageIO.write(image, "png", out);
            return out.toByteArray();
        } catch (IOException e) {
            // Only the shipped font can fail here, which is a broken build, not bad input.
            throw new UncheckedIOException(e);
        }
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

    private static void draw(Graphics2D g, String text) throws IOException {
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

    /** Lays the text out in the handwriting font, falling back per character where it has no glyph. */
    private static TextLayout layout(String text, float size, FontRenderContext frc) throws IOException {
        Font script = Fonts.handwriting().deriveFont(size);
        Font fallback = new Font(Font.SANS_SERIF, Font.ITALIC, Math.round(size * 0.8f));
        AttributedString styled = new AttributedString(text);
        int i = 0;
        while (i < text.length()) {
            int cp = text.codePointAt(i);
            int next = i + Character.charCount(cp);
            styled.addAttribute(TextAttribute.FONT, script.canDisplay(cp) ? script : fallback, i, next);
            i = next;
        }
        return new TextLayout(styled.getIterator(), frc);
    }
}
