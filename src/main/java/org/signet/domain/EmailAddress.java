package org.signet.domain;

import java.util.regex.Pattern;

/** A pragmatic email check: one @, a dotted domain, no spaces or angle brackets, at most 254 characters. */
public final class EmailAddress {
    private static final Pattern SHAPE =
            Pattern.compile("^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
                    + "(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$");

    private EmailAddress() {}

    public static boolean isValid(String s) {
        return s != null && s.length() <= 254 && SHAPE.matcher(s).matches() && !s.contains("..");
    }

    /**
     * The address as a page may show it to whoever holds the link, enough to recognise it and no more:
     * the first character of the name, then {@code ***}, then the domain ({@code a***@example.com}).
     */
    public static String masked(String address) {
        int at = address.lastIndexOf('@');
        if (at < 1) {
            return "***";
        }
        return address.substring(0, address.offsetByCodePoints(0, 1)) + "***" + address.substring(at);
    }
}
