package org.signet.pdf.finish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import javax.imageio.ImageIO;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;
import org.junit.jupiter.api.Test;

/** Signature images embedded in a PDF: pixels and transparency as drawn, JPEGs as they are. */
class SignatureImagesTest {
    @Test
    void embed_transparentPng_keepsInkAndTransparency() throws IOException {
        BufferedImage drawn = new BufferedImage(40, 20, BufferedImage.TYPE_INT_ARGB);
        var g = drawn.createGraphics();
        g.setColor(new Color(0x1B, 0x27, 0x4A));
        g.fillRect(10, 5, 20, 10);
        g.dispose();
        try (PDDocument doc = new PDDocument()) {
            PDImageXObject x = SignatureImages.embed(doc, encode(drawn, "png"));

            assertEquals(40, x.getWidth());
            assertEquals(20, x.getHeight());
            assertTrue(x.getCOSObject().containsKey(COSName.SMASK), "the alpha travels as a soft mask");
            BufferedImage back = x.getImage();
            assertEquals(0, back.getRGB(2, 2) >>> 24, "the background stays transparent");
            assertEquals(0xFF1B274A, back.getRGB(15, 10), "the ink keeps its colour, opaque");
        }
    }

    @Test
    void embed_opaquePng_noMask() throws IOException {
        BufferedImage drawn = new BufferedImage(8, 8, BufferedImage.TYPE_INT_RGB);
        drawn.setRGB(3, 3, 0xFF0000);
        try (PDDocument doc = new PDDocument()) {
            PDImageXObject x = SignatureImages.embed(doc, encode(drawn, "png"));

            assertNull(x.getCOSObject().getDictionaryObject(COSName.SMASK));
            assertEquals(0xFFFF0000, x.getImage().getRGB(3, 3));
        }
    }

    @Test
    void embed_jpeg_embeddedAsItIs() throws IOException {
        BufferedImage drawn = new BufferedImage(16, 16, BufferedImage.TYPE_INT_RGB);
        byte[] jpeg = encode(drawn, "jpg");
        try (PDDocument doc = new PDDocument()) {
            PDImageXObject x = SignatureImages.embed(doc, jpeg);

            assertEquals(COSName.DCT_DECODE, x.getCOSObject().getDictionaryObject(COSName.FILTER));
            try (var raw = x.getCOSObject().createRawInputStream()) {
                assertTrue(Arrays.equals(jpeg, raw.readAllBytes()), "no recompression");
            }
        }
    }

    @Test
    void embed_rgbaPng_everySampleAsTheColourModelGivesIt() throws IOException {
        // ImageIO decodes an RGBA PNG to four bytes a pixel, which embed copies straight from the raster.
        BufferedImage drawn = randomPixels(37, 23, BufferedImage.TYPE_INT_ARGB);
        BufferedImage decoded = ImageIO.read(new java.io.ByteArrayInputStream(encode(drawn, "png")));
        assertEquals(BufferedImage.TYPE_4BYTE_ABGR, decoded.getType(), "the layout the fast copy is for");

        assertSamples(decoded, encode(drawn, "png"));
    }

    @Test
    void embed_opaquePng_everySampleAsTheColourModelGivesIt() throws IOException {
        // An RGB PNG decodes to another layout, which goes through the colour model.
        byte[] png = encode(randomPixels(19, 11, BufferedImage.TYPE_INT_RGB), "png");
        BufferedImage decoded = ImageIO.read(new java.io.ByteArrayInputStream(png));
        assertFalse(decoded.getColorModel().hasAlpha());

        assertSamples(decoded, png);
    }

    private static void assertSamples(BufferedImage expected, byte[] png) throws IOException {
        try (PDDocument doc = new PDDocument()) {
            PDImageXObject x = SignatureImages.embed(doc, png);
            byte[] rgb = x.getStream().toByteArray();
            boolean alpha = expected.getColorModel().hasAlpha();
            byte[] mask = alpha ? new org.apache.pdfbox.pdmodel.common.PDStream(
                    (org.apache.pdfbox.cos.COSStream) x.getCOSObject().getDictionaryObject(COSName.SMASK)).toByteArray()
                    : null;
            for (int y = 0; y < expected.getHeight(); y++) {
                for (int xx = 0; xx < expected.getWidth(); xx++) {
                    int pixel = expected.getRGB(xx, y);
                    int i = y * expected.getWidth() + xx;
                    int got = (rgb[3 * i] & 0xFF) << 16 | (rgb[3 * i + 1] & 0xFF) << 8 | rgb[3 * i + 2] & 0xFF;
                    assertEquals(pixel & 0xFFFFFF, got, "colour at " + xx + "," + y);
                    if (alpha) {
                        assertEquals(pixel >>> 24, mask[i] & 0xFF, "alpha at " + xx + "," + y);
                    }
                }
            }
        }
    }

    private static BufferedImage randomPixels(int width, int height, int type) {
        java.util.Random random = new java.util.Random(7);
        BufferedImage image = new BufferedImage(width, height, type);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                image.setRGB(x, y, random.nextInt());
            }
        }
        return image;
    }

    @Test
    void drawable_truncatedPng_refused() throws IOException {
        byte[] png = encode(new BufferedImage(30, 30, BufferedImage.TYPE_INT_ARGB), "png");

        assertTrue(SignatureImages.drawable(png));
        assertFalse(SignatureImages.drawable(Arrays.copyOf(png, png.length / 2)));
        assertFalse(SignatureImages.drawable("not an image".getBytes()));
    }

    private static byte[] encode(BufferedImage image, String format) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(image, format, out);
        return out.toByteArray();
    }
}
