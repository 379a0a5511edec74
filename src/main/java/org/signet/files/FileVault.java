package org.signet.files;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PushbackInputStream;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/**
 * Signet's encrypted file store: each file is sealed in 64 KiB AES-256-GCM chunks under
 * its own random data key, which only the caller keeps, wrapped by the master key; forgetting the
 * wrapped key destroys the file.
 */
public final class FileVault {
    private static final int NAME_BYTES = 16;
    /** The data folder's folder of encrypted files. */
    public static final String FILES = "files";
    /** The data folder's folder of keys: the master key, and beside it the site's sealing certificate. */
    public static final String KEYS = "keys";

    /** What the master key's check value is made from; a new label would make a new kind of check. */
    private static final String CHECK_LABEL = "signet master key check v1";

    private final MasterKey master;
    private final Path keys;
    private final SealedBytes bytes;

    private FileVault(MasterKey master, Path keys, SealedBytes bytes) {
        this.master = master;
        this.keys = keys;
        this.bytes = bytes;
    }

    /** Opens the vault under dataDir, creating {@code keys/master.key} and {@code files/} the first time. */
    public static FileVault open(Path dataDir) throws IOException {
        OwnerOnly.folder(dataDir);
        MasterKey master = MasterKey.loadOrCreate(dataDir.resolve(KEYS));
        Path files = OwnerOnly.folder(dataDir.resolve(FILES));
        return new FileVault(master, dataDir.resolve(KEYS), new FolderBytes(files));
    }

    /**
     * Opens the vault under dataDir as {@link #open} does, except that its master key must be there
     * already: one made now could not open what the folder's database records.
     */
    public static FileVault openExisting(Path dataDir) throws IOException {
        MasterKey master = MasterKey.load(dataDir.resolve(KEYS));
        Path files = OwnerOnly.folder(dataDir.resolve(FILES));
        return new FileVault(master, dataDir.resolve(KEYS), new FolderBytes(files));
    }

    /**
     * Opens the files in {@code filesDir} (a copy of a data folder's) with the master key in
     * {@code keysDir}, which must be there: a copy is read, never given a key of its own.
     */
    public static FileVault reading(Path keysDir, Path filesDir) throws IOException {
        return new FileVault(MasterKey.load(keysDir), keysDir, new FolderBytes(filesDir));
    }

    /** The same master key over other sealed bytes: a database's, when several Signets share one. */
    public FileVault storingIn(SealedBytes other) {
        return new FileVault(master, keys, other);
    }

    /** The folder this vault's master key was read from. */
    public Path keysFolder() {
        return keys;
    }

    /**
     * The master key's check value, in hex: equal for the same key, different for another, and no
     * help in finding the key, so that a database can record which key its files are sealed under.
     */
    public String keyCheck() {
        return HexFormat.of().formatHex(master.check(CHECK_LABEL));
    }

    /** Whether the named file's bytes are stored (for a copy, whose files may be missing). */
    public boolean holds(String name) {
        return bytes.holds(StoredFile.checkName(name));
    }

    /**
     * Seals a 32-byte secret (a signing link's token) under the master key, bound to {@code context}:
     * only this vault opens it, and only for the same context.
     */
    public byte[] seal(byte[] secret, String context) {
        return master.wrap(secret, context);
    }

    /** Opens what {@link #seal} sealed for {@code context}. */
    public byte[] unseal(byte[] sealed, String context) throws IOException {
        return master.unwrap(sealed, context).getEncoded();
    }

    /**
     * Seals a small value of any length (a webhook's secret, an answer kept for a retry) under a key
     * derived from the master key, bound to {@code context}: only this vault opens it, and only for
     * the same context.
     */
    public byte[] sealValue(byte[] value, String context) {
        return master.sealValue(value, context);
    }

    /** Opens what {@link #sealValue} sealed for {@code context}; fails for another context or another master key. */
    public byte[] openValue(byte[] sealed, String context) throws IOException {
        return master.openValue(sealed, context);
    }

    /** Encrypts the stream to a new file under a random name, hashing the plaintext on the way. */
    public StoredFile write(InputStream plaintext) throws IOException {
        return write(newName(), plaintext);
    }

    /**
     * A random name for a file not written yet, so that a caller can record it before any byte of it
     * reaches the disk: a crash in the middle of the write then leaves a name to clean up, not an
     * unknown file.
     */
    public String newName() {
        return HexFormat.of().formatHex(Crypto.randomBytes(NAME_BYTES));
    }

    /** As {@link #write(InputStream)}, under a name from {@link #newName()} that holds no file yet. */
    public StoredFile write(String name, InputStream plaintext) throws IOException {
        byte[] dataKey = Crypto.randomBytes(MasterKey.KEY_BYTES);
        try {
            byte[] wrapped = master.wrap(dataKey, name);
            SecretKey key = new SecretKeySpec(dataKey, "AES");
            Sealed sealed = bytes.store(StoredFile.checkName(name), out -> seal(plaintext, key, out));
            return new StoredFile(name, wrapped, sealed.size(), sealed.sha256Hex());
        } finally {
            Arrays.fill(dataKey, (byte) 0);
        }
    }

    /** Streams the plaintext back; a damaged file throws IOException, at the latest at end of stream. */
    public InputStream open(StoredFile.Ref ref) throws IOException {
        SecretKey key = master.unwrap(ref.wrappedKey(), ref.name());
        InputStream in = bytes.open(ref.name());
        try {
            return new DecryptingInputStream(in, ChunkCipher.opening(key), ref.name());
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
    }

    /** Reads a whole file into memory; for files known to be small. */
    public byte[] readAll(StoredFile.Ref ref) throws IOException {
        try (InputStream in = open(ref)) {
            return in.readAllBytes();
        }
    }

    /**
     * Removes a stored file, and the temporary file of a write that a crash interrupted; one already
     * gone is not an error.
     */
    public void delete(String name) throws IOException {
        bytes.delete(StoredFile.checkName(name));
    }

    private static Sealed seal(InputStream plaintext, SecretKey key, OutputStream out) throws IOException {
        PushbackInputStream in = new PushbackInputStream(plaintext, 1);
        MessageDigest sha256 = sha256();
        ChunkCipher cipher = ChunkCipher.sealing(key);
        byte[] plain = new byte[ChunkCipher.CHUNK_SIZE];
        byte[] sealed = new byte[ChunkCipher.SEALED_CHUNK_SIZE];
        out.write(ChunkCipher.HEADER);
        long size = 0;
        for (long index = 0; ; index++) {
            int n = in.readNBytes(plain, 0, plain.length);
            boolean last = n < plain.length || ChunkCipher.atEnd(in);
            sha256.update(plain, 0, n);
            size += n;
            out.write(sealed, 0, cipher.apply(index, last, plain, n, sealed));
            if (last) {
                return new Sealed(size, HexFormat.of().formatHex(sha256.digest()));
            }
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JDK lacks SHA-256", e);
        }
    }

    private record Sealed(long size, String sha256Hex) {
    }
}
