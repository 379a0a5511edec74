package org.signet.store;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.signet.files.FileVault;
import org.signet.files.StoredFile;

/**
 * Encrypted files and the table that holds their wrapped data keys. Deleting a row destroys the
 * only copy of the file's key, so its stored bytes (in the folder, or in the database on PostgreSQL)
 * become unreadable even before they are removed.
 * A file is listed as unclaimed before its first byte is written and until its owner's transaction
 * claims it (and again from the moment its row is forgotten until its bytes are erased), so that
 * what a crash leaves between the two is found and destroyed at the next start.
 */
public final class StoredFiles {
    private static final Logger LOG = Logger.getLogger("signet.files");
    /**
     * Whether any owner refers to a stored file (a document or one of its files, a staged file, a template or a
     * signer's attachment), as 1 or 0: the id is bound once per owner and the answer is an integer, because
     * PostgreSQL knows no numbered parameters and answers EXISTS with a boolean.
     */
    private static final String OWNED = "SELECT CASE WHEN EXISTS (SELECT 1 FROM documents WHERE ? IN (original_file_id, "
            + "pdf_file_id, signed_file_id)) OR EXISTS (SELECT 1 FROM staged_files WHERE ? IN (original_file_id, "
            + "pdf_file_id)) OR EXISTS (SELECT 1 FROM templates WHERE ? IN (original_file_id, pdf_file_id)) "
            + "OR EXISTS (SELECT 1 FROM field_attachments WHERE ? IN (file_id, pdf_file_id)) "
            + "OR EXISTS (SELECT 1 FROM document_files WHERE ? IN (original_file_id, pdf_file_id)) THEN 1 ELSE 0 END AS owned";

    /** Longer than any upload or seal takes to write its file; an unclaimed file older than this is left over. */
    public static final long ABANDONED_AFTER_SECONDS = 3600;

    private static final String RECORDED = "SELECT id, name, wrapped_key, size, sha256, CASE WHEN EXISTS (SELECT 1 "
            + "FROM unclaimed_files u WHERE u.name = f.name) THEN 1 ELSE 0 END AS unclaimed FROM stored_files f";

    private final Database db;
    private final FileVault vault;
    private final Clock clock;

    /** A stored file's row id and digest of its plaintext. */
    public record Saved(long id, String sha256, long size) {}

    /**
     * A stored file's record; {@code unclaimed} while the transaction of its owner has not committed
     * (a start destroys such a file, so a copy of the database does not need its bytes).
     */
    public record Recorded(long id, StoredFile file, boolean unclaimed) {}

    public StoredFiles(Database db, FileVault vault, Clock clock) {
        this.db = db;
        this.vault = vault;
        this.clock = clock;
    }

    /**
     * Encrypts the stream to disk, then records its key; the file stays unclaimed until its owner's
     * transaction calls {@link #claim}. Call outside a transaction: it does I/O, and the listing must
     * be durable before the first byte is written.
     */
    public Saved save(InputStream plaintext) throws IOException {
        if (db.inTransactionNow()) {
            throw new IllegalStateException("files are saved outside a transaction, which then claims them");
        }
        String name = vault.newName();
        db.update("INSERT INTO unclaimed_files(name, listed_at) VALUES (?, ?)", name, now());
        StoredFile f;
        try {
            f = vault.write(name, plaintext);
        } catch (IOException | RuntimeException e) {
            try {
                strikeOff(name); // the vault removed what it had written
            } catch (RuntimeException listing) {
                e.addSuppressed(listing); // still listed: the next start finds nothing to destroy
            }
            throw e;
        }
        long id = db.insert("INSERT INTO stored_files(name, wrapped_key, size, sha256, created_at) VALUES (?,?,?,?,?)",
                f.name(), f.wrappedKey(), f.size(), f.sha256Hex(), now());
        return new Saved(id, f.sha256Hex(), f.size());
    }

