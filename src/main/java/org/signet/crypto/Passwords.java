package org.signet.crypto;

import java.security.GeneralSecurityException;
import java.security.spec.KeySpec;
import java.util.Base64;
import java.util.concurrent.atomic.LongAdder;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * Password hashing with PBKDF2-HMAC-SHA256 (at least 310,000 iterations and a salt per user). Each
 * derivation costs a fifth of a second of a core on purpose, so the process counts them: the count
 * shows the CPU that passwords, PINs and codes take, and that a refusal which can be made without one
 * (a lockout, a wait) costs none.
 */
public final class Passwords {
    static final int ITERATIONS = 310_000;
    private static final String PREFIX = "pbkdf2-sha256";
    private static final LongAdder DERIVATIONS = new LongAdder();

    private Passwords() {}

    /** Returns {@code pbkdf2-sha256$iterations$salt$hash}, salt and hash in base64. */
    public static String hash(char[] password) {
        byte[] salt = Tokens.randomBytes(16);
        byte[] hash = derive(password, salt, ITERATIONS);
        Base64.Encoder b64 = Base64.getEncoder();
        return PREFIX + "$" + ITERATIONS + "$" + b64.encodeToString(salt) + "$" + b64.encodeToString(hash);
    }

    public static boolean verify(char[] password, String stored) {
        if (stored == null) {
            return false;
        }
        String[] parts = stored.split("\\$");
        if (parts.length != 4 || !parts[0].equals(PREFIX)) {
            return false;
        }
        Base64.Decoder b64 = Base64.getDecoder();
        byte[] expected = b64.decode(parts[3]);
        byte[] actual = derive(password, b64.decode(parts[2]), Integer.parseInt(parts[1]));
        return Tokens.constantTimeEquals(expected, actual);
    }

    /** How many hashes this process has computed, to store or to check one, since it started. */
    public static long derivations() {
        return DERIVATIONS.sum();
    }

    private static byte[] derive(char[] password, byte[] salt, int iterations) {
        DERIVATIONS.increment();
        try {
            KeySpec spec = new PBEKeySpec(password, salt, iterations, 256);
            return SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256").generateSecret(spec).getEncoded();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("PBKDF2WithHmacSHA256 is required by the Java platform", e);
        }
    }
}
