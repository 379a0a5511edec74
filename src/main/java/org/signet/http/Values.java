package org.signet.http;

import java.math.BigDecimal;

/**
 * The one coercion vocabulary for client values, whether they come from a JSON body, a query
 * string or one field of a fields payload: what counts as an integer, a number and a boolean, as
 * WordPress reads them. Each returns null when the value is not one; range checks are the caller's.
 */
public final class Values {
    private Values() {}

    /** A JSON integer, or a string of at most 18 digits with an optional minus sign. */
    public static Long integer(Object v) {
        try {
            if (v instanceof BigDecimal n) {
                return n.longValueExact();
            }
            if (v instanceof String s && s.matches("-?\\d{1,18}")) {
                return Long.parseLong(s);
            }
        } catch (ArithmeticException e) {
            return null;
        }
        return null;
    }

    /**
     * A finite JSON number, or a string of decimal digits with an optional minus sign and fraction
     * ("72.5"): no exponent, hexadecimal or type suffix, so that what the interface description allows
     * and what is read are the same.
     */
    public static Double number(Object v) {
        double d;
        if (v instanceof BigDecimal n) {
            d = n.doubleValue();
        } else if (v instanceof String s && s.matches("-?\\d+(\\.\\d+)?")) {
            d = Double.parseDouble(s);
        } else {
            return null;
        }
        return Double.isFinite(d) ? d : null;
    }

    /** true/false, 1/0 (as JSON numbers compare: 1.0 is 1), or those as strings ("true" in any case). */
    public static Boolean bool(Object v) {
        if (v instanceof Boolean b) {
            return b;
        }
        if (v instanceof BigDecimal n) {
            return n.compareTo(BigDecimal.ONE) == 0 ? Boolean.TRUE : n.signum() == 0 ? Boolean.FALSE : null;
        }
        String s = v instanceof String ? (String) v : "";
        if (s.equals("1") || s.equalsIgnoreCase("true")) {
            return true;
        }
        if (s.equals("0") || s.equalsIgnoreCase("false")) {
            return false;
        }
        return null;
    }
}
