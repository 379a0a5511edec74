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

    /** A finite JSON number, or a string that parses as one. */
    public static Double number(Object v) {
        if (!(v instanceof BigDecimal) && !(v instanceof String)) {
            return null;
        }
        try {
            double d = v instanceof BigDecimal n ? n.doubleValue() : Double.parseDouble((String) v);
            return Double.isFinite(d) ? d : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** true/false, 1/0, or those as strings ("true" in any case). */
    public static Boolean bool(Object v) {
        if (v instanceof Boolean b) {
            return b;
        }
        String s = v instanceof String || v instanceof BigDecimal ? String.valueOf(v) : "";
        if (s.equals("1") || s.equalsIgnoreCase("true")) {
            return true;
        }
        if (s.equals("0") || s.equalsIgnoreCase("false")) {
            return false;
        }
        return null;
    }
}
