package org.signet.pdf.read;

import java.awt.geom.AffineTransform;
import java.awt.geom.NoninvertibleTransformException;
import java.awt.geom.Rectangle2D;
import java.util.Optional;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.util.Matrix;

/**
 * Turns a rectangle in PDF user space into a field box on the page as displayed: points from its
 * top-left corner, after /Rotate, clipped to the page and rounded to hundredths; and the way back, from
 * the page as displayed to user space, by which values are drawn where their boxes say.
 */
public final class PageBox {
    /** A box as fields are placed: {@code x}, {@code y} of the top-left corner, y growing downwards. */
    public record Box(double x, double y, double width, double height) {}

    private PageBox() {}

    /** The box of the user-space rectangle, or empty when none of it lies on the page. */
    public static Optional<Box> ofUserRect(PDPage page, double x0, double y0, double x1, double y1) {
        AffineTransform toDisplay;
        try {
            toDisplay = displayToUser(page).createAffineTransform().createInverse();
        } catch (NoninvertibleTransformException e) {
            return Optional.empty();
        }
        Rectangle2D user = new Rectangle2D.Double(Math.min(x0, x1), Math.min(y0, y1), Math.abs(x1 - x0),
                Math.abs(y1 - y0));
        Rectangle2D shown = toDisplay.createTransformedShape(user).getBounds2D();
        double height = displayHeight(page);
        double width = displayWidth(page);
        double left = round(Math.max(0, shown.getMinX()));
        double right = round(Math.min(width, shown.getMaxX()));
        double top = round(Math.max(0, height - shown.getMaxY()));
        double bottom = round(Math.min(height, height - shown.getMinY()));
        if (right - left < 1 || bottom - top < 1) {
            return Optional.empty();
        }
        return Optional.of(new Box(left, top, round(right - left), round(bottom - top)));
    }

    /**
     * Maps the page as displayed (origin bottom-left, after /Rotate) onto PDF user space, so
     * values are placed and kept upright whatever the page's rotation.
     */
    public static Matrix displayToUser(PDPage page) {
        PDRectangle crop = page.getCropBox();
        float x = crop.getLowerLeftX();
        float y = crop.getLowerLeftY();
        float w = crop.getWidth();
        float h = crop.getHeight();
        switch (rotation(page)) {
            case 90:
                return new Matrix(0, 1, -1, 0, x + w, y);
            case 180:
                return new Matrix(-1, 0, 0, -1, x + w, y + h);
            case 270:
                return new Matrix(0, -1, 1, 0, x, y + h);
            default:
                return new Matrix(1, 0, 0, 1, x, y);
        }
    }

    public static float displayHeight(PDPage page) {
        int rotation = rotation(page);
        PDRectangle crop = page.getCropBox();
        return rotation == 90 || rotation == 270 ? crop.getWidth() : crop.getHeight();
    }

    private static int rotation(PDPage page) {
        return ((page.getRotation() % 360) + 360) % 360;
    }

    private static double displayWidth(PDPage page) {
        int rotation = rotation(page);
        return rotation == 90 || rotation == 270 ? page.getCropBox().getHeight() : page.getCropBox().getWidth();
    }

    /** Down to hundredths of a point, never up, so a box at the page's edge stays on it. */
    private static double round(double v) {
        return Math.floor(v * 100) / 100;
    }
}
