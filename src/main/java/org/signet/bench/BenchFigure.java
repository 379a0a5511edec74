package org.signet.bench;

/**
 * One line of the bench's table: what was measured, Signet's figure, the baseline's figure from
 * the same run, and the target.
 */
record BenchFigure(String name, String unit, double signet, double baseline, Target target) {
    BenchFigure {
        if (name.contains("  ")) {
            throw new IllegalArgumentException("a row name must not hold two spaces in a row, they separate columns: " + name);
        }
    }

    /** NaN when the baseline is zero: a ratio to nothing says nothing (as for error counts). */
    double ratio() {
        return baseline == 0 ? Double.NaN : signet / baseline;
    }

    boolean met() {
        return target.met(signet, ratio());
    }
}
