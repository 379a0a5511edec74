package org.signet.pdf.finish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Rectangle;
import java.awt.geom.Point2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.rendering.PDFRenderer;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.pdfbox.text.PDFTextStripperByArea;

/** Reads finished documents back for the tests: text by area, rendered ink, image placement. */
final class FinalPdfReadBack {

    private FinalPdfReadBack() {
    }

    static void assertTextOnlyIn(PDDocument doc, int page, String expected, Rectangle2D box)
            throws IOException {
        assertTrue(textIn(doc, page, box).contains(expected), "expected " + expected + " inside " + box);
        String all = pageText(doc, page);
        assertEquals(all.indexOf(expected), all.lastIndexOf(expected), "drawn once: " + all);
    }

    static String textIn(PDDocument doc, int page, Rectangle2D box) throws IOException {
        PDFTextStripperByArea stripper = new PDFTextStripperByArea();
        stripper.addRegion("box", box);
        stripper.extractRegions(doc.getPage(page - 1));
        return stripper.getTextForRegion("box");
    }

    static String pageText(PDDocument doc, int page) throws IOException {
        PDFTextStripper stripper = new PDFTextStripper();
        stripper.setStartPage(page);
        stripper.setEndPage(page);
        return stripper.getText(doc);
    }

    static BufferedImage render(PDDocument doc, int index) throws IOException {
        return new PDFRenderer(doc).renderImage(index, 1f);
    }

    static boolean isInk(int rgb) {
        int r = (rgb >> 16) & 0xff;
        int g = (rgb >> 8) & 0xff;
        int b = rgb & 0xff;
        return r + g + b < 600;
    }

    static int inkPixels(BufferedImage image, Rectangle area) {
        int count = 0;
        for (int y = area.y; y < area.y + area.height; y++) {
            for (int x = area.x; x < area.x + area.width; x++) {
                count += isInk(image.getRGB(x, y)) ? 1 : 0;
            }
        }
        return count;
    }

    static Rectangle inkBounds(BufferedImage image, Rectangle area) {
        Rectangle bounds = null;
        for (int y = area.y; y < area.y + area.height; y++) {
            for (int x = area.x; x < area.x + area.width; x++) {
                if (isInk(image.getRGB(x, y))) {
                    Rectangle pixel = new Rectangle(x, y, 1, 1);
                    bounds = bounds == null ? pixel : bounds.union(pixel);
                }
            }
        }
        assertTrue(bounds != null, "no ink in " + area);
        return bounds;
    }

    /** Every ink pixel lies in one of the allowed areas (with a pixel of anti-aliasing slack). */
    static void assertInkOnlyInside(BufferedImage image, Rectangle... allowed) {
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                if (!isInk(image.getRGB(x, y))) {
                    continue;
                }
                boolean inside = false;
                for (Rectangle area : allowed) {
                    inside |= new Rectangle(area.x - 1, area.y - 1, area.width + 2, area.height + 2).contains(x, y);
                }
                assertTrue(inside, "ink outside the field boxes at " + x + "," + y);
            }
        }
    }

    /** Records the rightmost edge of any text on the pages it strips. */
    static final class RightEdge extends PDFTextStripper {
        float maxRight;

        @Override
        protected void writeString(String text, List<org.apache.pdfbox.text.TextPosition> positions)
                throws IOException {
            for (var p : positions) {
                maxRight = Math.max(maxRight, p.getXDirAdj() + p.getWidthDirAdj());
            }
            super.writeString(text, positions);
        }
    }

    /** Where image XObjects are drawn on the page, in user space. */
    static List<Rectangle2D> imageBoxes(PDPage page) throws IOException {
        ImageBoxes engine = new ImageBoxes(page);
        engine.processPage(page);
        return engine.boxes;
    }

    /** Collects where image XObjects are drawn on a page, in user space. */
    private static final class ImageBoxes extends org.apache.pdfbox.contentstream.PDFGraphicsStreamEngine {
        private final List<Rectangle2D> boxes = new ArrayList<>();

        private ImageBoxes(PDPage page) {
            super(page);
        }

        @Override
        public void drawImage(org.apache.pdfbox.pdmodel.graphics.image.PDImage image) {
            // An image fills the unit square of the current transformation.
            var ctm = getGraphicsState().getCurrentTransformationMatrix().createAffineTransform();
            boxes.add(ctm.createTransformedShape(new Rectangle2D.Double(0, 0, 1, 1)).getBounds2D());
        }

        // Paths are irrelevant here: only where images land is recorded.
        @Override public void appendRectangle(Point2D p0, Point2D p1, Point2D p2, Point2D p3) { }
        @Override public void clip(int windingRule) { }
        @Override public void moveTo(float x, float y) { }
        @Override public void lineTo(float x, float y) { }
        @Override public void curveTo(float x1, float y1, float x2, float y2, float x3, float y3) { }
        @Override public Point2D getCurrentPoint() { return new Point2D.Float(); }
        @Override public void closePath() { }
        @Override public void endPath() { }
        @Override public void strokePath() { }
        @Override public void fillPath(int windingRule) { }
        @Override public void fillAndStrokePath(int windingRule) { }
        @Override public void shadingFill(COSName shadingName) { }
    }
}
