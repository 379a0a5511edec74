package org.signet.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Clock;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.support.ApiFlow;
import org.signet.support.SuiteDatabase;
import org.signet.support.TestServer;

/** Restoring a backup: into a new folder that Signet then serves, and every way a backup is refused. */
class RestoreTest {
    @TempDir
    static Path served;
    private static ServedFolder folder;

    @TempDir
    Path dir;

    @BeforeAll
    static void serve() throws Exception {
        SuiteDatabase.assumeSqlite("restores a backup of the SQLite file; PostgreSQL has pg_restore");
        folder = ServedFolder.start(served.resolve("data"));
    }

    @AfterAll
    static void stop() {
        if (folder != null) {
            folder.close();
        }
    }

    private Path backup(boolean withKeys) throws Exception {
        Path to = dir.resolve("backup");
        folder.backups().make(to, withKeys);
        return to;
    }

    private static Optional<Path> liveKeys() {
        return Optional.of(folder.dataDir.resolve("keys"));
    }

    private static Restore restore() {
        return new Restore(Clock.systemUTC());
    }

    private static String mode(Path p) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
    }

    private static boolean emptyOrAbsent(Path p) throws IOException {
        if (!Files.exists(p)) {
            return true;
        }
        try (Stream<Path> s = Files.list(p)) {
            return s.findAny().isEmpty();
        }
    }

    @Test
    void restore_backupWithKeys_aNewFolderThatServesEveryDocumentAndFile() throws Exception {
        Path to = dir.resolve("restored");

        Restore.Restored r = restore().restore(backup(true), to, Optional.empty());

        assertEquals(folder.documents.size(), r.chains());
        assertEquals(r.manifest().files().size(), r.files());
        assertEquals("rwx------", mode(to.resolve("keys")), "the keys folder is the owner's alone, whatever the umask");
        try (TestServer again = TestServer.start(to)) {
            ApiFlow flow = new ApiFlow(again, folder.flow.key, Clock.systemUTC());
            for (String doc : folder.documents) {
                assertEquals(folder.flow.document(doc).get("file_hash"), flow.document(doc).get("file_hash"));
                assertEquals(true, TestServer.object(flow.get("documents/" + doc + "/audit")).get("chain_valid"));
            }
            String sealed = folder.documents.get(folder.documents.size() - 1);
            assertEquals(folder.flow.document(sealed).get("signed_file_hash"), flow.document(sealed).get("signed_file_hash"));
        }
    }

    @Test
    void restore_backupWithoutKeys_takesTheMasterKeyFromTheKeysOption() throws Exception {
        Path to = dir.resolve("restored");

        restore().restore(backup(false), to, liveKeys());

        assertEquals(-1, Files.mismatch(folder.dataDir.resolve("keys/master.key"), to.resolve("keys/master.key")));
        assertEquals("rwx------", mode(to.resolve("keys")));
        assertTrue(Files.exists(to.resolve("signet.db")));
    }

    @Test
    void restore_backupWithoutKeysAndNoKeysOption_refusedBeforeWritingAnything() throws Exception {
        Path to = dir.resolve("restored");

        BackupException e = assertThrows(BackupException.class, () -> restore().restore(backup(false), to, Optional.empty()));

        assertTrue(e.getMessage().contains("holds no keys: give --keys"), e.getMessage());
        assertFalse(Files.exists(to));
    }

    @Test
    void restore_tamperedFile_failsNamingItAndLeavesTheFolderEmpty() throws Exception {
        Path from = backup(true);
        Path file;
        try (Stream<Path> s = Files.list(from.resolve("files"))) {
            file = s.findFirst().orElseThrow();
        }
        byte[] bytes = Files.readAllBytes(file);
        bytes[40] ^= 0x20;
        Files.write(file, bytes);
        Path to = Files.createDirectories(dir.resolve("restored"));

        BackupException e = assertThrows(BackupException.class, () -> restore().restore(from, to, Optional.empty()));

        assertTrue(e.getMessage().contains("files/" + file.getFileName() + " has "), e.getMessage());
        assertTrue(emptyOrAbsent(to), "a failed restore leaves the folder as it found it");
        assertTrue(Files.isDirectory(to), "a folder that was there stays");
    }

    @Test
    void restore_truncatedDatabase_fails() throws Exception {
        Path from = backup(true);
        try (RandomAccessFile db = new RandomAccessFile(from.resolve("signet.db").toFile(), "rw")) {
            db.setLength(db.length() / 2);
        }
        Path to = dir.resolve("restored");

        BackupException e = assertThrows(BackupException.class, () -> restore().restore(from, to, Optional.empty()));

        assertTrue(e.getMessage().contains("signet.db has "), e.getMessage());
        assertTrue(emptyOrAbsent(to));
    }

    @Test
    void restore_withoutManifest_isNoBackup() throws Exception {
        Path from = backup(true);
        Files.delete(from.resolve("manifest.json"));
        Path to = dir.resolve("restored");

        BackupException e = assertThrows(BackupException.class, () -> restore().restore(from, to, Optional.empty()));

        assertTrue(e.getMessage().contains("holds no complete backup: it has no manifest.json"), e.getMessage());
        assertFalse(Files.exists(to));
    }

    @Test
    void restore_intoAFolderThatHoldsSomething_refusedAndNothingTouched() throws Exception {
        Path to = Files.createDirectories(dir.resolve("restored"));
        Files.writeString(to.resolve("signet.db"), "someone's database");

        BackupException e = assertThrows(BackupException.class, () -> restore().restore(backup(true), to, Optional.empty()));

        assertTrue(e.getMessage().contains("is not empty"), e.getMessage());
        assertEquals("someone's database", Files.readString(to.resolve("signet.db")));
    }

    @Test
    void restore_anotherMasterKey_refusedNamingTheKeysFolderGiven() throws Exception {
        Path keys = Files.createDirectories(dir.resolve("other-keys"));
        Files.write(keys.resolve("master.key"), new byte[32]);
        Path to = dir.resolve("restored");

        BackupException e = assertThrows(BackupException.class, () -> restore().restore(backup(false), to, Optional.of(keys)));

        assertEquals("the master key in " + keys + " is not the one the backed-up database was made with: give --keys"
                + " the keys folder of the data folder the backup was made from", e.getMessage());
        assertFalse(Files.exists(to));
    }

    @Test
    void restore_auditEventEditedAndManifestMadeToMatch_failsNamingTheDocument() throws Exception {
        Path from = backup(true);
        String doc = folder.documents.get(0);
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + from.resolve("signet.db"));
                Statement s = c.createStatement()) {
            s.executeUpdate("UPDATE audit_events SET detail = 'edited' WHERE document_id = " + doc);
        }
        rewriteDatabaseEntry(from);
        Path to = dir.resolve("restored");

        BackupException e = assertThrows(BackupException.class, () -> restore().restore(from, to, Optional.empty()));

        assertTrue(e.getMessage().contains("the audit chain of document " + doc + " does not hold"), e.getMessage());
    }

    /** Makes the manifest agree with the database as it is now, as someone covering their tracks would. */
    private static void rewriteDatabaseEntry(Path from) throws Exception {
        BackupManifest m = BackupFolder.readManifest(from);
        BackupManifest changed = new BackupManifest(m.createdAt(), m.schemaVersion(), BackupFolder.entry(from, "signet.db"),
                m.files(), m.keys(), m.chainsChecked());
        Files.delete(from.resolve("manifest.json"));
        BackupFolder.writeManifest(from, changed);
        assertTrue(Files.readString(from.resolve("manifest.json"), StandardCharsets.UTF_8).contains(changed.database().sha256()));
    }

    @Test
    void restore_manifestOfAnotherFormat_refused() throws Exception {
        Path from = backup(true);
        String text = Files.readString(from.resolve("manifest.json"));
        Files.writeString(from.resolve("manifest.json"), text.replace("\"format\":1", "\"format\":2"));

        BackupException e = assertThrows(BackupException.class,
                () -> restore().restore(from, dir.resolve("restored"), Optional.empty()));

        assertTrue(e.getMessage().contains("format 2"), e.getMessage());
    }
}
