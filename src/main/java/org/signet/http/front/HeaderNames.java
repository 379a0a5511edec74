package org.signet.http.front;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The case of response header names as Signet writes them. The JDK server keeps a name with only
 * its first letter in capitals ({@code Content-type}, {@code X-wp-total}); the front puts back the
 * usual form, a capital after every hyphen ({@code Content-Type}, {@code X-Request-Id}), and for the
 * names that do not follow that rule the form the WP Signer interface gives them ({@code X-WP-Total},
 * {@code X-RateLimit-Limit}). Only the case of letters changes, so a name keeps its length and is
 * rewritten where it lies in the buffer.
 */
final class HeaderNames {
    /** Names whose usual form is not a capital after every hyphen. */
    private static final byte[][] IRREGULAR = ascii("X-WP-Total", "X-WP-TotalPages", "X-RateLimit-Limit",
            "X-RateLimit-Remaining", "X-RateLimit-Reset", "ETag", "WWW-Authenticate", "X-WPS-Event",
            "X-WPS-Delivery", "X-WPS-Signature", "X-WPS-Timestamp");

    /** The same, by their length: most names have no irregular one of their length, and are done at once. */
    private static final byte[][][] IRREGULAR_BY_LENGTH = byLength(IRREGULAR);

    private HeaderNames() {}

    /** Rewrites the name in {@code b[from..to)} (absolute indices) in its usual case. */
    static void restore(ByteBuffer b, int from, int to) {
        boolean capital = true;
        for (int i = from; i < to; i++) {
            byte c = b.get(i);
            byte cased = capital ? upper(c) : lower(c);
            if (cased != c) {
                b.put(i, cased);
            }
            capital = c == '-';
        }
        int length = to - from;
        if (length >= IRREGULAR_BY_LENGTH.length) {
            return;
        }
        for (byte[] name : IRREGULAR_BY_LENGTH[length]) {
            if (sameIgnoringCase(b, from, name)) {
                b.put(from, name);
                return;
            }
        }
    }

    private static boolean sameIgnoringCase(ByteBuffer b, int from, byte[] name) {
        for (int i = 0; i < name.length; i++) {
            if (lower(b.get(from + i)) != lower(name[i])) {
                return false;
            }
        }
        return true;
    }

    private static byte upper(byte c) {
        return c >= 'a' && c <= 'z' ? (byte) (c - 32) : c;
    }

    private static byte lower(byte c) {
        return c >= 'A' && c <= 'Z' ? (byte) (c + 32) : c;
    }

    private static byte[][][] byLength(byte[][] names) {
        int longest = 0;
        for (byte[] n : names) {
            longest = Math.max(longest, n.length);
        }
        byte[][][] table = new byte[longest + 1][][];
        for (int length = 0; length <= longest; length++) {
            int len = length;
            table[length] = Arrays.stream(names).filter(n -> n.length == len).toArray(byte[][]::new);
        }
        return table;
    }

    private static byte[][] ascii(String... names) {
        byte[][] all = new byte[names.length][];
        for (int i = 0; i < names.length; i++) {
            all[i] = names[i].getBytes(StandardCharsets.US_ASCII);
        }
        return all;
    }
}
