package org.signet.pdf.finish;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.awt.image.PixelInterleavedSampleModel;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import javax.imageio.ImageIO;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.graphics.color.PDColorSpace;
import org.apache.pdfbox.pdmodel.graphics.color.PDDeviceGray;
import org.apache.pdfbox.pdmodel.graphics.color.PDDeviceRGB;
import org.apache.pdfbox.pdmodel.graphics.image.JPEGFactory;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;
import org.signet.pdf.read.ScratchMemory;

/**
 * Signature, initials and stamp images as PDF image objects. The sealing path draws them with
 * {@link #embed}, and {@link #drawable} checks a submitted image with the very same call, so an
 * image another decoder would accept but this one would not is refused when it is submitted, not
 * found out when sealing fails.
 */
public final class SignatureImages {
    private SignatureImages() {}

    public static boolean drawable(byte[] image) {
        try (PDDocument scratch = new PDDocument(ScratchMemory.bounded())) {
            PDImageXObject x = embed(scratch, image);
            return x.getWidth() > 0 && x.getHeight() > 0;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /**
     * A JPEG is embedded as it is. Anything else is decoded and written as 8-bit RGB with its alpha
     * as a soft mask, each compressed with plain Flate. PDFBox's own lossless encoder tries every PNG
     * predictor on every row, which made the images nearly half the time to seal a document; a
     * signature is mostly empty and compresses well without them, even at Flate's fastest level.
     */
    static PDImageXObject embed(PDDocument document, byte[] bytes) throws IOException {
        if (bytes.length > 2 && (bytes[0] & 0xff) == 0xff && (bytes[1] & 0xff) == 0xd8) {
            return JPEGFactory.createFromByteArray(document, bytes);
        }
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(bytes));
        if (image == null) {
            throw new IOException("not an image this decoder reads");
        }
        int width = image.getWidth();
        int height = image.getHeight();
        boolean alpha = image.getColorModel().hasAlpha();
        byte[] rgb = new byte[width * height * 3];
        byte[] mask = alpha ? new byte[width * height] : null;
        if (!copiedAbgrBytes(image, rgb, mask)) {
            copiedThroughColourModel(image, rgb, mask);
        }
        PDImageXObject embedded = flate(document, rgb, width, height, PDDeviceRGB.INSTANCE);
        if (alpha) {
            embedded.getCOSObject().setItem(COSName.SMASK, flate(document, mask, width, height, PDDeviceGray.INSTANCE));
        }
        return embedded;
    }

    /**
     * Copies the samples straight from the raster of the layout ImageIO decodes a PNG with alpha to,
     * four bytes a pixel in the order alpha, blue, green, red: asking the colour model pixel by pixel
     * took a tenth of a seal. False, having copied nothing, for any other layout.
     */
    private static boolean copiedAbgrBytes(BufferedImage image, byte[] rgb, byte[] mask) {
        if (image.getType() != BufferedImage.TYPE_4BYTE_ABGR || mask == null || !image.getColorModel().getColorSpace().isCS_sRGB()
                || !(image.getRaster().getDataBuffer() instanceof DataBufferByte buffer)
                || !(image.getRaster().getSampleModel() instanceof PixelInterleavedSampleModel model)
                || buffer.getNumBanks() != 1 || buffer.getOffset() != 0 || image.getRaster().getParent() != null
                || model.getPixelStride() != 4 || model.getScanlineStride() != 4 * image.getWidth()
                || !Arrays.equals(model.getBandOffsets(), new int[] {3, 2, 1, 0})) {
            return false;
        }
        byte[] abgr = buffer.getData();
        int pixels = image.getWidth() * image.getHeight();
        for (int i = 0; i < pixels; i++) {
            mask[i] = abgr[4 * i];
            rgb[3 * i] = abgr[4 * i + 3];
            rgb[3 * i + 1] = abgr[4 * i + 2];
            rgb[3 * i + 2] = abgr[4 * i + 1];
        }
        return true;
    }

    /** Any layout: each row's pixels as the colour model gives them. */
    private static void copiedThroughColourModel(BufferedImage image, byte[] rgb, byte[] mask) {
        int width = image.getWidth();
        int[] row = new int[width];
        for (int y = 0; y < image.getHeight(); y++) {
            image.getRGB(0, y, width, 1, row, 0, width);
            for (int x = 0; x < width; x++) {
                int pixel = row[x];
                int i = y * width + x;
                rgb[3 * i] = (byte) (pixel >> 16);
                rgb[3 * i + 1] = (byte) (pixel >> 8);
                rgb[3 * i + 2] = (byte) pixel;
                if (mask != null) {
                    mask[i] = (byte) (pixel >>> 24);
                }
            }
        }
    }

    private static PDImageXObject flate(PDDocument document, byte[] samples, int width, int height, PDColorSpace space)
            throws IOException {
        ByteArrayOutputStream compressed = new ByteArrayOutputStream(samples.length / 8 + 64);
        Deflater deflater = new Deflater(Deflater.BEST_SPEED);
        try (DeflaterOutputStream out = new DeflaterOutputStream(compressed, deflater)) {
            out.write(samples);
        } finally {
            deflater.end();
        }
        return new PDImageXObject(document, new ByteArrayInputStream(compressed.toByteArray()), COSName.FLATE_DECODE,
                width, height, 8, space);
    }
}
