package org.signet.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;
import org.signet.store.DataFolder;
import org.signet.store.Database;
import org.signet.store.DocumentStore;

/**
 * The background jobs' queries at a million documents, each against the form it replaces, in one run
 * on the same data: first without the jobs' indexes and planner statistics and with the old queries
 * (the reminder job's one query per document and signer), then with them. Run with
 * {@code mvn test -Dtest=JobQueriesBenchmark -Dbench=true [-Dbench.documents=1000000]}.
 */
@EnabledIfSystemProperty(named = "bench", matches = "true")
class JobQueriesBenchmark {
    private static final long NOW = 2_000_000_000L;

    @TempDir
    Path dir;

    @Test
    void jobQueries_atScale() throws Exception {
        int n = Integer.getInteger("bench.documents", 1_000_000);
        try (Database db = DataFolder.openDatabase(dir, "OFF", 2)) {
            seed(db, n);
            DocumentStore documents = new DocumentStore(db, Clock.systemUTC());

            withoutJobIndexes(db);
            long sealBefore = Medians.of(() -> db.query("SELECT id FROM documents WHERE status = 'completed' "
                    + "AND signed_file_id IS NULL LIMIT 100", r -> r.getLong("id")).size());
            long expiryBefore = Medians.of(() -> db.query("SELECT id FROM documents WHERE expires_at IS NOT NULL "
                    + "AND expires_at <= ? AND status IN ('draft','sent','viewed') ORDER BY expires_at LIMIT ?",
                    r -> r.getLong("id"), NOW, 500).size());
            long remindersBefore = Medians.of(() -> remindersOneQueryPerDocument(db));
            long dueReminders = remindersOneQueryPerDocument(db);

            withJobIndexes(db);
            long sealAfter = Medians.of(() -> documents.dueForSealing(NOW, 100).size());
            long expiryAfter = Medians.of(() -> documents.dueForExpiry(NOW, 500).size());
            long remindersAfter = Medians.of(() -> documents.dueForReminder(NOW, 500).size());
            assertEquals(dueReminders, documents.dueForReminder(NOW, 500).size(), "both find the same reminders");
            assertEquals(5, documents.dueForSealing(NOW, 100).size());

            Map<String, long[]> rows = new LinkedHashMap<>();
            rows.put("sealing: completed and unsealed", new long[] {sealBefore, sealAfter});
            rows.put("expiry: due documents", new long[] {expiryBefore, expiryAfter});
            rows.put("reminders: due signers", new long[] {remindersBefore, remindersAfter});
            report(n, rows);
        }
    }

    /**
     * A million documents in every state: completed ones sealed but for five, a third with expiry
     * times (five of them past), one in ten of those in progress with automatic reminders and two
     * signers each.
     */
    private static void seed(Database db, int n) {
        db.update("INSERT INTO users(id, email, name, created_at) VALUES (1, 'a@example.com', 'A', 0)");
        db.update("INSERT INTO stored_files(id, name, wrapped_key, size, sha256, created_at) "
                + "VALUES (1, 'bench', x'00', 0, '', 0)");
        db.inTransaction(() -> {
            db.update("WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < ?) "
                    + "INSERT INTO documents(owner_id, title, status, original_filename, media_type, total_pages, "
                    + "original_file_id, pdf_file_id, signed_file_id, file_hash, expires_at, reminder_interval_days, "
                    + "seal_retry_at, created_at, updated_at) "
                    + "SELECT 1, 'Document ' || i, CASE i % 6 WHEN 0 THEN 'draft' WHEN 1 THEN 'sent' WHEN 2 THEN 'viewed' "
                    + "WHEN 3 THEN 'completed' WHEN 4 THEN 'declined' ELSE 'expired' END, 'f.pdf', 'application/pdf', 1, "
                    + "1, 1, CASE WHEN i % 6 = 3 AND i > 30 THEN 1 END, '', "
                    + "CASE WHEN i % 3 = 0 THEN CASE WHEN i <= 30 THEN ? - 60 ELSE ? + i END END, "
                    + "CASE WHEN i % 6 IN (1, 2) AND i % 10 = 1 THEN 3 END, "
                    + "CASE WHEN i % 6 = 3 AND i <= 30 THEN 0 END, i, i FROM seq", n, NOW, NOW);
            db.update("INSERT INTO signers(document_id, name, email, role, signing_order, status, access_token, "
                    + "invited_at, last_reminded_at, created_at, updated_at) "
                    + "SELECT d.id, 'S' || k.k, 's' || k.k || '@example.com', 'signer', 1, 'pending', d.id || '-' || k.k, "
                    + "?, CASE WHEN d.id % 7 = 0 THEN ? END, 0, 0 FROM documents d, (SELECT 1 AS k UNION ALL SELECT 2) k "
                    + "WHERE d.reminder_interval_days IS NOT NULL", NOW - 5 * 86_400L, NOW - 3600);
        });
    }

    /** Before: the migrations' old expiry index, none of the jobs' partial indexes, no planner statistics. */
    private static void withoutJobIndexes(Database db) {
        db.inTransaction(() -> {
            db.update("DROP INDEX documents_unsealed");
            db.update("DROP INDEX documents_due");
            db.update("DROP INDEX documents_reminding");
            db.update("CREATE INDEX documents_expiry ON documents(expires_at) WHERE expires_at IS NOT NULL");
            db.update("DROP TABLE IF EXISTS sqlite_stat1");
        });
    }

    private static void withJobIndexes(Database db) {
        db.inTransaction(() -> {
            db.update("DROP INDEX documents_expiry");
            db.update("CREATE INDEX documents_unsealed ON documents(seal_retry_at) "
                    + "WHERE status = 'completed' AND signed_file_id IS NULL");
            db.update("CREATE INDEX documents_due ON documents(expires_at) "
                    + "WHERE expires_at IS NOT NULL AND status IN ('draft','sent','viewed')");
            db.update("CREATE INDEX documents_reminding ON documents(id) "
                    + "WHERE reminder_interval_days IS NOT NULL AND status IN ('sent','viewed')");
        });
        db.queryLong("PRAGMA optimize=0x10002");
    }

    /** The reminder job as it was: every document with reminders, then its signers one query each. */
    private static long remindersOneQueryPerDocument(Database db) {
        List<long[]> docs = db.query("SELECT id, reminder_interval_days FROM documents WHERE reminder_interval_days "
                + "IS NOT NULL AND status IN ('sent','viewed')", r -> new long[] {r.getLong("id"),
                r.getLong("reminder_interval_days")});
        List<Long> due = new ArrayList<>();
        for (long[] d : docs) {
            db.query("SELECT id, role, status, invited_at, last_reminded_at FROM signers WHERE document_id = ? "
                    + "ORDER BY signing_order, id", r -> {
                        Long since = r.nullableLong("last_reminded_at");
                        long from = since != null ? since : r.getLong("invited_at");
                        if (!"viewer".equals(r.string("role")) && NOW - from >= d[1] * 86_400) {
                            due.add(r.getLong("id"));
                        }
                        return null;
                    }, d[0]);
        }
        return Math.min(due.size(), 500);
    }

    private static void report(int n, Map<String, long[]> rows) {
        System.out.println("Job queries at " + n + " documents (median of 9), before -> after:");
        rows.forEach((name, t) -> System.out.printf("  %-36s %10.3f ms -> %8.3f ms  = %.0fx faster%n", name,
                t[0] / 1e6, t[1] / 1e6, (double) t[0] / Math.max(1, t[1])));
    }
}
