package org.signet.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.support.Postgres;

/** The PostgreSQL migrations: the same tables and columns as on SQLite, applied once, refused when too new. */
class MigrationsPostgresTest {
    /**
     * Tables only one side has by design: SQLite's id counters and title search index (PostgreSQL
     * searches titles with a trigram index on the column itself), and PostgreSQL's version row.
     */
    private static final Set<String> ONE_SIDE_ONLY = Set.of("sqlite_sequence", "documents_fts", "documents_fts_data",
            "documents_fts_idx", "documents_fts_docsize", "documents_fts_config", "schema_version");

    @TempDir
    Path dir;

    @Test
    void apply_bothDatabases_sameTablesColumnsAndNullability() throws Exception {
        Migrations sqlite = Migrations.fromClasspath();
        Migrations postgres = Migrations.postgresFromClasspath();
        assertEquals(sqlite.latestVersion(), postgres.latestVersion(), "one PostgreSQL file per migration");
        SortedMap<String, String> onSqlite = sqliteColumns(sqlite);
        SortedMap<String, String> onPostgres;
        try (Connection c = Postgres.shared().freshDatabase().connect()) {
            assertEquals(postgres.latestVersion(), postgres.apply(c));
            onPostgres = postgresColumns(c);
        }
        System.out.println("schema parity: " + onSqlite.size() + " columns on SQLite, " + onPostgres.size()
                + " on PostgreSQL, in " + tables(onSqlite) + " tables");
        assertTrue(onSqlite.size() > 100, "the whole schema was read");
        assertEquals(onSqlite, onPostgres);
    }

    @Test
    void apply_secondTime_appliesNothingAndKeepsData() throws Exception {
        Migrations m = Migrations.postgresFromClasspath();
        try (Connection c = Postgres.shared().freshDatabase().connect(); Statement s = c.createStatement()) {
            m.apply(c);
            s.execute("INSERT INTO users (email, name, created_at) VALUES ('Ada@Example.org', 'Ada', 1)");
            assertEquals(0, m.apply(c));
            assertEquals(m.latestVersion(), longOf(s, "SELECT version FROM schema_version"));
            try (PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM users WHERE email = ?")) {
                ps.setString(1, "ada@EXAMPLE.org");
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    assertEquals(1, rs.getLong(1), "addresses bound as parameters compare without case, as on SQLite");
                }
            }
            assertTrue(c.getAutoCommit(), "the connection is handed back as it came");
        }
    }

    @Test
    void apply_documentsInsertedAndMoved_countersFollowInTheSameTransaction() throws Exception {
        try (Connection c = Postgres.shared().freshDatabase().connect(); Statement s = c.createStatement()) {
            Migrations.postgresFromClasspath().apply(c);
            s.execute("INSERT INTO users (email, name, created_at) VALUES ('a@example.org', 'A', 1)");
            s.execute("INSERT INTO stored_files (name, wrapped_key, size, sha256, created_at) "
                    + "VALUES ('f', '\\x00'::bytea, 1, 'h', 1)");
            String doc = "INSERT INTO documents (owner_id, title, status, original_filename, media_type, "
                    + "original_file_id, pdf_file_id, file_hash, created_at, updated_at) "
                    + "VALUES (1, 'Lease', 'draft', 'a.pdf', 'application/pdf', 1, 1, 'h', 1, 1)";
            s.execute(doc);
            s.execute(doc);
            s.execute("UPDATE documents SET status = 'sent' WHERE id = 1");
            s.execute("UPDATE auth_changes SET version = 0");
            s.execute("UPDATE users SET disabled = 1");
            assertEquals(1, longOf(s, "SELECT n FROM document_counts WHERE status = 'draft'"));
            assertEquals(1, longOf(s, "SELECT n FROM document_counts WHERE status = 'sent'"));
            assertEquals(1, longOf(s, "SELECT version FROM auth_changes"), "a disabled user moves the counter");
        }
    }

    @Test
    void apply_versionNewerThanTheCode_refusedAndNothingCreated() throws Exception {
        try (Connection c = Postgres.shared().freshDatabase().connect(); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE schema_version (id INTEGER PRIMARY KEY, version INTEGER NOT NULL)");
            s.execute("INSERT INTO schema_version VALUES (1, 999)");
            Migrations.SchemaTooNewException e = assertThrows(Migrations.SchemaTooNewException.class,
                    () -> Migrations.postgresFromClasspath().apply(c));
            assertTrue(e.getMessage().contains("999"), e.getMessage());
            assertEquals(0, longOf(s, "SELECT count(*) FROM information_schema.tables WHERE table_name = 'users'"));
        }
    }

    @Test
    void apply_failingMigration_rolledBackWholeAndVersionUnchanged() throws Exception {
        String first = "CREATE TABLE a (x INTEGER); INSERT INTO a VALUES (1);";
        Migrations broken = Migrations.of(List.of(first, "CREATE TABLE b (y INTEGER); SELECT nonsense;"));
        try (Connection c = Postgres.shared().freshDatabase().connect(); Statement s = c.createStatement()) {
            assertThrows(SQLException.class, () -> broken.apply(c));
            assertEquals(1, longOf(s, "SELECT version FROM schema_version"));
            assertEquals(0, longOf(s, "SELECT count(*) FROM information_schema.tables WHERE table_name = 'b'"));
        }
    }

    /** table.column to "NULL" or "NOT NULL"; SQLite reports key columns nullable (a legacy quirk), PostgreSQL never. */
    private SortedMap<String, String> sqliteColumns(Migrations m) throws Exception {
        try (Database db = Database.open(dir.resolve("t.db"), "FULL", 1)) {
            m.apply(db);
            SortedMap<String, String> columns = new TreeMap<>();
            db.query("SELECT m.name AS t, p.name AS c, p.\"notnull\" AS nn, p.pk AS pk FROM sqlite_master m, "
                    + "pragma_table_info(m.name) p WHERE m.type = 'table'", r -> {
                        if (!ONE_SIDE_ONLY.contains(r.string("t"))) {
                            boolean notNull = r.getInt("nn") != 0 || r.getInt("pk") != 0;
                            columns.put(r.string("t") + "." + r.string("c"), notNull ? "NOT NULL" : "NULL");
                        }
                        return null;
                    });
            return columns;
        }
    }

    private static SortedMap<String, String> postgresColumns(Connection c) throws SQLException {
        SortedMap<String, String> columns = new TreeMap<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT table_name, column_name, "
                + "is_nullable FROM information_schema.columns WHERE table_schema = 'public'")) {
            while (rs.next()) {
                if (!ONE_SIDE_ONLY.contains(rs.getString(1))) {
                    columns.put(rs.getString(1) + "." + rs.getString(2), "YES".equals(rs.getString(3)) ? "NULL" : "NOT NULL");
                }
            }
        }
        return columns;
    }

    private static long tables(SortedMap<String, String> columns) {
        return columns.keySet().stream().map(k -> k.substring(0, k.indexOf('.'))).distinct().count();
    }

    private static long longOf(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
