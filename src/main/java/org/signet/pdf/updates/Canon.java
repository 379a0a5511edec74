package org.signet.pdf.updates;

import java.io.IOException;
import java.math.BigDecimal;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;

/**
 * One text for one object, however it was written: keys in order, numbers by value but integers
 * apart from reals (a viewer reads {@code /F 2} and {@code /F 2.0} differently), strings by their
 * bytes, references as references, and a stream by its stored bytes' digest. Two definitions of an
 * object are the same when their texts are.
 */
final class Canon {
    private Canon() {}

    /**
     * Whether two definitions are the same; streams of different lengths differ without their bytes
     * being read, so a huge stream appended in place of a small one costs nothing to tell apart.
     */
    static boolean same(RawValue a, RawValue b) throws IOException {
        if (a instanceof RawValue.Stream x && b instanceof RawValue.Stream y && x.bytes().length() != y.bytes().length()) {
            return false;
        }
        return of(a).equals(of(b));
    }

    static String of(RawValue value) throws IOException {
        StringBuilder out = new StringBuilder();
        write(value, out);
        return out.toString();
    }

    private static void write(RawValue value, StringBuilder out) throws IOException {
        if (value instanceof RawValue.Name n) {
            out.append('/').append(n.name().replace("#", "#23").replace("/", "#2F").replace(" ", "#20"));
        } else if (value instanceof RawValue.Number n) {
            out.append(number(n));
        } else if (value instanceof RawValue.Text t) {
            out.append('<').append(HexFormat.of().formatHex(t.bytes())).append('>');
        } else if (value instanceof RawValue.Bool b) {
            out.append(b.value());
        } else if (value instanceof RawValue.Ref r) {
            out.append(r);
        } else if (value instanceof RawValue.Array a) {
            out.append('[');
            for (RawValue item : a.items()) {
                write(item, out);
                out.append(' ');
            }
            out.append(']');
        } else if (value instanceof RawValue.Dict d) {
            dictionary(d, out);
        } else if (value instanceof RawValue.Stream s) {
            dictionary(s.dict(), out);
            out.append("stream:").append(s.bytes().length()).append(':').append(s.bytes().sha256());
        } else {
            out.append("null");
        }
    }

    private static void dictionary(RawValue.Dict d, StringBuilder out) throws IOException {
        Map<String, RawValue> sorted = new TreeMap<>(d.entries());
        out.append("<<");
        for (Map.Entry<String, RawValue> e : sorted.entrySet()) {
            if (!(e.getValue() instanceof RawValue.Null)) {
                write(new RawValue.Name(e.getKey()), out);
                out.append(' ');
                write(e.getValue(), out);
                out.append(' ');
            }
        }
        out.append(">>");
    }

    /** An integer as {@code i:value}, a real as {@code r:value} rounded to a float as readers hold it. */
    static String number(RawValue.Number n) {
        BigDecimal value = n.decimal();
        if (value == null) {
            return "?" + n.literal();
        }
        if (n.isInteger()) {
            return "i:" + value.toPlainString();
        }
        return "r:" + real(value.floatValue());
    }

    static String real(float value) {
        return new BigDecimal(Float.toString(value)).stripTrailingZeros().toPlainString();
    }
}
