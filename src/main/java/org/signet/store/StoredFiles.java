package org.signet.store;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.signet.files.FileVault;
import org.signet.files.StoredFile;

/**
 * Encrypted files and the table that holds their wrapped data keys. Deleting a row destroys the
 * only copy of the file's key, so the bytes on disk become unreadable even before they are removed.
 */
public final class StoredFiles {
    private static final Logger LOG = Logger.getLogger("signet.files");

    private final Database db;
    private final FileVault vault;
    private final Clock clock;

    /** A stored file's row id and digest of its plaintext. */
    public record Saved(long id, String sha256, long size) {}

    public StoredFiles(Database db, FileVault vault, Clock clock) {
        this.db = db;
        this.vault = vault;
        this.clock = clock;
    }

    /** Encrypts the stream to disk, then records its key; call outside a transaction (it does I/O). */
    public Saved save(InputStream plaintext) throws IOException {
        StoredFile f = vault.write(plaintext);
        long id = db.insert("INSERT INTO stored_files(name, wrapped_key, size, sha256, created_at) VALUES (?,?,?,?,?)",
                f.name(), f.wrappedKey(), f.size(), f.sha256Hex(), clock.millis() / 1000);
        return new Saved(id, f.sha256Hex(), f.size());
    }

    public Saved save(byte[] plaintext) throws IOException {
        return save(new java.io.ByteArrayInputStream(plaintext));
    }

    public InputStream open(long id) throws IOException {
        return vault.open(ref(id).orElseThrow(() -> new IOException("stored file " + id + " has no key")));
    }

    public byte[] read(long id) throws IOException {
        try (InputStream in = open(id)) {
            return in.readAllBytes();
        }
    }

    /** The plaintext of a file that may have been deleted since it was referenced; empty when it has. */
    public Optional<byte[]> readIfStored(long id) throws IOException {
        Optional<StoredFile.Ref> ref = ref(id);
        if (ref.isEmpty()) {
            return Optional.empty();
        }
        try (InputStream in = vault.open(ref.get())) {
            return Optional.of(in.readAllBytes());
        }
    }

    public Optional<Long> size(long id) {
        return db.queryOne("SELECT size FROM stored_files WHERE id = ?", r -> r.getLong("size"), id);
    }

    /** Removes the key row (inside the caller's transaction) and returns the file name to erase afterwards. */
    public Optional<String> forget(long id) {
        Optional<String> name = db.queryOne("SELECT name FROM stored_files WHERE id = ?", r -> r.string("name"), id);
        db.update("DELETE FROM stored_files WHERE id = ?", id);
        return name;
    }

    /** Erases a forgotten file's bytes; a failure only leaves undecryptable bytes behind. */
    public void erase(String name) {
        try {
            vault.delete(name);
        } catch (IOException | UncheckedIOException e) {
            LOG.log(Level.WARNING, "could not remove encrypted file " + name + "; its key is already gone", e);
        }
    }

    private Optional<StoredFile.Ref> ref(long id) {
        return db.queryOne("SELECT name, wrapped_key FROM stored_files WHERE id = ?",
                r -> new StoredFile.Ref(r.string("name"), r.bytes("wrapped_key")), id);
    }
}
