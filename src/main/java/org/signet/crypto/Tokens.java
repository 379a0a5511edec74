package org.signet.crypto;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Random;
import java.util.concurrent.ThreadLocalRandom;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** Random identifiers, secrets and digests used across Signet, from one strong random source. */
public final class Tokens {
    private static final MessageDigest SHA256 = lookUp();
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final char[] BASE62 =
            "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".toCharArray();

    private Tokens() {}

    /** A string of {@code length} characters drawn uniformly from [0-9A-Za-z]. */
    public static String base62(int length) {
        return base62(length, RANDOM);
    }

    /**
     * A 12-character label for one request, as logs and error answers carry it. It names a request and
     * guards nothing, so it comes from the calling thread's own generator: the shared strong source is
     * a lock that every request would otherwise queue on.
     */
    public static String requestId() {
        return base62(12, ThreadLocalRandom.current());
    }

    private static String base62(int length, Random random) {
        char[] out = new char[length];
        for (int i = 0; i < length; i++) {
            out[i] = BASE62[random.nextInt(BASE62.length)];
        }
        return new String(out);
    }

    /** {@code bytes} random bytes as unpadded base64url, for tokens that travel in URLs. */
    public static String base64Url(int bytes) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(randomBytes(bytes));
    }

    public static byte[] randomBytes(int n) {
        byte[] b = new byte[n];
        RANDOM.nextBytes(b);
        return b;
    }

    public static byte[] sha256(byte[] data) {
        return digest().digest(data);
    }

    public static byte[] sha256(String text) {
        return sha256(text.getBytes(StandardCharsets.UTF_8));
    }

    public static String sha256Hex(byte[] data) {
        return HexFormat.of().formatHex(sha256(data));
    }

    public static String sha256Hex(String text) {
        return HexFormat.of().formatHex(sha256(text));
    }

    /** The lowercase hex HMAC-SHA256 of {@code data} keyed with {@code key} (RFC 2104), as webhook signatures carry it. */
    public static String hmacSha256Hex(String key, byte[] data) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(data));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is required by the Java platform", e);
        }
    }

    /** Compares two digests in time independent of where they differ. */
    public static boolean constantTimeEquals(byte[] a, byte[] b) {
        return MessageDigest.isEqual(a, b);
    }

    /**
     * A new SHA-256 digest, cloned from one looked up once: the provider lookup of {@code getInstance}
     * cost more than hashing a key's secret, which every authenticated request does.
     */
    public static MessageDigest digest() {
        try {
            return (MessageDigest) SHA256.clone();
        } catch (CloneNotSupportedException e) {
            return lookUp();
        }
    }

    private static MessageDigest lookUp() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by the Java platform", e);
        }
    }
}
