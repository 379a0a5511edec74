package org.signet.metrics;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Writes figures in Prometheus's text exposition format, version 0.0.4: each family's {@code # HELP}
 * and {@code # TYPE} lines once, before its samples, label values and help text escaped as the
 * format asks (backslash, double quote and line feed), numbers as Go's ParseFloat reads them.
 */
public final class Exposition {
    /** The media type of the format, as Prometheus asks for it. */
    public static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";
    private static final Pattern NAME = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");

    private final StringBuilder out = new StringBuilder(8192);
    private final Set<String> families = new HashSet<>();

    public Exposition gauge(String name, String help) {
        return family(name, "gauge", help);
    }

    /** A counter family; by the format's convention its name ends in {@code _total}. */
    public Exposition counter(String name, String help) {
        if (!name.endsWith("_total")) {
            throw new IllegalArgumentException("a counter's name ends in _total: " + name);
        }
        return family(name, "counter", help);
    }

    public Exposition histogram(String name, String help) {
        return family(name, "histogram", help);
    }

    /** One sample of the family named last or earlier; {@code labels} are name, value pairs. */
    public Exposition sample(String name, double value, String... labels) {
        out.append(name);
        labels(labels);
        out.append(' ').append(number(value)).append('\n');
        return this;
    }

    /**
     * One histogram's samples: a {@code _bucket} per upper bound with the cumulative counts, the
     * {@code +Inf} bucket (the last of {@code cumulative}), {@code _sum} and {@code _count}.
     */
    public Exposition histogramSamples(String name, List<Double> bounds, List<Long> cumulative, double sum,
            String... labels) {
        if (cumulative.size() != bounds.size() + 1) {
            throw new IllegalArgumentException("a histogram needs one count per bound and one for +Inf");
        }
        String[] withLe = Arrays.copyOf(labels, labels.length + 2);
        withLe[labels.length] = "le";
        for (int i = 0; i <= bounds.size(); i++) {
            withLe[labels.length + 1] = i < bounds.size() ? number(bounds.get(i)) : "+Inf";
            sample(name + "_bucket", cumulative.get(i), withLe);
        }
        sample(name + "_sum", sum, labels);
        return sample(name + "_count", cumulative.get(bounds.size()), labels);
    }

    /** Appends what {@code part} holds; a family in both is an error, as if written twice here. */
    public Exposition include(Exposition part) {
        for (String family : part.families) {
            if (!families.add(family)) {
                throw new IllegalStateException("metric family written twice: " + family);
            }
        }
        out.append(part.out);
        return this;
    }

    /** The text written so far. */
    public String text() {
        return out.toString();
    }

    private Exposition family(String name, String type, String help) {
        requireName(name);
        if (!families.add(name)) {
            throw new IllegalStateException("metric family written twice: " + name);
        }
        out.append("# HELP ").append(name).append(' ').append(help.replace("\\", "\\\\").replace("\n", "\\n"))
                .append('\n').append("# TYPE ").append(name).append(' ').append(type).append('\n');
        return this;
    }

    private void labels(String[] labels) {
        if (labels.length % 2 != 0) {
            throw new IllegalArgumentException("labels come in name, value pairs");
        }
        if (labels.length == 0) {
            return;
        }
        out.append('{');
        for (int i = 0; i < labels.length; i += 2) {
            requireName(labels[i]);
            out.append(i == 0 ? "" : ",").append(labels[i]).append("=\"").append(labelValue(labels[i + 1])).append('"');
        }
        out.append('}');
    }

    /** A label value with the backslash, quote and line feed the text format escapes (no HTML here). */
    private static String labelValue(String value) {
        return value.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }

    /** Integers without a fraction (exact up to 2^53), others in plain decimals (no exponent). */
    static String number(double v) {
        if (Double.isNaN(v)) {
            return "NaN";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "+Inf" : "-Inf";
        }
        if (v == Math.rint(v) && Math.abs(v) < 0x1p53) {
            return Long.toString((long) v);
        }
        return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }

    private static void requireName(String name) {
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("not a metric or label name: " + name);
        }
    }
}
