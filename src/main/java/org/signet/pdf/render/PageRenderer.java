package org.signet.pdf.render;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import javax.imageio.ImageIO;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.rendering.ImageType;
import org.apache.pdfbox.rendering.PDFRenderer;
import org.signet.pdf.read.BoundedFilters;
import org.signet.pdf.read.ScratchMemory;

/** Renders one page of a PDF to a PNG image, for the signing page and previews. */
public final class PageRenderer {

    /** Highest resolution accepted; 600 dpi is more than any screen needs. */
    public static final float MAX_DPI = 600f;

    /** Most pixels in one rendered image (about 100 MB as RGB); larger pages render at lower dpi. */
    static final long MAX_PIXELS = 25_000_000L;

    /** How long one page may take to draw, and how many operations it may need (real pages use thousands). */
    static final Duration MAX_TIME = Duration.ofSeconds(15);
    static final long MAX_OPERATORS = 5_000_000L;

    /** Relative amount added to the scale; a 14,400 pt page gains at most 0.14 pixel from it. */
    private static final float SCALE_NUDGE = 1e-5f;

    static {
        // Rendering uses AWT; a server has no display.
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    private PageRenderer() {
    }

    /**
     * Renders page {@code pageNumber} (1-based) at {@code dpi} as RGB and returns the PNG bytes. A
     * page so large that the image would pass {@link #MAX_PIXELS} is rendered at a lower dpi.
     *
     * @throws IllegalArgumentException when the page does not exist or dpi is outside (0, 600]
     * @throws RenderLimitException when the page takes too long or too many operations to draw
     * @throws IOException when the PDF cannot be read or rendered
     */
    public static byte[] renderPng(Path pdf, int pageNumber, float dpi) throws IOException {
        if (!(dpi > 0 && dpi <= MAX_DPI)) {
            throw new IllegalArgumentException("dpi must be in (0, " + MAX_DPI + "]: " + dpi);
        }
        try (PDDocument document = load(pdf)) {
            int pages = document.getNumberOfPages();
            if (pageNumber < 1 || pageNumber > pages) {
                throw new IllegalArgumentException("page " + pageNumber + " outside 1.." + pages);
            }
            try {
                return toPng(render(document, pageNumber - 1, dpi));
            } catch (RuntimeException | StackOverflowError e) {
                // PDFBox signals some malformed content with unchecked exceptions or deep recursion.
                throw new IOException("page " + pageNumber + " could not be rendered", e);
            }
        }
    }

    private static PDDocument load(Path pdf) throws IOException {
        BoundedFilters.install();
        try {
            return Loader.loadPDF(pdf.toFile(), ScratchMemory.bounded());
        } catch (RuntimeException | StackOverflowError e) {
            throw new IOException("the PDF could not be read", e);
        }
    }

    private static BufferedImage render(PDDocument document, int index, float dpi) throws IOException {
        PDPage page = document.getPage(index);
        // PDFBox floors points x scale to whole pixels; in float arithmetic 612 pt at 100 dpi comes
        // to 849.99994, so a hair is added to land on the 850 pixels the caller computes.
        float scale = dpi / 72f * (1 + SCALE_NUDGE);
        double pixels = (double) page.getCropBox().getWidth() * scale * page.getCropBox().getHeight() * scale;
        if (pixels > MAX_PIXELS) {
            scale *= (float) Math.sqrt(MAX_PIXELS / pixels);
        }
        PDFRenderer renderer = new BoundedRenderer(document, MAX_TIME, MAX_OPERATORS);
        // Lets PDFBox decode big images at the resolution they are drawn at, bounding memory.
        renderer.setSubsamplingAllowed(true);
        return renderer.renderImage(index, scale, ImageType.RGB);
    }

    private static byte[] toPng(BufferedImage image) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        if (!ImageIO.write(image, "png", out)) {
            throw new IOException("no PNG writer available");
        }
        return out.toByteArray();
    }
}
