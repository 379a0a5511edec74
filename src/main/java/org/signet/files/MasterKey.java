package org.signet.files;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
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

    private final SecretKey key;
    /**
     * Ciphers used before, kept for the next wrap or unwrap: getting a cipher from the provider and
     * expanding the AES key cost more than sealing a 32-byte key, and a document read unwraps one
     * signing token per signer. A cipher is re-initialised (new nonce) for each use.
     */
    private final BlockingQueue<Cipher> idle = new ArrayBlockingQueue<>(32);

    private MasterKey(byte[] bytes) {
        this.key = new SecretKeySpec(bytes, "AES");
    }

    /** Reads the master key, creating it (owner-only) the first time Signet runs with this directory. */
    static MasterKey loadOrCreate(Path keysDir) throws IOException {
        Files.createDirectories(keysDir, ownerOnly("rwx------"));
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
                StandardOpenOption.WRITE), ownerOnly("rw-------"));
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

    static FileAttribute<?>[] ownerOnly(String permissions) {
        if (!FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            return new FileAttribute<?>[0];
        }
        return new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(permissions))};
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
        byte[] out = new byte[WRAPPED_BYTES];
        out[0] = WRAP_VERSION;
        byte[] nonce = Crypto.randomBytes(NONCE_BYTES);
        System.arraycopy(nonce, 0, out, 1, NONCE_BYTES);
        Cipher cipher = take();
        try {
            init(cipher, Cipher.ENCRYPT_MODE, nonce, name);
            cipher.doFinal(dataKey, 0, dataKey.length, out, 1 + NONCE_BYTES);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM refused to wrap a key", e);
        } finally {
            idle.offer(cipher);
        }
        return out;
    }

    /** Unwraps the data key of the named file; the name is authenticated, so keys cannot be swapped. */
    SecretKey unwrap(byte[] wrapped, String name) throws IOException {
        if (wrapped.length != WRAPPED_BYTES || wrapped[0] != WRAP_VERSION) {
            throw new IOException("wrapped key of stored file " + name + " has an unknown format");
        }
        byte[] nonce = Arrays.copyOfRange(wrapped, 1, 1 + NONCE_BYTES);
        byte[] dataKey = null;
        Cipher cipher = take();
        try {
            init(cipher, Cipher.DECRYPT_MODE, nonce, name);
            dataKey = cipher.doFinal(wrapped, 1 + NONCE_BYTES, wrapped.length - 1 - NONCE_BYTES);
            return new SecretKeySpec(dataKey, "AES");
        } catch (AEADBadTagException e) {
            throw new IOException("wrapped key of stored file " + name + " does not open with this master key");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM refused to unwrap a key", e);
        } finally {
            idle.offer(cipher);
            if (dataKey != null) {
                Arrays.fill(dataKey, (byte) 0);
            }
        }
    }

    /** A cipher from the idle ones, or a new one; back with {@code idle.offer} (dropped when 32 are idle). */
    private Cipher take() {
        Cipher c = idle.poll();
        return c != null ? c : Crypto.gcm();
    }

    private void init(Cipher cipher, int mode, byte[] nonce, String name) throws GeneralSecurityException {
        cipher.init(mode, key, new GCMParameterSpec(ChunkCipher.TAG_BYTES * 8, nonce));
        cipher.updateAAD(("signet-file-key:" + WRAP_VERSION + ":" + name).getBytes(StandardCharsets.US_ASCII));
    }
}
