package org.signet.bench;

import java.util.Locale;

/** How the table writes numbers: enough digits to compare, never more, the same on every machine's locale. */
final class Figures {
    private Figures() {}

    static String number(double v) {
        if (Double.isNaN(v)) {
            return "NaN";
        }
        if (Double.isInfinite(v)) {
            return "inf";
        }
        double a = Math.abs(v);
        String pattern = a >= 1000 ? "%,.0f" : a >= 100 ? "%.0f" : a >= 10 ? "%.1f" : a >= 1 ? "%.2f" : "%.3f";
        return String.format(Locale.ROOT, pattern, v);
    }

    static String ratio(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return number(v);
        }
        return String.format(Locale.ROOT, Math.abs(v) >= 100 ? "%.0fx" : Math.abs(v) >= 10 ? "%.1fx" : "%.2fx", v);
    }

    /** A limit as written in a target: 0.6, 2, 300. */
    static String plain(double v) {
        return v == Math.rint(v) ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%s", v);
    }
}
