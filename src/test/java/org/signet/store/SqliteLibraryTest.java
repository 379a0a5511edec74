package org.signet.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteJDBCLoader;
import org.sqlite.util.OSInfo;

/** The driver's native library kept in the data folder: copied once per driver version, whole. */
class SqliteLibraryTest {
    @TempDir
    Path dir;

    @Test
    void copyIn_firstStart_theJarsLibraryUnderTheDriverVersion() throws Exception {
        Path library = SqliteLibrary.copyIn(dir.resolve("lib")).orElseThrow();

        assertEquals(dir.resolve("lib").resolve(SQLiteJDBCLoader.getVersion()), library.getParent());
        String resource = "/org/sqlite/native/" + OSInfo.getNativeLibFolderPathForCurrentOS() + "/"
                + System.mapLibraryName("sqlitejdbc");
        try (InputStream in = SQLiteJDBCLoader.class.getResourceAsStream(resource)) {
            assertArrayEquals(in.readAllBytes(), Files.readAllBytes(library));
        }
        try (Stream<Path> files = Files.list(library.getParent())) {
            assertEquals(1, files.count(), "no partial copy left beside it");
        }
    }

    @Test
    void copyIn_again_keepsTheCopyItHas() throws Exception {
        Path library = SqliteLibrary.copyIn(dir.resolve("lib")).orElseThrow();
        FileTime old = FileTime.fromMillis(1_000_000_000_000L);
        Files.setLastModifiedTime(library, old);

        assertEquals(library, SqliteLibrary.copyIn(dir.resolve("lib")).orElseThrow());
        assertEquals(old, Files.getLastModifiedTime(library), "not written again");
        assertTrue(Files.isRegularFile(library));
    }
}
