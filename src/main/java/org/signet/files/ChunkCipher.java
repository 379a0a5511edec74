package org.signet.files;

import java.io.IOException;
import java.io.PushbackInputStream;
import java.security.GeneralSecurityException;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;

/**
 * Seals and opens the fixed-size chunks of a stored file with AES-256-GCM, in the STREAM
 * construction: the nonce holds the chunk index and a last-chunk flag, so reordered, dropped,
 * truncated or appended chunks fail authentication.
 */
final class ChunkCipher {
    static final byte[] HEADER = {'S', 'G', 'F', 'V', 1};
    static final int CHUNK_SIZE = 64 * 1024;
    static final int TAG_BYTES = 16;
    static final int SEALED_CHUNK_SIZE = CHUNK_SIZE + TAG_BYTES;

    private final Cipher cipher;
    private final SecretKey key;
    private final int mode;

    private ChunkCipher(SecretKey key, int mode) {
        this.cipher = Crypto.gcm();
        this.key = key;
        this.mode = mode;
    }

    static ChunkCipher sealing(SecretKey key) {
        return new ChunkCipher(key, Cipher.ENCRYPT_MODE);
    }

    static ChunkCipher opening(SecretKey key) {
        return new ChunkCipher(key, Cipher.DECRYPT_MODE);
    }

    /** Seals or opens in[0, length) into out, returning the output length. */
    int apply(long index, boolean last, byte[] in, int length, byte[] out) throws IOException {
        try {
            cipher.init(mode, key, new GCMParameterSpec(TAG_BYTES * 8, nonce(index, last)));
            // The header is authenticated with every chunk so a later format cannot be downgraded.
            cipher.updateAAD(HEADER);
            return cipher.doFinal(in, 0, length, out, 0);
        } catch (AEADBadTagException e) {
            throw new IOException("chunk " + index + " failed authentication: the file is corrupt, truncated,"
                    + " tampered with or not encrypted with this key");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM refused a chunk", e);
        }
    }

    /** Whether the stream is exhausted, which marks the chunk just read as the last one. */
    static boolean atEnd(PushbackInputStream in) throws IOException {
        int next = in.read();
        if (next < 0) {
            return true;
        }
        in.unread(next);
        return false;
    }

    /** A per-file random key makes a counter nonce unique; the random-nonce birthday bound never applies. */
    private static byte[] nonce(long index, boolean last) {
        byte[] nonce = new byte[12];
        for (int i = 0; i < 8; i++) {
            nonce[i] = (byte) (index >>> (56 - 8 * i));
        }
        nonce[11] = (byte) (last ? 1 : 0);
        return nonce;
    }
}
