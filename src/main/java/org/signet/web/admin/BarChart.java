package org.signet.web.admin;

import static org.signet.web.admin.AdminView.esc;

import java.util.List;

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

    static String svg(String id, String title, String description, List<Bar> bars) {
        long max = Math.max(1, bars.stream().mapToLong(Bar::value).max().orElse(1));
        double slot = (double) (WIDTH - LEFT) / Math.max(1, bars.size());
        double plot = HEIGHT - TOP - BOTTOM;
        StringBuilder out = new StringBuilder("<svg id=\"" + id + "\" class=\"chart\" viewBox=\"0 0 " + WIDTH + " "
                + HEIGHT + "\" role=\"img\" aria-labelledby=\"" + id + "-title " + id + "-desc\""
                + " xmlns=\"http://www.w3.org/2000/svg\">\n<title id=\"" + id + "-title\">" + esc(title) + "</title>\n"
                + "<desc id=\"" + id + "-desc\">" + esc(description) + "</desc>\n");
        out.append(axis(max, plot));
        for (int i = 0; i < bars.size(); i++) {
            Bar b = bars.get(i);
            double h = plot * b.value() / max;
            double x = LEFT + i * slot + slot * 0.15;
            out.append(String.format(java.util.Locale.ROOT,
                    "<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"><title>%s: %d</title></rect>\n",
                    x, TOP + plot - h, slot * 0.7, h, esc(b.label()), b.value()));
            if (!b.label().isEmpty()) {
                out.append(String.format(java.util.Locale.ROOT,
                        "<text class=\"axis-label\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n",
                        x + slot * 0.35, HEIGHT - BOTTOM + 18, esc(b.label())));
            }
        }
        return out.append("</svg>\n").toString();
    }

    private static String axis(long max, double plot) {
        return String.format(java.util.Locale.ROOT,
                "<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%.1f\" />\n"
                        + "<line class=\"axis\" x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" />\n"
                        + "<text class=\"axis-label\" x=\"%d\" y=\"%d\" text-anchor=\"end\">%d</text>\n"
                        + "<text class=\"axis-label\" x=\"%d\" y=\"%.1f\" text-anchor=\"end\">0</text>\n",
                LEFT, TOP, LEFT, TOP + plot, LEFT, TOP + plot, WIDTH, TOP + plot, LEFT - 6, TOP + 4, max, LEFT - 6,
                TOP + plot + 4);
    }
}