    /** Marks saved files as owned; call in the transaction that records their owner, so both commit together. */
    public void claim(long... ids) {
        for (long id : ids) {
            db.update("DELETE FROM unclaimed_files WHERE name = (SELECT name FROM stored_files WHERE id = ?)", id);
        }
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

    /** Every stored file's record, in the order they were saved. */
    public List<Recorded> recorded() {
        return db.query(RECORDED + " ORDER BY id", StoredFiles::recorded);
    }

    /** Up to {@code limit} records after the file {@code afterId}, in the order saved: a page of {@link #recorded()}. */
    public List<Recorded> recorded(long afterId, int limit) {
        return db.query(RECORDED + " WHERE id > ? ORDER BY id LIMIT ?", StoredFiles::recorded, afterId, limit);
    }

    private static Recorded recorded(Row r) throws java.sql.SQLException {
        return new Recorded(r.getLong("id"), new StoredFile(r.string("name"), r.bytes("wrapped_key"), r.getLong("size"),
                r.string("sha256")), r.bool("unclaimed"));
    }

    public Optional<Long> size(long id) {
        return db.queryOne("SELECT size FROM stored_files WHERE id = ?", r -> r.getLong("size"), id);
    }

    /**
     * Removes the key row (inside the caller's transaction) and returns the file name to erase
     * afterwards; until then the name is listed as unclaimed, so a crash before the erase does not
     * leave the bytes behind for good.
     */
    public Optional<String> forget(long id) {
        Optional<String> name = db.queryOne("SELECT name FROM stored_files WHERE id = ?", r -> r.string("name"), id);
        db.update("DELETE FROM stored_files WHERE id = ?", id);
        name.ifPresent(n -> db.update("INSERT INTO unclaimed_files(name, listed_at) VALUES (?, ?) "
                + "ON CONFLICT (name) DO NOTHING", n, now()));
        return name;
    }

    /**
     * Erases a forgotten file's bytes, then strikes its name off; a failure only leaves undecryptable
     * bytes behind, still listed, so the next start tries again.
     */
    public void erase(String name) {
        try {
            vault.delete(name);
        } catch (IOException | UncheckedIOException e) {
            LOG.log(Level.WARNING, "could not remove encrypted file " + name + "; its key is already gone", e);
            return;
        }
        strikeOff(name);
    }

    /**
     * Destroys every file still unclaimed: its key row, unless something owns it after all, and its
     * bytes. Call at start, before any request can save a file; returns how many were destroyed.
     */
    public int destroyUnclaimed() {
        return destroy(db.query("SELECT name FROM unclaimed_files", r -> r.string("name")));
    }

    /**
     * Destroys the files unclaimed for longer than {@link #ABANDONED_AFTER_SECONDS}: where several Signets
     * share the database, another may be writing a file listed a moment ago, so only what no request
     * can still be writing is destroyed, at start and again every few minutes.
     */
    public int destroyAbandoned() {
        return destroy(db.query("SELECT name FROM unclaimed_files WHERE listed_at < ?", r -> r.string("name"),
                now() - ABANDONED_AFTER_SECONDS));
    }

    /** At start: every unclaimed file where this Signet is the database's only user; the abandoned ones where instances share it. */
    public int destroyLeftOver() {
        return db.deployment().sharedByInstances() ? destroyAbandoned() : destroyUnclaimed();
    }

    private int destroy(List<String> names) {
        int destroyed = 0;
        for (String name : names) {
            if (db.inTransaction(() -> forgetIfUnowned(name))) {
                erase(name);
                destroyed++;
            }
        }
        if (destroyed > 0) {
            LOG.warning("destroyed " + destroyed + " stored file(s) that an interrupted request left without an owner");
        }
        return destroyed;
    }

    /** Inside a transaction: drops the key row of an unowned file and answers true, or strikes an owned one off. */
    private boolean forgetIfUnowned(String name) {
        Optional<Long> id = db.queryOne("SELECT id FROM stored_files WHERE name = ?", r -> r.getLong("id"), name);
        if (id.isPresent()
                && db.queryOne(OWNED, r -> r.getInt("owned"), id.get(), id.get(), id.get(), id.get(), id.get()).orElse(0) == 1) {
            strikeOff(name);
            return false;
        }
        id.ifPresent(i -> db.update("DELETE FROM stored_files WHERE id = ?", i));
        return true;
    }

    private void strikeOff(String name) {
        db.update("DELETE FROM unclaimed_files WHERE name = ?", name);
    }

    private long now() {
        return clock.millis() / 1000;
    }

    private Optional<StoredFile.Ref> ref(long id) {
        return db.queryOne("SELECT name, wrapped_key FROM stored_files WHERE id = ?",
                r -> new StoredFile.Ref(r.string("name"), r.bytes("wrapped_key")), id);
    }
}
