package org.signet.pdf;

/** The size of a page as displayed (after its rotation), in PDF points of 1/72 inch. */
public record PageSize(float width, float height) {

    public PageSize {
        if (!(width > 0 && height > 0) || !Float.isFinite(width) || !Float.isFinite(height)) {
            throw new IllegalArgumentException("page size must be positive and finite: " + width + "x" + height);
        }
    }
}
