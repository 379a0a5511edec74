package org.signet.pdf.intake;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.concurrent.atomic.AtomicReference;
import javax.imageio.IIOException;
import javax.imageio.ImageIO;
import javax.imageio.ImageReadParam;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.graphics.image.JPEGFactory;
import org.apache.pdfbox.pdmodel.graphics.image.LosslessFactory;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;
import org.signet.domain.MediaKind;
import org.signet.domain.PageSize;
import org.signet.pdf.read.InvalidFileException;
import org.signet.pdf.read.ScratchMemory;

/**
 * Turns an uploaded PNG or JPEG into a one-page PDF: the image at 72 dpi, shrunk to fit A4 when
 * larger, after checking its dimensions from the header before any pixel is decoded.
 */
final class ImageConverter {

    /** The longest side, in pixels, kept when embedding: A4 at 300 dpi, enough for print. */
    static final int MAX_EMBEDDED_SIDE = 2480;

    /**
     * Heap converting one image may take: the decoded image at most {@link #MAX_EMBEDDED_SIDE} on its longer
     * side (about 35 MB of pixels in A4's proportions), and the decoder's and encoder's buffers.
     */
    static final long HEAP_BYTES = 48L << 20;

    private static final float JPEG_QUALITY = 0.9f;

    private final int maxImagePixels;

    ImageConverter(int maxImagePixels) {
        this.maxImagePixels = maxImagePixels;
    }

    /**
     * Writes the image as a one-page PDF beside {@code file} and returns that page's size.
     *
     * @throws InvalidFileException when the image is too large, lies about its size or is corrupt
     * @throws UncheckedIOException when the PDF cannot be written
     */
    Converted convert(Path file, MediaKind kind) throws InvalidFileException {
        Decoded decoded = read(file, kind);
        PageSize size = pageSizeFor(decoded.width(), decoded.height());
        Path pdf = null;
        try {
            pdf = Files.createTempFile(file.toAbsolutePath().getParent(), "intake-", ".pdf");
            writePdf(decoded.image(), kind, size, pdf);
            return new Converted(size, pdf);
        } catch (IOException e) {
            deleteQuietly(pdf);
            // Writing beside the upload failed: a fault of this server, not of the image.
            throw new UncheckedIOException("could not write the PDF for an uploaded image", e);
        } catch (RuntimeException e) {
            deleteQuietly(pdf);
            throw new InvalidFileException("the image could not be converted to a PDF", e);
        }
    }

    /** A converted image: its page size and the PDF written for it. */
    record Converted(PageSize size, Path pdf) {
    }

    /** The decoded (possibly subsampled) pixels and the image's full size in pixels. */
    private record Decoded(BufferedImage image, int width, int height) {
    }

    private Decoded read(Path file, MediaKind kind) throws InvalidFileException {
        try (ImageInputStream in = ImageIO.createImageInputStream(file.toFile())) {
            ImageReader reader = readerFor(in, kind);
            try {
                return decode(reader);
            } finally {
                reader.dispose();
            }
        } catch (IIOException e) {
            throw new InvalidFileException(reasonFor(e), e);
        } catch (IOException | RuntimeException e) {
            throw corrupt(e);
        }
    }

    private static ImageReader readerFor(ImageInputStream in, MediaKind kind) throws InvalidFileException {
        Iterator<ImageReader> readers = ImageIO.getImageReadersByFormatName(kind == MediaKind.PNG ? "png" : "jpeg");
        if (in == null || !readers.hasNext()) {
            throw corrupt(null);
        }
        ImageReader reader = readers.next();
        // Forward-only and without metadata: nothing is kept that the decode does not need.
        reader.setInput(in, true, true);
        return reader;
    }

    private Decoded decode(ImageReader reader) throws IOException, InvalidFileException {
        int sourceWidth = reader.getWidth(0);
        int sourceHeight = reader.getHeight(0);
        if (sourceWidth <= 0 || sourceHeight <= 0) {
            throw corrupt(null);
        }
        if (sourceWidth > maxImagePixels || sourceHeight > maxImagePixels) {
            throw new InvalidFileException("the image is " + sourceWidth + "x" + sourceHeight + " pixels; at most "
                    + maxImagePixels + " in each direction");
        }
        AtomicReference<String> warning = new AtomicReference<>();
        // The JPEG decoder reports a truncated file only as a warning and fills the rest with grey.
        reader.addIIOReadWarningListener((source, message) -> warning.compareAndSet(null, message));
        ImageReadParam param = reader.getDefaultReadParam();
        int step = subsampling(sourceWidth, sourceHeight);
        param.setSourceSubsampling(step, step, 0, 0);
        BufferedImage image = reader.read(0, param);
        if (warning.get() != null || image == null) {
            throw corrupt(null);
        }
        return new Decoded(image, sourceWidth, sourceHeight);
    }

    /** The smallest whole step that brings the longer side to at most {@link #MAX_EMBEDDED_SIDE}. */
    static int subsampling(int width, int height) {
        int longer = Math.max(width, height);
        return Math.max(1, (longer + MAX_EMBEDDED_SIDE - 1) / MAX_EMBEDDED_SIDE);
    }

    /** The image's size at 72 dpi, scaled down proportionally to fit within A4 when larger. */
    static PageSize pageSizeFor(int width, int height) {
        float a4Width = PDRectangle.A4.getWidth();
        float a4Height = PDRectangle.A4.getHeight();
        float scale = Math.min(1f, Math.min(a4Width / width, a4Height / height));
        return new PageSize(width * scale, height * scale);
    }

    private static void writePdf(BufferedImage image, MediaKind kind, PageSize size, Path pdf) throws IOException {
        try (PDDocument document = new PDDocument(ScratchMemory.bounded())) {
            float width = (float) size.width();
            float height = (float) size.height();
            PDPage page = new PDPage(new PDRectangle(width, height));
            document.addPage(page);
            BufferedImage opaque = onWhite(image);
            PDImageXObject xobject = kind == MediaKind.JPEG
                    ? JPEGFactory.createFromImage(document, opaque, JPEG_QUALITY)
                    : LosslessFactory.createFromImage(document, opaque);
            try (PDPageContentStream content = new PDPageContentStream(document, page)) {
                content.drawImage(xobject, 0, 0, width, height);
            }
            document.save(pdf.toFile());
        }
    }

    /** Flattens transparency onto white paper and normalises palette and 16-bit images to RGB. */
    private static BufferedImage onWhite(BufferedImage image) {
        if (image.getType() == BufferedImage.TYPE_INT_RGB || image.getType() == BufferedImage.TYPE_3BYTE_BGR
                || image.getType() == BufferedImage.TYPE_BYTE_GRAY) {
            return image;
        }
        BufferedImage rgb = new BufferedImage(image.getWidth(), image.getHeight(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = rgb.createGraphics();
        try {
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, rgb.getWidth(), rgb.getHeight());
            g.drawImage(image, 0, 0, null);
        } finally {
            g.dispose();
        }
        return rgb;
    }

    private static String reasonFor(IIOException e) {
        String message = String.valueOf(e.getMessage());
        if (message.contains("Unsupported Image Type") || message.contains("Unsupported JPEG process")) {
            return "the image uses a colour format or encoding that cannot be read";
        }
        return "the image data is truncated or corrupt";
    }

    private static InvalidFileException corrupt(Throwable cause) {
        return new InvalidFileException("the image data is truncated or corrupt", cause);
    }

    private static void deleteQuietly(Path file) {
        if (file != null) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException ignored) {
                // Best effort: the caller's upload directory is cleaned with the upload.
            }
        }
    }
}
