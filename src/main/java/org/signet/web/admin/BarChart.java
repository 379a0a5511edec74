package org.signet.web.admin;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.signet.text.Html;

/**
 * A bar chart drawn by the server as inline SVG, no chart library and no script: labelled by a
 * title and a description, styled by classes from the stylesheet (CSP forbids inline styles). The
 * numbers are given as a table beside it too, for whoever cannot see the picture.
 */
final class BarChart {
    private static final int WIDTH = 600;
    private static final int HEIGHT = 220;
    private static final int TOP = 16;
    private static final int BOTTOM = 40;
    private static final int LEFT = 36;

    /** One bar: its label on the axis (may be empty to leave it out) and its value. */
    record Bar(String label, long value) {}

    private BarChart() {}

    static Html svg(String id, String title, String description, List<Bar> bars) {
        long max = Math.max(1, bars.stream().mapToLong(Bar::value).max().orElse(1));
        double slot = (double) (WIDTH - LEFT) / Math.max(1, bars.size());
        double plot = HEIGHT - TOP - BOTTOM;
        List<Html> parts = new ArrayList<>();
        parts.add(Html.of("<svg id=\"{}\" class=\"chart\" viewBox=\"0 0 {} {}\" role=\"img\""
                + " aria-labelledby=\"{}-title {}-desc\" xmlns=\"http://www.w3.org/2000/svg\">\n<title id=\"{}-title\">{}"
                + "</title>\n<desc id=\"{}-desc\">{}</desc>\n", id, WIDTH, HEIGHT, id, id, id, title, id, description));
        parts.add(axis(max, plot));
        for (int i = 0; i < bars.size(); i++) {
            Bar b = bars.get(i);
            double h = plot * b.value() / max;
            double x = LEFT + i * slot + slot * 0.15;
            parts.add(Html.of("<rect class=\"bar\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"><title>{}: {}</title></rect>\n",
                    decimal(x), decimal(TOP + plot - h), decimal(slot * 0.7), decimal(h), b.label(), b.value()));
            if (!b.label().isEmpty()) {
                parts.add(Html.of("<text class=\"axis-label\" x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n",
                        decimal(x + slot * 0.35), HEIGHT - BOTTOM + 18, b.label()));
            }
        }
        parts.add(Html.trusted("</svg>\n"));
        return Html.join(parts);
    }

    /** A coordinate with one decimal, as SVG reads it whatever the page's language. */
    private static String decimal(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    private static Html axis(long max, double plot) {
        return Html.of("<line class=\"axis\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" />\n"
                        + "<line class=\"axis\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" />\n"
                        + "<text class=\"axis-label\" x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>\n"
                        + "<text class=\"axis-label\" x=\"{}\" y=\"{}\" text-anchor=\"end\">0</text>\n",
                LEFT, TOP, LEFT, decimal(TOP + plot), LEFT, decimal(TOP + plot), WIDTH, decimal(TOP + plot), LEFT - 6, TOP + 4,
                max, LEFT - 6, decimal(TOP + plot + 4));
    }
}
