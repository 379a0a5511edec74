package org.signet.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;
import org.signet.domain.DocumentQuery;
import org.signet.store.DataFolder;
import org.signet.store.Database;
import org.signet.store.DocumentStore;
import org.signet.store.StatsStore;

/**
 * Title search, listing and statistics at a million documents, each measured against the naive
 * query it replaces, in the same run on the same data, and reported as a ratio. Run with
 * {@code mvn test -Dtest=DocumentQueriesBenchmark -Dbench=true [-Dbench.documents=1000000]}.
 */
@EnabledIfSystemProperty(named = "bench", matches = "true")
class DocumentQueriesBenchmark {
    @TempDir
    Path dir;

    @Test
    void searchListAndStats_atScale() throws Exception {
        int n = Integer.getInteger("bench.documents", 1_000_000);
        try (Database db = DataFolder.openDatabase(dir, "OFF", 2)) {
            seed(db, n);
            DocumentStore documents = new DocumentStore(db, Clock.systemUTC());
            StatsStore stats = new StatsStore(db);
            String needle = "Contract 77731";

            long indexed = Medians.of(() -> documents.list(new DocumentQuery(1L, null, needle, null, 1, 20)).total());
            long scan = Medians.of(() -> db.queryLong("SELECT count(*) FROM documents WHERE owner_id = 1 AND title LIKE ?",
                    "%" + needle + "%"));
            assertEquals(documents.list(new DocumentQuery(1L, null, needle, null, 1, 20)).total(),
                    db.queryLong("SELECT count(*) FROM documents WHERE owner_id = 1 AND title LIKE ?", "%" + needle + "%"));

            long counters = Medians.of(() -> stats.counts(null).get("total"));
            long counting = Medians.of(() -> db.queryLong("SELECT count(*) FROM documents"));
            assertEquals(db.queryLong("SELECT count(*) FROM documents"), stats.counts(null).get("total"));

            long page = Medians.of(() -> documents.list(new DocumentQuery(1L, null, null, null, 500, 20)).items().size());
            report(n, Map.of("search (trigram index) vs LIKE scan", new long[] {indexed, scan},
                    "stats (counters) vs COUNT(*)", new long[] {counters, counting}));
            System.out.printf("list page 500 of one owner: %.3f ms%n", page / 1e6);
            assertTrue(indexed < scan, "the index must beat the scan it replaces");
        }
    }

    /** A million rows in one statement: titles vary so that trigrams are selective, as real titles are. */
    private static void seed(Database db, int n) {
        db.update("INSERT INTO users(id, email, name, created_at) VALUES (1, 'a@example.com', 'A', 0), "
                + "(2, 'b@example.com', 'B', 0)");
        db.update("INSERT INTO stored_files(id, name, wrapped_key, size, sha256, created_at) "
                + "VALUES (1, 'bench', x'00', 0, '', 0)");
        db.inTransaction(() -> db.update("WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < ?) "
                + "INSERT INTO documents(owner_id, title, status, original_filename, media_type, total_pages, "
                + "original_file_id, pdf_file_id, file_hash, created_at, updated_at) "
                + "SELECT 1 + (i % 2), (CASE i % 4 WHEN 0 THEN 'Contract ' WHEN 1 THEN 'Invoice ' WHEN 2 THEN 'Lease ' "
                + "ELSE 'Offer ' END) || i, CASE i % 3 WHEN 0 THEN 'draft' WHEN 1 THEN 'sent' ELSE 'completed' END, "
                + "'f.pdf', 'application/pdf', 1, 1, 1, '', i, i FROM seq", n));
    }

    private static void report(int n, Map<String, long[]> pairs) {
        System.out.println("Document queries at " + n + " documents (median of 9):");
        pairs.forEach((name, t) -> System.out.printf("  %-40s %9.3f ms vs %9.3f ms  = %.1fx faster%n", name,
                t[0] / 1e6, t[1] / 1e6, (double) t[1] / Math.max(1, t[0])));
    }
}
