package org.signet.crypto;

import java.io.ByteArrayOutputStream;
import java.util.Locale;

/**
 * Base32 of RFC 4648 section 6, without padding: how an authenticator app's secret is written out for
 * a person to type when the QR code cannot be scanned, and inside the {@code otpauth:} address.
 */
public final class Base32 {
    private static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

    private Base32() {}

    public static String encode(byte[] data) {
        StringBuilder out = new StringBuilder((data.length * 8 + 4) / 5);
        int buffer = 0;
        int bits = 0;
        for (byte b : data) {
            buffer = (buffer << 8) | (b & 0xff);
            bits += 8;
            while (bits >= 5) {
                out.append(ALPHABET.charAt((buffer >> (bits - 5)) & 31));
                bits -= 5;
            }
        }
        if (bits > 0) {
            out.append(ALPHABET.charAt((buffer << (5 - bits)) & 31));
        }
        return out.toString();
    }

    /** The bytes of {@code text}, ignoring case, spaces and padding; an unknown character is refused. */
    public static byte[] decode(String text) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int buffer = 0;
        int bits = 0;
        for (char c : text.toUpperCase(Locale.ROOT).replaceAll("[\\s=]", "").toCharArray()) {
            int value = ALPHABET.indexOf(c);
            if (value < 0) {
                throw new IllegalArgumentException("not a base32 character at " + c);
            }
            buffer = (buffer << 5) | value;
            bits += 5;
            if (bits >= 8) {
                out.write((buffer >> (bits - 8)) & 0xff);
                bits -= 8;
            }
        }
        return out.toByteArray();
    }

    /** The text in groups of four, as easier to read and type; apps ignore the spaces. */
    public static String grouped(String encoded) {
        return encoded.replaceAll("(.{4})(?!$)", "$1 ");
    }
}
