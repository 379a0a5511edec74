package org.signet.domain;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a {@code number} field takes: a value from {@code min} to {@code max} (either may be null: no bound)
 * with at most {@code decimals} digits after the point. Kept as the field's {@code options} object.
 */
public record NumberOptions(BigDecimal min, BigDecimal max, int decimals) {
    /** The most decimals a number field may allow; more is beyond what a form asks for. */
    public static final int MAX_DECIMALS = 6;
    public static final NumberOptions ANY_INTEGER = new NumberOptions(null, null, 0);

    public NumberOptions {
        if (decimals < 0 || decimals > MAX_DECIMALS) {
            throw new IllegalArgumentException("decimals must be from 0 to " + MAX_DECIMALS);
        }
    }

    /** The options object, as a field's {@code options} holds it. */
    public Map<String, Object> wire() {
        Map<String, Object> m = new LinkedHashMap<>();
        if (min != null) {
            m.put("min", min);
        }
        if (max != null) {
            m.put("max", max);
        }
        m.put("decimals", BigDecimal.valueOf(decimals));
        return m;
    }

    /** Back from {@link #wire()}, as it is read from a stored field; {@link #ANY_INTEGER} when it is not one. */
    public static NumberOptions fromWire(Object o) {
        if (!(o instanceof Map<?, ?> m) || !(m.get("decimals") instanceof BigDecimal d)) {
            return ANY_INTEGER;
        }
        return new NumberOptions(m.get("min") instanceof BigDecimal lo ? lo : null,
                m.get("max") instanceof BigDecimal hi ? hi : null, d.intValue());
    }
}
