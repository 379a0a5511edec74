package org.signet.domain;

/** The size of a page as displayed (after its rotation), in PDF points of 1/72 inch. */
public record PageSize(double width, double height) {

    public PageSize {
        if (!(width > 0 && height > 0) || !Double.isFinite(width) || !Double.isFinite(height)) {
            throw new IllegalArgumentException("page size must be positive and finite: " + width + "x" + height);
        }
    }
}
