package org.signet.pdf.updates;

import java.io.IOException;
import java.util.List;
import java.util.Set;

/**
 * The one kind of annotation an update after a certification may add: the merged field and widget of
 * a document timestamp that no viewer can draw. Its rectangle has no area, its flags are an integer
 * (a real {@code /F 2.0} or a number beyond 32 bits is read as "hidden" by some readers and drawn by
 * others), and it is hidden or has no appearance with anything in it (ISO 32000-1 §12.5.3, §12.7.4.5).
 */
final class InvisibleTimestampField {
    private static final Set<String> KEYS = Set.of("Type", "Subtype", "FT", "F", "T", "TU", "TM", "V", "P", "Rect",
            "AP", "Ff", "Lock", "SV", "NM", "M");
    private static final long HIDDEN = 1 << 1;

    private InvisibleTimestampField() {}

    /** Why {@code value} is not such a field, or null when it is one. */
    static String whyNot(RawValue value, PriorObjects objects) throws IOException {
        if (!(value instanceof RawValue.Dict field)) {
            return "is not a dictionary";
        }
        for (String key : field.entries().keySet()) {
            if (!KEYS.contains(key) && field.get(key) != null) {
                return "carries /" + key;
            }
        }
        if (!"Widget".equals(field.name("Subtype")) || !"Sig".equals(field.name("FT"))) {
            return "is not a signature field's widget";
        }
        if (!(field.get("V") instanceof RawValue.Ref v) || !(objects.get(v.number()) instanceof RawValue.Dict sig)
                || !"ETSI.RFC3161".equals(sig.name("SubFilter"))) {
            return "does not hold a document timestamp";
        }
        if (!zeroRectangle(field.get("Rect"))) {
            return "has a rectangle with an area";
        }
        Long flags = flags(field.get("F"));
        if (flags == null) {
            return "has flags that are not a 32-bit integer";
        }
        if ((flags & HIDDEN) == 0 && !drawsNothing(field.get("AP"), objects)) {
            return "has an appearance that draws";
        }
        return null;
    }

    private static boolean zeroRectangle(RawValue rect) {
        if (!(rect instanceof RawValue.Array a) || a.items().size() != 4) {
            return false;
        }
        for (RawValue corner : a.items()) {
            if (!(corner instanceof RawValue.Number n) || !n.isZero()) {
                return false;
            }
        }
        return true;
    }

    /** The flags written, 0 when absent, null when not an integer a 32-bit reader holds as written. */
    private static Long flags(RawValue f) {
        if (f == null) {
            return 0L;
        }
        Long n = f instanceof RawValue.Number number ? number.integer() : null;
        return n == null || n < 0 || n > Integer.MAX_VALUE ? null : n;
    }

    /** No appearance dictionary, or one whose normal appearance is a stream without a byte. */
    private static boolean drawsNothing(RawValue ap, PriorObjects objects) throws IOException {
        if (ap == null) {
            return true;
        }
        if (!(objects.resolve(ap) instanceof RawValue.Dict appearances)
                || !List.copyOf(appearances.entries().keySet()).equals(List.of("N"))) {
            return false;
        }
        RawValue normal = appearances.get("N");
        return normal instanceof RawValue.Ref && objects.resolve(normal) instanceof RawValue.Stream s
                && s.bytes().length() == 0;
    }
}
