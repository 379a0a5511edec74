package org.signet.service;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.store.Database;
import org.signet.support.SuiteDatabase;

/** Backups made beside a running Signet: what they copy, and what makes one fail rather than mislead. */
class BackupsTest {
    @TempDir
    Path dir;
    private ServedFolder served;

    @BeforeEach
    void serve() throws Exception {
        SuiteDatabase.assumeSqlite("a backup copies the SQLite file with VACUUM INTO; PostgreSQL has pg_dump");
        served = ServedFolder.start(dir.resolve("data"));
    }

    @AfterEach
    void stop() {
        if (served != null) {
            served.close();
        }
    }

    private Database live() {
        return served.server.app.database();
    }

    /** The names of the stored files the live database records. */
    private Set<String> recordedNames() {
        return Set.copyOf(live().query("SELECT name FROM stored_files", r -> r.string("name")));
    }

    private static Set<String> listed(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            return s.map(p -> p.getFileName().toString()).collect(Collectors.toSet());
        }
    }

    @Test
    void make_besideARunningServer_copiesTheDatabaseAndEveryRecordedFileThenTheManifest() throws Exception {
        Path to = dir.resolve("backup");

        BackupManifest m = served.backups().make(to, false);

        Set<String> names = recordedNames();
        assertTrue(names.size() >= 5, "originals and a sealed PDF: " + names);
        assertEquals(names, listed(to.resolve("files")));
        assertEquals(names, m.files().stream().map(e -> e.path().substring("files/".length())).collect(Collectors.toSet()));
        assertEquals(Set.of("signet.db", "files", "manifest.json"), listed(to));
        assertFalse(m.holdsKeys());
        assertEquals(served.documents.size(), m.chainsChecked());
        assertEquals(BackupFolder.entry(to, "signet.db"), m.database());
        assertEquals(m, BackupFolder.readManifest(to), "the manifest reads back as written");
    }

    @Test
    void make_withKeys_copiesTheKeysWithTheirHashes() throws Exception {
        Path to = dir.resolve("backup");

        BackupManifest m = served.backups().make(to, true);

        assertTrue(m.holdsKeys());
        assertEquals(List.of("keys/master.key"), m.keys().stream().map(BackupManifest.Entry::path).toList());
        assertArrayEquals(Files.readAllBytes(served.dataDir.resolve("keys/master.key")),
                Files.readAllBytes(to.resolve("keys/master.key")));
    }

    @Test
    void make_intoAFolderThatHoldsSomething_refusedAndTheFolderLeftAsItWas() throws Exception {
        Path to = Files.createDirectories(dir.resolve("backup"));
        Files.writeString(to.resolve("notes.txt"), "mine");

        BackupException e = assertThrows(BackupException.class, () -> served.backups().make(to, false));

        assertTrue(e.getMessage().contains("is not empty"), e.getMessage());
        assertEquals(Set.of("notes.txt"), listed(to));
    }

    @Test
    void make_intoAnEmptyFolder_fillsIt() throws Exception {
        Path to = Files.createDirectories(dir.resolve("backup"));

        served.backups().make(to, false);

        assertTrue(Backups.isComplete(to));
    }

    @Test
    void make_recordedFileGoneFromTheDataFolder_failsNamingItAndLeavesNothing() throws Exception {
        String name = recordedNames().iterator().next();
        Files.delete(served.dataDir.resolve("files").resolve(name));
        Path to = dir.resolve("backup");

        BackupException e = assertThrows(BackupException.class, () -> served.backups().make(to, false));

        assertTrue(e.getMessage().contains("files/" + name), e.getMessage());
        assertFalse(Files.exists(to), "a failed backup leaves nothing that could pass for one");
    }

    @Test
    void make_damagedFileInTheDataFolder_failsNamingItAndLeavesNothing() throws Exception {
        String name = recordedNames().iterator().next();
        Path file = served.dataDir.resolve("files").resolve(name);
        byte[] bytes = Files.readAllBytes(file);
        bytes[bytes.length / 2] ^= 1;
        Files.write(file, bytes);
        Path to = Files.createDirectories(dir.resolve("backup"));

        BackupException e = assertThrows(BackupException.class, () -> served.backups().make(to, false));

        assertTrue(e.getMessage().contains("(files/" + name + ") does not decrypt"), e.getMessage());
        assertEquals(Set.of(), listed(to), "the empty folder it was given is left empty");
    }

    @Test
    void make_unclaimedFileNotWrittenYet_notNeeded() throws Exception {
        String name = "0123456789abcdef0123456789abcdef";
        live().update("INSERT INTO unclaimed_files(name, listed_at) VALUES (?, 0)", name);
        live().update("INSERT INTO stored_files(name, wrapped_key, size, sha256, created_at) VALUES (?, ?, 0, ?, 0)",
                name, new byte[61], "0".repeat(64));
        Path to = dir.resolve("backup");

        BackupManifest m = served.backups().make(to, false);

        assertTrue(m.files().stream().noneMatch(e -> e.path().endsWith(name)));
        assertEquals(recordedNames().size() - 1, m.files().size());
    }
}
