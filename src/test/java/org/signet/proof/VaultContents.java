package org.signet.proof;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.signet.files.FileVault;
import org.signet.files.StoredFile;

/**
 * The encrypted files of a data folder against the rows that record them: each recorded file must
 * decrypt, with the vault's own classes and master key, to its recorded size and SHA-256; and each
 * file and row should belong to something (a document, a staged file or a template).
 */
final class VaultContents {
    /** Rows no document, staged file or template refers to. */
    private static final String UNREFERENCED = "SELECT f.id FROM stored_files f WHERE "
            + "NOT EXISTS (SELECT 1 FROM documents d WHERE f.id IN (d.original_file_id, d.pdf_file_id, d.signed_file_id)) "
            + "AND NOT EXISTS (SELECT 1 FROM staged_files s WHERE f.id IN (s.original_file_id, s.pdf_file_id)) "
            + "AND NOT EXISTS (SELECT 1 FROM templates t WHERE f.id IN (t.original_file_id, t.pdf_file_id))";

    /**
     * What was found: how many files were decrypted, those that do not decrypt to their record, rows
     * and files that belong to nothing.
     */
    record Findings(int filesChecked, List<String> damaged, List<String> unreferencedRows, List<String> strayFiles) {}

    private VaultContents() {}

    static Findings check(Path dataDir, Connection db) throws SQLException, IOException {
        return check(dataDir, db, new HashSet<>());
    }

    /**
     * As {@link #check(Path, Connection)}, decrypting only the recorded files not in {@code verified}
     * (a file's name, key, size and hash, as {@link #recordOf} writes them), and adding to it each
     * one that decrypts to its record. A stored file is written once under a new name and never
     * changed, so a file verified after one kill need not be decrypted again after the next; the
     * caller checks everything again at the end.
     */
    static Findings check(Path dataDir, Connection db, Set<String> verified) throws SQLException, IOException {
        List<String> damaged = new ArrayList<>();
        int decrypted = 0;
        Set<String> recorded = new HashSet<>();
        boolean hasKey = Files.exists(dataDir.resolve("keys").resolve("master.key"));
        // Opening the vault creates a missing master key, which would change the folder under test.
        FileVault vault = hasKey ? FileVault.open(dataDir) : null;
        try (Statement s = db.createStatement();
                ResultSet rs = s.executeQuery("SELECT id, name, wrapped_key, size, sha256 FROM stored_files")) {
            while (rs.next()) {
                String name = rs.getString("name");
                recorded.add(name);
                String record = recordOf(name, rs.getBytes("wrapped_key"), rs.getLong("size"), rs.getString("sha256"));
                if (verified.contains(record)) {
                    continue;
                }
                decrypted++;
                String problem = vault == null ? "recorded, but there is no master key"
                        : decrypts(vault, new StoredFile.Ref(name, rs.getBytes("wrapped_key")), rs.getLong("size"),
                                rs.getString("sha256"));
                if (problem != null) {
                    damaged.add("stored file " + rs.getLong("id") + " (" + name + "): " + problem);
                } else {
                    verified.add(record);
                }
            }
        }
        return new Findings(decrypted, damaged, StoredInvariants.rows(db, UNREFERENCED, 1000),
                stray(dataDir.resolve("files"), recorded));
    }

    /** Only what belongs to nothing, without decrypting: rows no owner refers to, files without a row. */
    static Findings leftovers(Path dataDir, Connection db) throws SQLException, IOException {
        Set<String> recorded = new HashSet<>(StoredInvariants.rows(db, "SELECT name FROM stored_files", Integer.MAX_VALUE));
        return new Findings(0, List.of(), StoredInvariants.rows(db, UNREFERENCED, 1000),
                stray(dataDir.resolve("files"), recorded));
    }

    /** What identifies a verified file: everything its row says it is. */
    private static String recordOf(String name, byte[] wrappedKey, long size, String sha256) {
        return name + " " + HexFormat.of().formatHex(wrappedKey) + " " + size + " " + sha256;
    }

    /** Null when the file decrypts to its recorded size and hash, else what is wrong. */
    private static String decrypts(FileVault vault, StoredFile.Ref ref, long size, String sha256) {
        try (DigestInputStream in = new DigestInputStream(vault.open(ref), sha256Digest())) {
            long n = in.transferTo(OutputStream.nullOutputStream());
            String hash = HexFormat.of().formatHex(in.getMessageDigest().digest());
            if (n != size || !hash.equals(sha256)) {
                return "decrypts to " + n + " bytes with SHA-256 " + hash + ", recorded " + size + " bytes, " + sha256;
            }
            return null;
        } catch (IOException | RuntimeException e) {
            return "does not decrypt: " + e;
        }
    }

    /** Files in the vault's folder that no row records (a temporary file included). */
    private static List<String> stray(Path files, Set<String> recorded) throws IOException {
        if (!Files.isDirectory(files)) {
            return List.of();
        }
        try (Stream<Path> all = Files.list(files)) {
            return all.map(p -> p.getFileName().toString()).filter(n -> !recorded.contains(n)).sorted().toList();
        }
    }

    private static MessageDigest sha256Digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
