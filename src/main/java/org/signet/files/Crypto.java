package org.signet.files;

import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import javax.crypto.Cipher;

/** The vault's shared source of randomness and of AES-GCM ciphers. */
final class Crypto {
    static final SecureRandom RANDOM = new SecureRandom();

    private Crypto() {
    }

    static byte[] randomBytes(int n) {
        byte[] bytes = new byte[n];
        RANDOM.nextBytes(bytes);
        return bytes;
    }

    static Cipher gcm() {
        try {
            return Cipher.getInstance("AES/GCM/NoPadding");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JDK lacks AES/GCM/NoPadding", e);
        }
    }
}
