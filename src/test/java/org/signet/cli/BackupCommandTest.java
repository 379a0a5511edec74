package org.signet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.support.ApiFlow;
import org.signet.support.CommandLine.Result;
import org.signet.support.CommandLine;
import org.signet.support.SuiteDatabase;
import org.signet.support.TestServer;

/** {@code signet backup} beside a running server, and {@code signet restore} of what it made. */
class BackupCommandTest {
    private static final String BACKS_UP_SQLITE = "signet backup copies the SQLite file; on PostgreSQL it refuses";

    @TempDir
    Path dir;

    @Test
    void backupThenRestore_besideARunningServer_theRestoredFolderServesTheDocument() throws Exception {
        SuiteDatabase.assumeSqlite(BACKS_UP_SQLITE);
        Path data = dir.resolve("data");
        String doc;
        ApiFlow flow;
        try (TestServer server = TestServer.start(data)) {
            flow = new ApiFlow(server, server.account("owner@example.org", false).full(), Clock.systemUTC());
            doc = flow.upload("Contract", 1);
            Result backup = CommandLine.run("backup", "--data", data.toString(), "--to", dir.resolve("b").toString());
            assertEquals(0, backup.code(), backup.err());
            assertTrue(backup.out().contains("Backup complete in " + dir.resolve("b")), backup.out());
            assertTrue(backup.out().contains("without the keys"), backup.out());
            assertEquals("", backup.err(), "no warning without the keys");
        }
        Path restored = dir.resolve("restored");

        Result r = CommandLine.run("restore", "--from", dir.resolve("b").toString(), "--data", restored.toString(),
                "--keys", data.resolve("keys").toString());

        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("Start Signet with --data " + restored), r.out());
        try (TestServer again = TestServer.start(restored)) {
            assertEquals("Contract", new ApiFlow(again, flow.key, Clock.systemUTC()).document(doc).get("title"));
        }
    }

    @Test
    void backupWithKeys_warnsThatTheBackupOpensEveryDocument() {
        SuiteDatabase.assumeSqlite(BACKS_UP_SQLITE);
        Path data = dir.resolve("data");

        Result r = CommandLine.run("backup", "--include-keys", "--data", data.toString(), "--to", dir.resolve("b").toString());

        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().contains("Whoever holds both the keys and the data can read every document"), r.err());
        assertTrue(Files.exists(dir.resolve("b/keys/master.key")));
    }

    @Test
    void backup_withoutTo_usageError() {
        Result r = CommandLine.run("backup", "--data", dir.toString());

        assertEquals(2, r.code());
        assertTrue(r.err().contains("--to is required"), r.err());
    }

    @Test
    void backup_intoAFolderThatHoldsSomething_failsSayingSo() throws Exception {
        SuiteDatabase.assumeSqlite(BACKS_UP_SQLITE);
        Path to = Files.createDirectories(dir.resolve("b"));
        Files.writeString(to.resolve("x"), "x");

        Result r = CommandLine.run("backup", "--data", dir.resolve("data").toString(), "--to", to.toString());

        assertEquals(1, r.code());
        assertTrue(r.err().contains("no backup was made: " + to + " is not empty"), r.err());
    }

    @Test
    void restore_intoAFolderThatHoldsSomething_refused() throws Exception {
        SuiteDatabase.assumeSqlite(BACKS_UP_SQLITE);
        Path data = dir.resolve("data");
        assertEquals(0, CommandLine.run("backup", "--include-keys", "--data", data.toString(), "--to",
                dir.resolve("b").toString()).code());

        Result r = CommandLine.run("restore", "--from", dir.resolve("b").toString(), "--data", data.toString());

        assertEquals(1, r.code());
        assertTrue(r.err().contains("nothing was restored: " + data + " is not empty"), r.err());
    }

    @Test
    void restore_fromAFolderWithoutManifest_saysItIsNoBackup() throws Exception {
        Path half = Files.createDirectories(dir.resolve("half"));
        Files.writeString(half.resolve("signet.db"), "");

        Result r = CommandLine.run("restore", "--from", half.toString(), "--data", dir.resolve("new").toString());

        assertEquals(1, r.code());
        assertTrue(r.err().contains("holds no complete backup"), r.err());
        assertFalse(Files.exists(dir.resolve("new")));
    }

    @Test
    void restore_withoutData_usageError() {
        Result r = CommandLine.run("restore", "--from", dir.toString());

        assertEquals(2, r.code());
        assertTrue(r.err().contains("--data is required"), r.err());
    }
}
