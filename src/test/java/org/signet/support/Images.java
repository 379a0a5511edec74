package org.signet.support;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.Random;
import java.util.zip.CRC32;
import javax.imageio.ImageIO;

/** Signature images for the signing tests: real PNG and JPEG, oversized ones and a lying PNG header. */
public final class Images {
    private Images() {}

    /** A white image with a thick dark stroke across it, like a drawn signature. */
    public static byte[] png(int width, int height) {
        return encode(stroke(width, height, BufferedImage.TYPE_INT_ARGB), "png");
    }

    public static byte[] jpeg(int width, int height) {
        return encode(stroke(width, height, BufferedImage.TYPE_INT_RGB), "jpg");
    }

    /** Random noise, which PNG cannot compress: about 3 bytes a pixel. */
    public static byte[] noisePng(int width, int height) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Random random = new Random(42);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                image.setRGB(x, y, random.nextInt(0x1000000));
            }
        }
        return encode(image, "png");
    }

    /** A PNG signature and an IHDR chunk claiming {@code width} x {@code height}, with no pixels after it. */
    public static byte[] pngHeaderClaiming(int width, int height) {
        ByteBuffer ihdr = ByteBuffer.allocate(17);
        ihdr.put("IHDR".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        ihdr.putInt(width).putInt(height).put((byte) 8).put((byte) 2).put((byte) 0).put((byte) 0).put((byte) 0);
        CRC32 crc = new CRC32();
        crc.update(ihdr.array());
        ByteBuffer out = ByteBuffer.allocate(8 + 4 + 17 + 4);
        out.put(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'});
        out.putInt(13).put(ihdr.array()).putInt((int) crc.getValue());
        return out.array();
    }

    public static String dataUrl(String mediaType, byte[] bytes) {
        return "data:" + mediaType + ";base64," + Base64.getEncoder().encodeToString(bytes);
    }

    public static String pngDataUrl(int width, int height) {
        return dataUrl("image/png", png(width, height));
    }

    private static BufferedImage stroke(int width, int height, int type) {
        BufferedImage image = new BufferedImage(width, height, type);
        Graphics2D g = image.createGraphics();
        try {
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, width, height);
            g.setColor(new Color(10, 20, 120));
            g.setStroke(new BasicStroke(Math.max(3, height / 10f)));
            g.drawLine(width / 10, height * 3 / 4, width * 9 / 10, height / 4);
        } finally {
            g.dispose();
        }
        return image;
    }

    private static byte[] encode(BufferedImage image, String format) {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            if (!ImageIO.write(image, format, out)) {
                throw new IllegalStateException("no ImageIO writer for " + format);
            }
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
