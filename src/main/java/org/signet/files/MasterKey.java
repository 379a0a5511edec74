package org.signet.files;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/** The vault's master key, kept in {@code keys/master.key}, which wraps and unwraps per-file data keys. */
final class MasterKey {
    static final int KEY_BYTES = 32;
    private static final byte WRAP_VERSION = 1;
    private static final int NONCE_BYTES = 12;
    static final int WRAPPED_BYTES = 1 + NONCE_BYTES + KEY_BYTES + ChunkCipher.TAG_BYTES;

    private static final byte VALUE_VERSION = 1;
    /** What the key that seals values is derived from; a new label would make a new key. */
    private static final String VALUE_KEY_LABEL = "signet sealed values v1";

    private final SecretKey key;
    /** Files' data keys, sealed under the master key itself. */
    private final Sealing fileKeys;
    /**
     * Small values kept in the database (see {@link #sealValue}), sealed under a key derived from the
     * master key, so that the key wrapping files' keys never seals anything else.
     */
    private final Sealing values;
    /**
     * Ciphers used before, kept for the next wrap or unwrap: getting a cipher from the provider and
     * expanding the AES key cost more than sealing a 32-byte key, and a document read unwraps one
     * signing token per signer. A cipher is re-initialised (new nonce) for each use.
     */
    private final BlockingQueue<Cipher> idle = new ArrayBlockingQueue<>(32);

    private MasterKey(byte[] bytes) {
        this.key = new SecretKeySpec(bytes, "AES");
        this.fileKeys = new Sealing(key, WRAP_VERSION, "signet-file-key");
        byte[] derived = check(VALUE_KEY_LABEL);
        try {
            this.values = new Sealing(new SecretKeySpec(derived, "AES"), VALUE_VERSION, "signet-value");
        } finally {
            Arrays.fill(derived, (byte) 0);
        }
    }

    /** Reads the master key, creating it (owner-only) the first time Signet runs with this directory. */
    static MasterKey loadOrCreate(Path keysDir) throws IOException {
        OwnerOnly.folder(keysDir);
        Path file = keysDir.resolve("master.key");
        if (!Files.exists(file)) {
            create(keysDir, file);
        }
        return load(keysDir);
    }

    /** Reads the master key in {@code keysDir}, which must exist. */
    static MasterKey load(Path keysDir) throws IOException {
        Path file = keysDir.resolve("master.key");
        if (!Files.isRegularFile(file)) {
            throw new IOException("no master key in " + keysDir + " (master.key)");
        }
        long size = Files.size(file);
        if (size != KEY_BYTES) {
            throw new IOException("master key " + file + " must hold exactly " + KEY_BYTES + " bytes but holds "
                    + size + "; restore it from backup (without it stored files cannot be read)");
        }
        byte[] bytes = Files.readAllBytes(file);
        try {
            return new MasterKey(bytes);
        } finally {
            Arrays.fill(bytes, (byte) 0);
        }
    }

    /** Writes a fresh key beside the final name and links it in, so no reader ever sees half a key. */
    private static void create(Path keysDir, Path file) throws IOException {
        Path tmp = keysDir.resolve("master.key.tmp");
        Files.deleteIfExists(tmp);
        byte[] bytes = Crypto.randomBytes(KEY_BYTES);
        try (FileChannel channel = FileChannel.open(tmp, Set.of(StandardOpenOption.CREATE_NEW,
                StandardOpenOption.WRITE), OwnerOnly.file());
                OutputStream out = Channels.newOutputStream(channel)) {
            out.write(bytes);
            channel.force(true);
        } finally {
            Arrays.fill(bytes, (byte) 0);
        }
        try {
            // A link, unlike a rename, never replaces a key another process created meanwhile.
            Files.createLink(file, tmp);
        } catch (FileAlreadyExistsException e) {
            // Another Signet process created the key first; use that one.
        } catch (UnsupportedOperationException e) {
            Files.move(tmp, file);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /**
     * The HMAC-SHA256 (RFC 2104) of {@code label} keyed with this key: the same key always gives the
     * same value and another key another one, yet the value tells nothing from which the key could be
     * found, so a database may keep it to recognise the key.
     */
    byte[] check(String label) {
        byte[] raw = key.getEncoded();
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(raw, "HmacSHA256"));
            return mac.doFinal(label.getBytes(StandardCharsets.US_ASCII));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is required by the Java platform", e);
        } finally {
            Arrays.fill(raw, (byte) 0);
        }
    }

