package org.signet.pdf;

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
