package org.signet.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MigrationsTest {
    @TempDir
    Path dir;

    @Test
    void apply_emptyDatabaseReachesTheLatestVersion() throws Exception {
        Migrations m = Migrations.fromClasspath();
        assertTrue(m.latestVersion() >= 2);
        try (Database db = Database.open(dir.resolve("t.db"), "FULL", 1)) {
            assertEquals(m.latestVersion(), m.apply(db));
            assertEquals(m.latestVersion(), Migrations.currentVersion(db));
            assertEquals(0, db.queryLong("SELECT count(*) FROM users"));
            assertEquals(0, db.queryLong("SELECT count(*) FROM documents"));
            assertEquals(0, m.apply(db), "a second start applies nothing");
            assertEquals("wal", db.queryOne("PRAGMA journal_mode", r -> r.string("journal_mode")).orElseThrow());
            assertEquals(1, db.queryLong("PRAGMA foreign_keys"));
        }
    }

    @Test
    void apply_refusesASchemaNewerThanTheCode() throws Exception {
        try (Database db = Database.open(dir.resolve("t.db"), "FULL", 1)) {
            db.update("PRAGMA user_version = 999");
            Migrations.SchemaTooNewException e =
                    assertThrows(Migrations.SchemaTooNewException.class, () -> Migrations.fromClasspath().apply(db));
            assertTrue(e.getMessage().contains("999"));
            assertEquals(0, db.queryLong("SELECT count(*) FROM sqlite_master WHERE name = 'users'"));
        }
    }

    @Test
    void inTransaction_rollsBackEverythingOnFailure() throws Exception {
        try (Database db = DataFolder.openDatabase(dir, "FULL", 2)) {
            assertThrows(IllegalStateException.class, () -> db.inTransaction(() -> {
                db.insert("INSERT INTO users(email, name, created_at) VALUES ('a@x.org', 'A', 1)");
                throw new IllegalStateException("abort");
            }));
            assertEquals(0, db.queryLong("SELECT count(*) FROM users"));
        }
    }
}
