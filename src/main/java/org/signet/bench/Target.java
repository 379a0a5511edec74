package org.signet.bench;

/** What a comparison should reach: a bound on the ratio to the baseline, or on Signet's own figure. */
record Target(Kind kind, double limit, String text) {
    enum Kind { RATIO_AT_LEAST, RATIO_AT_MOST, VALUE_AT_MOST }

    static Target ratioAtLeast(double limit) {
        return new Target(Kind.RATIO_AT_LEAST, limit, ">= " + Figures.plain(limit) + "x");
    }

    static Target ratioAtMost(double limit) {
        return new Target(Kind.RATIO_AT_MOST, limit, "<= " + Figures.plain(limit) + "x");
    }

    /** A bound on Signet's own figure, written with its unit ("<= 10 ms"); zero reads as "0". */
    static Target valueAtMost(double limit, String unit) {
        String text = limit == 0 ? "0" : "<= " + Figures.plain(limit) + (unit.isEmpty() ? "" : " " + unit);
        return new Target(Kind.VALUE_AT_MOST, limit, text);
    }

    /** Whether the figures reach it; a figure that could not be measured (NaN) never does. */
    boolean met(double signet, double ratio) {
        return switch (kind) {
            case RATIO_AT_LEAST -> ratio >= limit;
            case RATIO_AT_MOST -> ratio <= limit;
            case VALUE_AT_MOST -> signet <= limit;
        };
    }
}
