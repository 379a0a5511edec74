package org.signet.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.store.Database;
import org.signet.store.Dialect;
import org.signet.support.BothDatabases;

/** Signet's backups copy a SQLite file: on PostgreSQL they are refused, saying what to use, before writing anything. */
class BackupsOnPostgresTest {
    @TempDir
    Path dir;

    @Test
    void make_onPostgres_refusedNamingPgDumpAndNothingWritten() throws Exception {
        Path to = dir.resolve("backup");
        try (Database db = BothDatabases.open(Dialect.POSTGRESQL, dir.resolve("data"))) {
            BackupException e = assertThrows(BackupException.class,
                    () -> new Backups(db, dir.resolve("data"), Clock.systemUTC()).make(to, true));
            assertEquals("Signet backs up its SQLite database only; back up a PostgreSQL database with pg_dump, which"
                    + " holds the stored files too, and keep the data folder's keys/ apart", e.getMessage());
        }
        assertFalse(Files.exists(to), "no folder made");
    }
}
