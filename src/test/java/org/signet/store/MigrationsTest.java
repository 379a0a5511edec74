package org.signet.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.support.LogCapture;

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
    void apply_logsEachMigrationItApplies() throws Exception {
        try (Database db = Database.open(dir.resolve("t.db"), "FULL", 1);
                LogCapture log = new LogCapture("signet.store")) {
            Migrations.of(List.of("CREATE TABLE a(x INTEGER);")).apply(db);
            Migrations.of(List.of("CREATE TABLE a(x INTEGER);", "CREATE TABLE b(y INTEGER);", "CREATE TABLE c(z INTEGER);"))
                    .apply(db);

            assertEquals(List.of("applied migration 001.sql: the database schema is now version 1 of 1",
                    "applied migration 002.sql: the database schema is now version 2 of 3",
                    "applied migration 003.sql: the database schema is now version 3 of 3"), log.lines);
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
    void apply_migrationFailingHalfway_rolledBackWholeAndVersionUnchanged() throws Exception {
        String first = "CREATE TABLE a(x INTEGER); INSERT INTO a VALUES (1);";
        String second = "CREATE TABLE b(y INTEGER);";
        try (Database db = Database.open(dir.resolve("t.db"), "FULL", 1)) {
            assertEquals(2, Migrations.of(List.of(first, second)).apply(db));
            Migrations broken = Migrations.of(List.of(first, second,
                    "CREATE TABLE c(z INTEGER); INSERT INTO a VALUES (2); INSERT INTO missing VALUES (3);"));

            assertThrows(RuntimeException.class, () -> broken.apply(db));

            assertEquals(2, Migrations.currentVersion(db), "the version stays where it was");
            assertEquals(0, db.queryLong("SELECT count(*) FROM sqlite_master WHERE name = 'c'"), "no table half made");
            assertEquals(1, db.queryLong("SELECT count(*) FROM a"), "no row half written");
            Migrations mended = Migrations.of(List.of(first, second, "CREATE TABLE c(z INTEGER); INSERT INTO a VALUES (2);"));
            assertEquals(1, mended.apply(db), "the next start runs the mended migration from its beginning");
            assertEquals(3, Migrations.currentVersion(db));
            assertEquals(2, db.queryLong("SELECT count(*) FROM a"));
        }
    }

    @Test
    void apply_databaseAtAnOlderVersion_runsOnlyTheMigrationsAfterIt() throws Exception {
        try (Database db = Database.open(dir.resolve("t.db"), "FULL", 1)) {
            Migrations.of(List.of("CREATE TABLE a(x INTEGER);")).apply(db);

            assertEquals(1, Migrations.of(List.of("CREATE TABLE a(x INTEGER);", "INSERT INTO a VALUES (1);")).apply(db));

            assertEquals(1, db.queryLong("SELECT count(*) FROM a"), "the first migration did not run again");
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

    @Test
    void apply_documentsSealedBeforeSealedRevisions_backfilledAsBaselineBAtCompletion() throws Exception {
        try (Database db = Database.open(dir.resolve("t.db"), "FULL", 1)) {
            applyScriptsBefore(db, "CREATE TABLE sealed_revisions");
            db.insert("INSERT INTO users(email, name, created_at) VALUES ('a@x.org', 'A', 1)");
            for (int f = 1; f <= 2; f++) {
                db.insert("INSERT INTO stored_files(id, name, wrapped_key, size, sha256, created_at) "
                        + "VALUES (?, ?, x'00', 1, ?, 1)", f, "f" + f, "0".repeat(64));
            }
            db.insert("INSERT INTO documents(owner_id, title, status, original_filename, media_type, original_file_id, "
                    + "pdf_file_id, signed_file_id, file_hash, signed_file_hash, completed_at, created_at, updated_at) "
                    + "VALUES (1, 'Sealed', 'completed', 'a.pdf', 'application/pdf', 1, 1, 2, ?, ?, 1000, 900, 1100)",
                    "0".repeat(64), "a".repeat(64));
            db.insert("INSERT INTO documents(owner_id, title, status, original_filename, media_type, original_file_id, "
                    + "pdf_file_id, file_hash, created_at, updated_at) "
                    + "VALUES (1, 'Draft', 'draft', 'b.pdf', 'application/pdf', 1, 1, ?, 900, 900)", "0".repeat(64));

            Migrations.fromClasspath().apply(db);

            assertEquals(List.of("a".repeat(64) + " 1 1000"), db.query("SELECT sha256, document_id, created_at "
                    + "FROM sealed_revisions", r -> r.string("sha256") + " " + r.getLong("document_id") + " "
                    + r.getLong("created_at")));
            assertEquals(List.of("1 B-B 1000", "2 null null"), db.query("SELECT id, seal_level, sealed_at FROM documents "
                    + "ORDER BY id", r -> r.getLong("id") + " " + r.string("seal_level") + " " + r.nullableLong("sealed_at")));
        }
    }

    /**
     * Applies the migrations in order up to, not including, the first whose script contains {@code marker}:
     * a database as a Signet made it before that migration existed.
     */
    static void applyScriptsBefore(Database db, String marker) throws Exception {
        for (int n = 1; ; n++) {
            try (InputStream in = Migrations.class.getResourceAsStream(String.format("/db/%03d.sql", n))) {
                assertTrue(in != null, "no migration contains " + marker);
                String script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                if (script.contains(marker)) {
                    return;
                }
                int version = n;
                db.inTransaction(() -> {
                    db.executeScript(script);
                    db.executeScript("PRAGMA user_version = " + version);
                });
            }
        }
    }
}