    /** Wraps a data key for the named file: version, random nonce, then the sealed key. */
    byte[] wrap(byte[] dataKey, String name) {
        return seal(fileKeys, dataKey, name);
    }

    /** Unwraps the data key of the named file; the name is authenticated, so keys cannot be swapped. */
    SecretKey unwrap(byte[] wrapped, String name) throws IOException {
        if (wrapped.length != WRAPPED_BYTES || wrapped[0] != WRAP_VERSION) {
            throw new IOException("wrapped key of stored file " + name + " has an unknown format");
        }
        byte[] dataKey = null;
        try {
            dataKey = open(fileKeys, wrapped, name);
            return new SecretKeySpec(dataKey, "AES");
        } catch (AEADBadTagException e) {
            throw new IOException("wrapped key of stored file " + name + " does not open with this master key");
        } finally {
            if (dataKey != null) {
                Arrays.fill(dataKey, (byte) 0);
            }
        }
    }

    /**
     * Seals a value of any length for {@code context} with AES-256-GCM under the derived value key:
     * version, random nonce, then the sealed bytes and their tag. The context is authenticated, so a
     * value opens only for the context it was sealed for (moved to another row or column, it does not).
     */
    byte[] sealValue(byte[] value, String context) {
        return seal(values, value, context);
    }

    /** Opens what {@link #sealValue} sealed for {@code context}. */
    byte[] openValue(byte[] sealed, String context) throws IOException {
        if (sealed.length < 1 + NONCE_BYTES + ChunkCipher.TAG_BYTES || sealed[0] != VALUE_VERSION) {
            throw new IOException("the sealed value for " + context + " has an unknown format");
        }
        try {
            return open(values, sealed, context);
        } catch (AEADBadTagException e) {
            throw new IOException("the sealed value for " + context + " does not open with this master key");
        }
    }

    /** One kind of sealing: its key, the version byte that leads what it seals, and the label its associated data begins with. */
    private record Sealing(SecretKey key, byte version, String label) {
        byte[] associatedData(String context) {
            return (label + ":" + version + ":" + context).getBytes(StandardCharsets.UTF_8);
        }
    }

    /** Version, random nonce, then {@code plain} sealed with its tag, bound to {@code context}. */
    private byte[] seal(Sealing s, byte[] plain, String context) {
        byte[] out = new byte[1 + NONCE_BYTES + plain.length + ChunkCipher.TAG_BYTES];
        out[0] = s.version();
        byte[] nonce = Crypto.randomBytes(NONCE_BYTES);
        System.arraycopy(nonce, 0, out, 1, NONCE_BYTES);
        Cipher cipher = take();
        try {
            init(cipher, Cipher.ENCRYPT_MODE, s, nonce, context);
            cipher.doFinal(plain, 0, plain.length, out, 1 + NONCE_BYTES);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM refused to seal", e);
        } finally {
            idle.offer(cipher);
        }
        return out;
    }

    /** Opens what {@link #seal} sealed for {@code context}, whose version the caller has checked. */
    private byte[] open(Sealing s, byte[] sealed, String context) throws AEADBadTagException {
        Cipher cipher = take();
        try {
            init(cipher, Cipher.DECRYPT_MODE, s, Arrays.copyOfRange(sealed, 1, 1 + NONCE_BYTES), context);
            return cipher.doFinal(sealed, 1 + NONCE_BYTES, sealed.length - 1 - NONCE_BYTES);
        } catch (AEADBadTagException e) {
            throw e;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM refused to open", e);
        } finally {
            idle.offer(cipher);
        }
    }

    /** A cipher from the idle ones, or a new one; back with {@code idle.offer} (dropped when 32 are idle). */
    private Cipher take() {
        Cipher c = idle.poll();
        return c != null ? c : Crypto.gcm();
    }

    private static void init(Cipher cipher, int mode, Sealing s, byte[] nonce, String context)
            throws GeneralSecurityException {
        cipher.init(mode, s.key(), new GCMParameterSpec(ChunkCipher.TAG_BYTES * 8, nonce));
        cipher.updateAAD(s.associatedData(context));
    }
}
