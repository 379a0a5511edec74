package org.signet.pdf.finish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.signet.support.ScriptText;

class TypedSignatureTest {

    @Test
    void renderPng_drawsNameOnTransparentBackground() throws IOException {
        BufferedImage image = read(TypedSignature.renderPng("Ada Lovelace"));
        assertEquals(600, image.getWidth());
        assertEquals(160, image.getHeight());
        assertTrue(image.getColorModel().hasAlpha());
        assertEquals(0, alpha(image, 0, 0));
        assertEquals(0, alpha(image, 599, 159));
        Rectangle ink = ink(image);
        assertTrue(ink.width > 250, "a name written large: " + ink);
        // Centred: the margins left and right of the ink differ by a few pixels at most.
        assertTrue(Math.abs(ink.x - (600 - ink.x - ink.width)) <= 4, "centred: " + ink);
    }

    @Test
    void renderPng_shrinksLongNamesToFit() throws IOException {
        Rectangle ink = ink(read(TypedSignature.renderPng(
                "Maximiliane Alexandra Theodora von Hohenzollern-Sigmaringen")));
        assertTrue(ink.x > 0 && ink.x + ink.width < 600, "inside the image: " + ink);
        assertTrue(ink.y > 0 && ink.y + ink.height < 160, "inside the image: " + ink);
    }

    @Test
    void renderPng_drawsCharactersTheScriptFontLacks() throws IOException {
        Rectangle ink = ink(read(TypedSignature.renderPng("Анна")));
        assertTrue(ink.width > 50, "fallback glyphs drawn: " + ink);
    }

    @Test
    void renderPng_everyScript_drawnLargeAndCarriesTheTextAsTyped() throws IOException {
        ScriptText.assumeFontsInstalled();
        for (String name : List.of("محمد بن عبد الله", "דוד כהן", "राजेश कुमार", "山田太郎", "김민준", "Γιώργος Иван")) {
            byte[] png = TypedSignature.renderPng(name);
            Rectangle ink = ink(read(png));
            assertTrue(ink.width > 150 && ink.height > 30, name + " drawn: " + ink);
            assertEquals(Optional.of(name), TypedSignature.textOf(png));
        }
    }

    @Test
    void textOf_anImageNotTyped_empty() {
        assertEquals(Optional.empty(), TypedSignature.textOf(org.signet.support.TestFiles.png(300, 90)));
    }

    @Test
    void renderPng_rejectsBlankText() {
        assertThrows(IllegalArgumentException.class, () -> TypedSignature.renderPng("   "));
        assertThrows(IllegalArgumentException.class, () -> TypedSignature.renderPng(""));
        assertThrows(IllegalArgumentException.class, () -> TypedSignature.renderPng(null));
    }

    @Test
    void renderPng_rejectsOverlongText() {
        assertThrows(IllegalArgumentException.class, () -> TypedSignature.renderPng("a".repeat(201)));
    }

    private static BufferedImage read(byte[] png) throws IOException {
        assertEquals((byte) 0x89, png[0]);
        assertEquals('P', png[1]);
        return ImageIO.read(new ByteArrayInputStream(png));
    }

    private static int alpha(BufferedImage image, int x, int y) {
        return image.getRGB(x, y) >>> 24;
    }

    private static Rectangle ink(BufferedImage image) {
        Rectangle bounds = null;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                if (alpha(image, x, y) > 64) {
                    Rectangle pixel = new Rectangle(x, y, 1, 1);
                    bounds = bounds == null ? pixel : bounds.union(pixel);
                }
            }
        }
        assertTrue(bounds != null, "no opaque pixels");
        return bounds;
    }
}
