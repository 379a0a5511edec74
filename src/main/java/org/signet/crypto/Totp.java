package org.signet.crypto;

import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.util.OptionalLong;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Time-based one-time codes of RFC 6238 as every authenticator app makes them by default: HMAC-SHA-1
 * (RFC 4226 section 5.3, dynamic truncation), 30-second steps counted from the Unix epoch, six digits.
 * A code is accepted for the step it was made in or one step either side (RFC 6238 section 5.2), so a
 * clock a little off, or a code typed as the step turns, still works; that it is used once is kept by
 * the caller, which remembers the step.
 */
public final class Totp {
    public static final int DIGITS = 6;
    static final long STEP_SECONDS = 30;
    /** 160 bits, the length RFC 4226 section 4 recommends and HMAC-SHA-1's own output. */
    static final int SECRET_BYTES = 20;

    private Totp() {}

    public static byte[] newSecret() {
        return Tokens.randomBytes(SECRET_BYTES);
    }

    /** The step {@code epochSeconds} falls in. */
    public static long step(long epochSeconds) {
        return Math.floorDiv(epochSeconds, STEP_SECONDS);
    }

    /** The code of {@code step}, {@code digits} long with leading zeros. */
    public static String code(byte[] secret, long step, int digits) {
        byte[] hash = hmacSha1(secret, ByteBuffer.allocate(8).putLong(step).array());
        int offset = hash[hash.length - 1] & 0x0f;
        int binary = ((hash[offset] & 0x7f) << 24) | ((hash[offset + 1] & 0xff) << 16)
                | ((hash[offset + 2] & 0xff) << 8) | (hash[offset + 3] & 0xff);
        String code = Long.toString(binary % (long) Math.pow(10, digits));
        return "0".repeat(digits - code.length()) + code;
    }

    /**
     * The step, among the one of {@code epochSeconds} and its neighbours, whose six-digit code is
     * {@code given}; empty when none is. Each candidate is compared in constant time.
     */
    public static OptionalLong matchingStep(byte[] secret, String given, long epochSeconds) {
        if (given == null || !given.matches("[0-9]{" + DIGITS + "}")) {
            return OptionalLong.empty();
        }
        long now = step(epochSeconds);
        OptionalLong found = OptionalLong.empty();
        for (long s = now - 1; s <= now + 1; s++) {
            if (Tokens.constantTimeEquals(code(secret, s, DIGITS).getBytes(), given.getBytes()) && found.isEmpty()) {
                found = OptionalLong.of(s);
            }
        }
        return found;
    }

    private static byte[] hmacSha1(byte[] key, byte[] message) {
        try {
            Mac mac = Mac.getInstance("HmacSHA1");
            mac.init(new SecretKeySpec(key, "HmacSHA1"));
            return mac.doFinal(message);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA1 is part of every JDK", e);
        }
    }
}
