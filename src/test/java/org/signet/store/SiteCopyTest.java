package org.signet.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.support.BothDatabases;

/**
 * Rows copied from SQLite to PostgreSQL: several pages of one table, a table keyed by text, ids kept
 * and the counters the target's triggers would have moved copied as they were, not moved twice.
 */
class SiteCopyTest {
    private static final int USERS = 2 * SiteCopy.PAGE_ROWS + 7;

    @TempDir
    Path dir;
    private Database source;
    private Database target;

    @BeforeEach
    void open() throws Exception {
        source = BothDatabases.open(Dialect.SQLITE, dir);
        target = BothDatabases.open(Dialect.POSTGRESQL, dir);
    }

    @AfterEach
    void close() {
        source.close();
        target.close();
    }

    @Test
    void copyRows_severalPagesAndATextKey_everyRowWithItsIdAndTheSequencesMoved() {
        source.inTransaction(() -> {
            for (int i = 0; i < USERS; i++) {
                // Every third id skipped: the copy keeps ids as they are, gaps and all.
                source.update("INSERT INTO users (id, email, name, created_at) VALUES (?, ?, ?, ?)", 3L * i + 1,
                        "u" + i + "@example.com", "User " + i, 1000 + i);
            }
            source.update("INSERT INTO api_keys (id, user_id, key, secret_hash, name, permission, rate_limit, created_at) "
                    + "VALUES (5, 4, 'wps_copied', ?, 'Key', 'full', 100, 1000)", new byte[] {1, 2, 3});
            for (int i = 0; i < 3; i++) {
                source.update("INSERT INTO login_failures (subject, failures, window_start) VALUES (?, ?, ?)",
                        "account:" + i, i + 1, 50);
            }
        });
        source.update("UPDATE auth_changes SET version = 41 WHERE id = 1");
        assertEquals(List.of(), new SiteCopy(source, target).occupied());

        Map<String, Long> copied = new SiteCopy(source, target).copyRows();

        assertEquals(USERS, copied.get("users"));
        assertEquals(3, copied.get("login_failures"));
        assertEquals(1, copied.get("api_keys"));
        String users = "SELECT id, email, name, created_at FROM users ORDER BY id";
        assertEquals(rows(source, users), rows(target, users));
        assertEquals(rows(source, "SELECT * FROM login_failures ORDER BY subject"),
                rows(target, "SELECT * FROM login_failures ORDER BY subject"));
        assertEquals(41, target.queryLong("SELECT version FROM auth_changes WHERE id = 1"),
                "the counter copied as it was");
        assertEquals(rows(source, "SELECT * FROM api_keys"), rows(target, "SELECT * FROM api_keys"));
        long next = target.insert("INSERT INTO users (email, name, created_at) VALUES ('new@example.com', 'New', 0)");
        assertEquals(3L * (USERS - 1) + 2, next);
        assertTrue(new SiteCopy(source, target).occupied().containsAll(List.of("users", "api_keys", "login_failures")));
        new SiteCopy(source, target).counts().forEach((t, n) -> assertEquals(n[0] + (t.equals("users") ? 1 : 0), n[1], t));
    }

    @Test
    void tables_everyTableAfterTheTablesItPointsTo() {
        List<String> tables = new SiteCopy(source, target).tables();

        assertTrue(tables.indexOf("users") < tables.indexOf("api_keys"));
        assertTrue(tables.indexOf("stored_files") < tables.indexOf("documents"));
        assertTrue(tables.indexOf("documents") < tables.indexOf("signers"));
        assertTrue(tables.indexOf("signers") < tables.indexOf("fields"));
        assertTrue(tables.indexOf("fields") < tables.indexOf("field_attachments"));
        assertTrue(!tables.contains("file_chunks") && !tables.contains("schema_version") && !tables.contains("documents_fts"));
    }

    /** Each row as its values joined, bytes in hex; the values are read until the row has no more columns. */
    private static List<String> rows(Database db, String sql) {
        return db.query(sql, r -> {
            StringBuilder b = new StringBuilder();
            for (int i = 1; ; i++) {
                Object v;
                try {
                    v = r.objectAt(i);
                } catch (java.sql.SQLException pastTheLastColumn) {
                    return b.toString();
                }
                b.append(v instanceof byte[] bytes ? HexFormat.of().formatHex(bytes) : String.valueOf(v)).append('|');
            }
        });
    }
}
