package org.signet.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.support.SuiteDatabase;
import org.signet.support.TestServer;

/**
 * The data folder: its scratch folder holds nothing a crash left behind once Signet starts again, and
 * its database is its owner's alone, an earlier Signet's included.
 */
class DataFolderTest {
    @TempDir
    Path dir;

    @Test
    void scratch_leftovers_removed() throws Exception {
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        Path upload = Files.writeString(tmp.resolve("upload-123.part"), "%PDF-1.7 plaintext of an upload");
        Path render = Files.writeString(tmp.resolve("render-9.pdf"), "%PDF-1.7 a page being rendered");

        assertEquals(tmp, DataFolder.scratch(dir));

        assertFalse(Files.exists(upload));
        assertFalse(Files.exists(render));
        assertTrue(Files.isDirectory(tmp));
    }

    @Test
    void start_afterACrashLeftAnUploadInTmp_removesIt() throws Exception {
        TestServer.start(dir).close();
        Path leftover = Files.writeString(dir.resolve("tmp").resolve("upload-crashed.part"), "secret contract text");

        try (TestServer again = TestServer.start(dir)) {
            assertFalse(Files.exists(leftover));
            assertEquals(200, again.get("/healthz", null).statusCode());
        }
    }

    @Test
    void openDatabase_olderDatabaseReadableByOthers_isMadeOwnerOnlyAndItsLogFollows() throws Exception {
        SuiteDatabase.assumeSqlite("the database's own file");
        try (Database db = DataFolder.openDatabase(dir, "FULL", 2)) {
            db.update("CREATE TABLE t(x)");
        }
        Path file = DataFolder.databaseFile(dir);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--")); // as SQLite made it before

        try (Database db = DataFolder.openDatabase(dir, "FULL", 2)) {
            db.update("INSERT INTO t(x) VALUES (1)");
            List<String> modes;
            try (Stream<Path> files = Files.list(dir)) {
                modes = files.filter(p -> p.getFileName().toString().startsWith(file.getFileName().toString()))
                        .map(p -> p.getFileName() + " " + PosixFilePermissions.toString(permissions(p))).sorted().toList();
            }
            assertEquals(List.of("signet.db rw-------", "signet.db-shm rw-------", "signet.db-wal rw-------"), modes);
        }
    }

    private static Set<PosixFilePermission> permissions(Path p) {
        try {
            return Files.getPosixFilePermissions(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
