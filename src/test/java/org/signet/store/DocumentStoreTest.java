package org.signet.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.TestServer.expectObject;

import java.net.http.HttpResponse;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.support.ApiFlow;
import org.signet.support.SignetFixture;
import org.signet.support.SuiteDatabase;
import org.signet.support.TestFiles;
import org.signet.support.TestServer;
import org.signet.support.TestServer.Account;

/** Document rows and their deletion: ids are never reused, a tombstone is written once, nothing else is kept. */
class DocumentStoreTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running().onSystemClock();

    Account alice;
    Database db;

    @BeforeEach
    void start() throws Exception {
        alice = signet.server().account("alice@example.com", false);
        db = signet.server().app.database();
    }

    @Test
    void insert_afterTheNewestWasDeleted_idNeverReused() {
        String first = signet.server().uploadPdf(alice.full(), "a.pdf", TestFiles.pdf(1));
        expectObject(200, signet.server().send("DELETE", "documents/" + first, alice.full(), null));
        String second = signet.server().uploadPdf(alice.full(), "b.pdf", TestFiles.pdf(1));
        assertNotEquals(first, second, "an old id must not name a new document");
        assertEquals("not_found", TestServer.code(signet.server().get("documents/" + first, alice.full())));
        expectObject(200, signet.server().send("DELETE", "documents/" + second, alice.full(), null));
        assertEquals(2, db.queryLong("SELECT count(*) FROM document_tombstones"));
        assertEquals(2L, ((Number) expectObject(200, signet.server().get("stats", alice.full())).get("deleted")).longValue());
    }

    @Test
    void delete_leavesOnlyAContentFreeTombstone() {
        long id = Long.parseLong(signet.server().uploadPdf(alice.full(), "Secret plan.pdf", TestFiles.pdf(1)));
        new ApiFlow(signet.server(), alice.full(), Clock.systemUTC()).addSignerWithSignatureField(String.valueOf(id),
                "sam@example.com");
        expectObject(200, signet.server().send("DELETE", "documents/" + id, alice.full(), null));
        for (String table : List.of("documents", "signers", "fields", "audit_events")) {
            String column = table.equals("documents") ? "id" : "document_id";
            assertEquals(0, db.queryLong("SELECT count(*) FROM " + table + " WHERE " + column + " = ?", id), table);
        }
        assertEquals(0, db.queryLong("SELECT count(*) FROM stored_files"), "the data keys are destroyed");
        if (!SuiteDatabase.onPostgres()) {
            // PostgreSQL keeps no search index apart from the row: its trigram index went with it
            assertEquals(0, db.queryLong("SELECT count(*) FROM documents_fts WHERE documents_fts MATCH 'Secret'"));
        }
        String columns = SuiteDatabase.onPostgres() ? "SELECT column_name AS name FROM information_schema.columns "
                + "WHERE table_name = 'document_tombstones' ORDER BY ordinal_position"
                : "SELECT name FROM pragma_table_info('document_tombstones') ORDER BY cid";
        assertEquals(List.of("document_id", "owner_id", "deleted_at"), db.query(columns, r -> r.string("name")));
    }

    @Test
    void delete_concurrentRequests_oneDeletesTheOthersNotFound() throws Exception {
        String id = signet.server().uploadPdf(alice.full(), "a.pdf", TestFiles.pdf(1));
        CountDownLatch go = new CountDownLatch(1);
        List<CompletableFuture<HttpResponse<String>>> calls = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            calls.add(CompletableFuture.supplyAsync(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return signet.server().send("DELETE", "documents/" + id, alice.full(), null);
            }));
        }
        go.countDown();
        List<Integer> statuses = calls.stream().map(CompletableFuture::join).map(HttpResponse::statusCode).toList();
        assertEquals(1, statuses.stream().filter(s -> s == 200).count(), statuses.toString());
        assertTrue(statuses.stream().allMatch(s -> s == 200 || s == 404), statuses.toString());
        assertEquals(Map.of("deleted", 1L), Map.of("deleted",
                ((Number) expectObject(200, signet.server().get("stats", alice.full())).get("deleted")).longValue()));
    }

    @Test
    void list_search_foldsCaseBeyondAsciiAtEveryLength() {
        for (String t : List.of("Ärztebrief", "über uns", "Straße 5", "plain")) {
            expectObject(201, signet.server().upload(alice.full(), new org.signet.support.Multipart().text("title", t)
                    .file("file", "f.pdf", "application/pdf", TestFiles.pdf(1))));
        }
        for (String[] q : new String[][] {{"ärz", "Ärztebrief"}, {"ä", "Ärztebrief"}, {"Är", "Ärztebrief"},
                {"ÜB", "über uns"}, {"Ü", "über uns"}, {"E 5", "Straße 5"}, {"ß", "Straße 5"}, {"PL", "plain"}}) {
            HttpResponse<String> r = signet.server().get("documents?search=" + java.net.URLEncoder.encode(q[0],
                    java.nio.charset.StandardCharsets.UTF_8), alice.full());
            assertEquals(List.of(q[1]), TestServer.array(r).stream().map(o -> ((Map<?, ?>) o).get("title")).toList(),
                    q[0]);
        }
    }

    @Test
    void list_search_queryLanguageCharacters_literalNeverAnError() {
        for (String q : List.of("\"", "\"\"\"", "a*b", "NEAR(a b)", "x OR y", "'--", "%_%", "^ab", "(((", "a:b")) {
            HttpResponse<String> r = signet.server().get("documents?search=" + java.net.URLEncoder.encode(q,
                    java.nio.charset.StandardCharsets.UTF_8), alice.full());
            assertEquals(200, r.statusCode(), q + " " + r.body());
        }
        expectObject(201, signet.server().upload(alice.full(), new org.signet.support.Multipart()
                .text("title", "Offer \"A*\" (final)").file("file", "f.pdf", "application/pdf", TestFiles.pdf(1))));
        assertEquals(1, TestServer.array(signet.server().get("documents?search=%22A*%22", alice.full())).size());
        assertEquals(1, TestServer.array(signet.server().get("documents?search=(final", alice.full())).size());
    }

    @Test
    void list_everyPageFromEitherEnd_isTheSliceOfTheWholeOrder() {
        long owner = alice.user().id();
        db.update("INSERT INTO stored_files(id, name, wrapped_key, size, sha256, created_at) VALUES (900, 'x', ?, 0, '', 0)",
                new byte[] {0});
        db.update("INSERT INTO users(id, email, name, created_at) VALUES (900, 'o@example.com', 'O', 0)");
        for (int i = 0; i < 37; i++) {
            db.update("INSERT INTO documents(owner_id, title, status, original_filename, media_type, total_pages, "
                    + "original_file_id, pdf_file_id, file_hash, created_at, updated_at) VALUES (?, ?, ?, 'f.pdf', "
                    + "'application/pdf', 1, 900, 900, '', 0, 0)", i % 5 == 0 ? 900 : owner, "Lease " + i,
                    i % 3 == 0 ? "sent" : "draft");
        }
        DocumentStore store = new DocumentStore(db, Clock.systemUTC());
        for (org.signet.domain.DocumentStatus status : new org.signet.domain.DocumentStatus[] {null,
                org.signet.domain.DocumentStatus.DRAFT}) {
            for (String search : new String[] {null, "Lease"}) {
                List<Long> whole = store.list(new org.signet.domain.DocumentQuery(owner, status, search, null, 1, 100)).items()
                        .stream().map(d -> d.id()).toList();
                assertTrue(whole.size() > 10);
                for (int perPage = 1; perPage <= 7; perPage++) {
                    for (int page = 1; page <= whole.size() / perPage + 2; page++) {
                        org.signet.domain.DocumentList got = store.list(
                                new org.signet.domain.DocumentQuery(owner, status, search, null, page, perPage));
                        int from = Math.min(whole.size(), (page - 1) * perPage);
                        assertEquals(whole.subList(from, Math.min(whole.size(), from + perPage)),
                                got.items().stream().map(d -> d.id()).toList(), status + " " + search + " " + page + "/" + perPage);
                        assertEquals(whole.size(), got.total());
                    }
                }
            }
        }
    }

    /** A document row of alice's, without files of its own, as a sealed one would have; answers its id. */
    private long sealedRow(String signedHash) {
        db.update("INSERT INTO stored_files(id, name, wrapped_key, size, sha256, created_at) "
                + "VALUES (901, 'y', ?, 0, '', 0) ON CONFLICT (id) DO NOTHING", new byte[] {0});
        return db.insert("INSERT INTO documents(owner_id, title, status, original_filename, media_type, total_pages, "
                + "original_file_id, pdf_file_id, file_hash, signed_file_hash, completed_at, created_at, updated_at) "
                + "VALUES (?, 'Sealed', 'completed', 'f.pdf', 'application/pdf', 1, 901, 901, '', ?, 1700000000, 0, 0)",
                alice.user().id(), signedHash);
    }

    @Test
    void recordSealedRevision_everyRevisionKept_recordingTwiceChangesNothing() {
        DocumentStore store = new DocumentStore(db, Clock.systemUTC());
        long id = sealedRow(null);

        store.recordSealedRevision(id, "a".repeat(64));
        store.recordSealedRevision(id, "b".repeat(64));
        store.recordSealedRevision(id, "a".repeat(64));

        assertEquals(2, db.queryLong("SELECT count(*) FROM sealed_revisions WHERE document_id = ?", id));
        assertEquals(java.util.Optional.of(id), store.sealedRevisionOwner("b".repeat(64)));
        assertEquals(java.util.Optional.empty(), store.sealedRevisionOwner("c".repeat(64)));
    }

    @Test
    void sealedRevisions_documentDeleted_forgotten() {
        DocumentStore store = new DocumentStore(db, Clock.systemUTC());
        long id = sealedRow(null);
        store.recordSealedRevision(id, "d".repeat(64));

        db.inTransaction(() -> store.delete(store.find(id).orElseThrow()));

        assertEquals(java.util.Optional.empty(), store.sealedRevisionOwner("d".repeat(64)));
    }

    @Test
    void sealedRevisionsMigration_recordsTheSealsMadeBeforeIt() throws Exception {
        long sealed = sealedRow("e".repeat(64));
        long benchRow = sealedRow("");
        db.update("DROP TABLE sealed_revisions");
        String migration = migrationCreating("sealed_revisions");

        db.inTransaction(() -> db.executeScript(migration));

        DocumentStore store = new DocumentStore(db, Clock.systemUTC());
        assertEquals(java.util.Optional.of(sealed), store.sealedRevisionOwner("e".repeat(64)));
        assertEquals(1, db.queryLong("SELECT count(*) FROM sealed_revisions"), "not the row without a real hash "
                + benchRow);
        assertEquals(1700000000, db.queryLong("SELECT created_at FROM sealed_revisions"));
    }

    /** The migration script that creates {@code table}, found by what it does rather than by its number. */
    private static String migrationCreating(String table) throws java.io.IOException {
        for (int n = 1; n <= 999; n++) {
            try (var in = DocumentStoreTest.class.getResourceAsStream(String.format(
                    SuiteDatabase.onPostgres() ? "/db/postgresql/%03d.sql" : "/db/%03d.sql", n))) {
                String script = in == null ? "" : new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
                if (script.contains("CREATE TABLE " + table + " ")) {
                    return script;
                }
            }
        }
        throw new AssertionError("no migration creates " + table);
    }

    @Test
    void caseVariants_shortStrings_everyCombination() {
        assertEquals(java.util.Set.of("ä", "Ä"), java.util.Set.copyOf(DocumentStore.caseVariants("ä")));
        assertEquals(4, DocumentStore.caseVariants("äö").size());
        assertEquals(List.of("1"), DocumentStore.caseVariants("1"));
    }

    /** The statement a store method runs, caught as it runs, so its plan is the real one's. */
    private String sqlOf(Runnable call) {
        List<String> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
        db.watch(new Database.Watcher() {
            @Override
            public void statement(String sql) {
                seen.add(sql);
            }
        });
        try {
            call.run();
        } finally {
            db.watch(Database.Watcher.NONE);
        }
        return seen.stream().filter(q -> q.contains("documents")).findFirst().orElseThrow();
    }

    private String plan(String sql) {
        Object[] params = new Object[(int) sql.chars().filter(c -> c == '?').count()];
        java.util.Arrays.fill(params, 1);
        return String.join("\n", db.query("EXPLAIN QUERY PLAN " + sql, r -> r.string("detail"), params));
    }

    /**
     * PostgreSQL plans a statement prepared by the driver once for any parameters after a few runs. That
     * plan cannot know how rare the searched title is, and a page newest first tempted it to walk the whole
     * table backwards by id, testing every title (362 ms at 200,000 documents against 4 ms by the index).
     */
    @Test
    void search_onPostgres_thePlanForAnyTitleNeverWalksTheTableNewestFirst() {
        SuiteDatabase.assumePostgres("PostgreSQL's plans made once for any parameters");
        db.update("INSERT INTO stored_files(id, name, wrapped_key, size, sha256, created_at) VALUES (901, 'y', ?, 0, '', 0)",
                new byte[] {0});
        db.update("INSERT INTO documents(owner_id, title, status, original_filename, media_type, total_pages, "
                + "original_file_id, pdf_file_id, file_hash, created_at, updated_at) SELECT ?, 'Invoice ' || i || ' - Acme', "
                + "'draft', 'f.pdf', 'application/pdf', 1, 901, 901, '', 0, 0 FROM generate_series(1, 20000) AS i",
                alice.user().id());
        db.update("ANALYZE documents");
        DocumentStore store = new DocumentStore(db, Clock.systemUTC());
        org.signet.domain.DocumentQuery exact = new org.signet.domain.DocumentQuery(alice.user().id(), null,
                "Invoice 777 - Acme", null, 1, 20);
        assertEquals(1, store.list(exact).total());

        String sql = sqlOf(() -> store.list(exact));
        StringBuilder numbered = new StringBuilder();
        int n = 0;
        for (char c : sql.toCharArray()) {
            numbered.append(c == '?' ? "$" + ++n : String.valueOf(c));
        }
        String plan = db.inTransaction(() -> {
            db.update("SET LOCAL plan_cache_mode = force_generic_plan");
            db.update("PREPARE searching AS " + numbered);
            try {
                return String.join("\n", db.query("EXPLAIN EXECUTE searching(" + alice.user().id()
                        + ", '%Invoice 777 - Acme%', 20, 0)", r -> r.string("QUERY PLAN")));
            } finally {
                db.update("DEALLOCATE searching");
            }
        });
        assertFalse(plan.contains("Index Scan Backward"), plan);
    }

    @Test
    void jobQueries_eachSearchesItsOwnIndex() {
        SuiteDatabase.assumeSqlite("SQLite's query plans and index hints; PostgreSQL's planner picks its own");
        DocumentStore documents = new DocumentStore(db, Clock.systemUTC());

        String sealing = plan(sqlOf(() -> documents.dueForSealing(0, 1)));
        String expiry = plan(sqlOf(() -> documents.dueForExpiry(0, 1)));
        String reminders = plan(sqlOf(() -> documents.dueForReminder(0, 1)));

        assertTrue(sealing.contains("documents_unsealed"), sealing);
        assertTrue(expiry.contains("documents_due"), expiry);
        assertTrue(reminders.contains("documents_reminding"), reminders);
        for (String p : List.of(sealing, expiry, reminders)) {
            assertTrue(!p.contains("SCAN documents") && !p.contains("SCAN d "), p);
        }
    }

    @Test
    void jobQueries_findWhatIsDueAndNothingElse() {
        DocumentStore documents = new DocumentStore(db, Clock.systemUTC());
        long now = Clock.systemUTC().millis() / 1000;
        ApiFlow flow = new ApiFlow(signet.server(), alice.full(), Clock.systemUTC());
        String due = flow.upload("Due", 1);
        String later = flow.upload("Later", 1);
        db.update("UPDATE documents SET expires_at = ? WHERE id = ?", now - 10, Long.parseLong(due));
        db.update("UPDATE documents SET expires_at = ? WHERE id = ?", now + 3600, Long.parseLong(later));

        assertEquals(List.of(Long.parseLong(due)), documents.dueForExpiry(now, 10));
        assertEquals(List.of(), documents.dueForSealing(now, 10));
        assertEquals(List.of(), documents.dueForReminder(now, 10));
    }

    @Test
    void recordSealedRevision_sameHashTwice_keptOnceAndInOrderWithTheNext() {
        long id = Long.parseLong(signet.server().uploadPdf(alice.full(), "a.pdf", TestFiles.pdf(1)));
        DocumentStore documents = new DocumentStore(db, Clock.systemUTC());

        db.inTransaction(() -> {
            documents.recordSealedRevision(id, "a".repeat(64));
            documents.recordSealedRevision(id, "a".repeat(64));
            documents.recordSealedRevision(id, "b".repeat(64));
        });

        assertEquals(List.of("a".repeat(64), "b".repeat(64)), documents.sealedRevisions(id));
        expectObject(200, signet.server().send("DELETE", "documents/" + id, alice.full(), null));
        assertEquals(0, db.queryLong("SELECT count(*) FROM sealed_revisions"), "gone with its document");
    }
}
