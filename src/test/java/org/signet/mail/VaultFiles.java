package org.signet.mail;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Optional;
import org.signet.files.FileVault;
import org.signet.files.StoredFile;
import org.signet.store.Database;

/** Stores attachment files as Signet does, encrypted in the vault with a stored_files row, and reads them back. */
final class VaultFiles {
    private VaultFiles() {
    }

    /** Writes {@code content} to the vault and records it in stored_files; returns the row id. */
    static long store(Database db, FileVault vault, byte[] content) throws IOException {
        StoredFile file = vault.write(new ByteArrayInputStream(content));
        return db.insert("INSERT INTO stored_files(name, wrapped_key, size, sha256, created_at) VALUES (?,?,?,?,?)",
                file.name(), file.wrappedKey(), file.size(), file.sha256Hex(), 1_900_000_000L);
    }

    /** The loader Signet wires: the stored_files row gives the vault reference; no row means no file. */
    static MailSender.AttachmentLoader loader(Database db, FileVault vault) {
        return fileId -> {
            Optional<StoredFile.Ref> ref = db.queryOne("SELECT name, wrapped_key FROM stored_files WHERE id = ?",
                    r -> new StoredFile.Ref(r.string("name"), r.bytes("wrapped_key")), fileId);
            return ref.isEmpty() ? Optional.empty() : Optional.of(vault.readAll(ref.get()));
        };
    }

    /** Bytes that look like a PDF and hold every byte value, including CR, LF and NUL. */
    static byte[] pdfLike(int length) {
        byte[] bytes = new byte[length];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) (i * 31 + 7);
        }
        System.arraycopy("%PDF-1.7\n".getBytes(), 0, bytes, 0, 9);
        return bytes;
    }
}
