package org.signet.bench;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/** Prints the rows as a fixed-width table whose columns are separated by at least two spaces. */
final class Table {
    private Table() {}

    static void print(PrintStream out, List<BenchFigure> rows) {
        int width = rows.stream().mapToInt(r -> label(r).length()).max().orElse(10);
        String format = "%-" + width + "s  %12s  %12s  %8s  %-10s  %s%n";
        out.printf(format, "comparison", "signet", "baseline", "ratio", "target", "met");
        for (BenchFigure r : rows) {
            out.printf(format, label(r), figure(r, r.signet()), figure(r, r.baseline()),
                    Double.isNaN(r.ratio()) ? "-" : Figures.ratio(r.ratio()), r.target().text(), r.met() ? "yes" : "NO");
        }
    }

    private static String label(BenchFigure r) {
        return r.unit().isEmpty() ? r.name() : r.name() + " (" + r.unit() + ")";
    }

    /** A figure without a unit is a count, written whole. */
    private static String figure(BenchFigure r, double v) {
        return r.unit().isEmpty() && !Double.isNaN(v) ? String.format(Locale.ROOT, "%,.0f", v) : Figures.number(v);
    }
}
