package org.signet.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.signet.domain.Actor;
import org.signet.domain.Document;
import org.signet.domain.DocumentQuery;
import org.signet.domain.DocumentStatus;
import org.signet.domain.ListScope;
import org.signet.domain.TeamRole;
import org.signet.files.FileVault;
import org.signet.support.BothDatabases;

/**
 * The store statements written once for both databases (upserts, an EXISTS answered as 1 or 0, a
 * parameter bound once per use) or per dialect (index hints, searches ignoring case), each run on
 * SQLite and on PostgreSQL.
 */
class PortableStatementsTest {
    @TempDir
    Path dir;

    private Database db;

    @AfterEach
    void close() {
        if (db != null) {
            db.close();
        }
    }

    private void open(Dialect dialect) throws Exception {
        db = BothDatabases.open(dialect, dir);
        assertEquals(dialect, db.dialect());
    }

    private long owner() {
        return db.insert("INSERT INTO users (email, name, created_at) VALUES ('ada@example.org', 'Ada', 1)");
    }

    private long document(long owner, long fileId) {
        return db.insert("INSERT INTO documents (owner_id, title, status, original_filename, media_type, original_file_id, "
                + "pdf_file_id, file_hash, created_at, updated_at) VALUES (?, 'Lease', 'draft', 'a.pdf', 'application/pdf', "
                + "?, ?, 'h', 1, 1)", owner, fileId, fileId);
    }

    private long template(long owner, long fileId) {
        return db.insert("INSERT INTO templates (owner_id, name, original_filename, media_type, total_pages, page_sizes, "
                + "original_file_id, pdf_file_id, file_hash, created_at, updated_at) VALUES (?, 'NDA', 'n.pdf', "
                + "'application/pdf', 1, '[]', ?, ?, 'h', 1, 1)", owner, fileId, fileId);
    }

    @ParameterizedTest
    @EnumSource(Dialect.class)
    void detectedFields_putTwice_secondReplacesFirst(Dialect dialect) throws Exception {
        open(dialect);
        StoredFiles files = new StoredFiles(db, FileVault.open(dir), Clock.systemUTC());
        long fileId = files.save(new byte[] {1}).id();
        long owner = owner();
        long doc = document(owner, fileId);
        long tpl = template(owner, fileId);
        DetectedFieldStore fields = new DetectedFieldStore(db);

        fields.putForDocument(doc, "[1]");
        fields.putForDocument(doc, "[2]");
        fields.putForTemplate(tpl, "[3]");
        fields.putForTemplate(tpl, "[4]");

        assertEquals(Optional.of("[2]"), fields.forDocument(doc));
        assertEquals(Optional.of("[4]"), fields.forTemplate(tpl));
        assertEquals(1, db.queryLong("SELECT count(*) FROM detected_fields"));
        assertEquals(1, db.queryLong("SELECT count(*) FROM template_detected_fields"));
    }

    @ParameterizedTest
    @EnumSource(Dialect.class)
    void recordSealedRevision_sameHashTwice_recordedOnce(Dialect dialect) throws Exception {
        open(dialect);
        StoredFiles files = new StoredFiles(db, FileVault.open(dir), Clock.systemUTC());
        long doc = document(owner(), files.save(new byte[] {1}).id());
        DocumentStore documents = new DocumentStore(db, Clock.systemUTC());

        documents.recordSealedRevision(doc, "a".repeat(64));
        documents.recordSealedRevision(doc, "a".repeat(64));
        documents.recordSealedRevision(doc, "b".repeat(64));

        assertEquals(2, db.queryLong("SELECT count(*) FROM sealed_revisions WHERE document_id = ?", doc));
    }

    @ParameterizedTest
    @EnumSource(Dialect.class)
    void storedFiles_forgottenTwiceAndUnclaimed_listedOnceAndOnlyTheUnownedDestroyed(Dialect dialect) throws Exception {
        open(dialect);
        StoredFiles files = new StoredFiles(db, FileVault.open(dir), Clock.systemUTC());
        long owner = owner();
        StoredFiles.Saved byDocument = files.save(new byte[] {1});
        StoredFiles.Saved byTemplate = files.save(new byte[] {2});
        StoredFiles.Saved byNobody = files.save(new byte[] {3});
        StoredFiles.Saved stray = files.save(new byte[] {4});
        document(owner, byDocument.id());
        template(owner, byTemplate.id());

        assertTrue(files.recorded().stream().allMatch(StoredFiles.Recorded::unclaimed), "saved, never claimed");
        files.claim(byDocument.id());
        assertFalse(files.recorded().get(0).unclaimed());
        assertTrue(files.recorded().get(2).unclaimed());

        db.inTransaction(() -> {
            files.forget(byNobody.id());
            files.forget(byNobody.id());
        });
        assertEquals(2, files.destroyUnclaimed(), "the forgotten one and the stray one; not the template's");
        assertEquals(Optional.empty(), files.size(byNobody.id()));
        assertEquals(Optional.empty(), files.size(stray.id()));
        assertEquals(Optional.of(1L), files.size(byTemplate.id()), "a template owns it, so it stays");
        assertEquals(Optional.of(1L), files.size(byDocument.id()));
        assertEquals(0, db.queryLong("SELECT count(*) FROM unclaimed_files"));
    }

    @ParameterizedTest
    @EnumSource(Dialect.class)
    void jobQueries_withIndexHintsOnSqliteOnly_findWhatIsDue(Dialect dialect) throws Exception {
        open(dialect);
        StoredFiles files = new StoredFiles(db, FileVault.open(dir), Clock.systemUTC());
        long fileId = files.save(new byte[] {1}).id();
        long doc = document(owner(), fileId);
        DocumentStore documents = new DocumentStore(db, Clock.systemUTC());

        db.update("UPDATE documents SET expires_at = 100 WHERE id = ?", doc);
        assertEquals(List.of(doc), documents.dueForExpiry(200, 10));
        assertEquals(List.of(), documents.dueForExpiry(50, 10));

        db.update("UPDATE documents SET status = 'completed', completed_at = 7, seal_retry_at = 5 WHERE id = ?", doc);
        assertEquals(List.of(doc), documents.dueForSealing(10, 10));
        assertEquals(List.of(), documents.dueForSealing(4, 10));
        assertEquals(1, documents.sealBacklog().depth());

        db.update("UPDATE documents SET signed_file_id = ?, evidence_expires_at = 100 WHERE id = ?", fileId, doc);
        assertEquals(List.of(doc), documents.dueForRenewal(200, 0, 10));
        assertEquals(List.of(), documents.dueForRenewal(50, 0, 10));
        assertEquals(List.of(), documents.dueForReminder(1_000_000, 10), "no reminders asked for");
    }

    @ParameterizedTest
    @EnumSource(Dialect.class)
    void bulkSends_withIndexHintsOnSqliteOnly_runningAndPendingFound(Dialect dialect) throws Exception {
        open(dialect);
        BulkSendStore bulk = new BulkSendStore(db, Clock.systemUTC());
        long owner = owner();
        long id = db.inTransaction(() -> bulk.insert(new BulkSendStore.Running(0, owner, false, 9,
                new Actor(null, owner, null, null, "127.0.0.1", "t"), null), List.of("{\"a\":1}", "{\"a\":2}")));

        assertEquals(List.of(id), bulk.running().stream().map(BulkSendStore.Running::id).toList());
        assertTrue(bulk.markCreated(id, 1, 42));
        assertEquals(List.of("{\"a\":2}"), bulk.pending(id, 10).stream().map(BulkSendStore.Pending::requestJson).toList());
    }

    @ParameterizedTest
    @EnumSource(Dialect.class)
    void changeStatus_sentThenCompleted_stampsOnlyWhatThatStatusStamps(Dialect dialect) throws Exception {
        open(dialect);
        StoredFiles files = new StoredFiles(db, FileVault.open(dir), Clock.systemUTC());
        long doc = document(owner(), files.save(new byte[] {1}).id());
        DocumentStore documents = new DocumentStore(db, Clock.systemUTC());

        Document sent = documents.changeStatus(doc, DocumentStatus.DRAFT, DocumentStatus.SENT).orElseThrow();
        assertEquals(DocumentStatus.SENT, sent.status());
        assertEquals(1, db.queryLong("SELECT count(*) FROM documents WHERE sent_at IS NOT NULL AND completed_at IS NULL "
                + "AND seal_retry_at IS NULL"));
        assertEquals(Optional.empty(), documents.changeStatus(doc, DocumentStatus.DRAFT, DocumentStatus.SENT),
                "no longer a draft");

        documents.changeStatus(doc, DocumentStatus.SENT, DocumentStatus.COMPLETED).orElseThrow();
        assertEquals(1, db.queryLong("SELECT count(*) FROM documents WHERE completed_at IS NOT NULL "
                + "AND seal_retry_at IS NOT NULL"));
    }

    @ParameterizedTest
    @EnumSource(Dialect.class)
    void searches_anyCase_foundAndWildcardsTakenLiterally(Dialect dialect) throws Exception {
        open(dialect);
        StoredFiles files = new StoredFiles(db, FileVault.open(dir), Clock.systemUTC());
        long fileId = files.save(new byte[] {1}).id();
        long owner = owner();
        long lease = document(owner, fileId);
        long other = document(owner, fileId);
        db.update("UPDATE documents SET title = 'Office 100% done' WHERE id = ?", other);
        template(owner, fileId);
        DocumentStore documents = new DocumentStore(db, Clock.systemUTC());
        TemplateStore templates = new TemplateStore(db, Clock.systemUTC());

        for (String search : List.of("lEAs", "LE", "ease")) {
            assertEquals(List.of(lease), titlesFound(documents, search), search);
        }
        assertEquals(List.of(other), titlesFound(documents, "0%"));
        assertEquals(List.of(), titlesFound(documents, "e_s"), "an underscore is no wildcard");
        assertEquals(1, templates.list(ListScope.person(owner, TeamRole.VIEWER), "nd", 1, 10).total());
        assertEquals(0, templates.list(ListScope.person(owner, TeamRole.VIEWER), "n_a", 1, 10).total());
    }

    private static List<Long> titlesFound(DocumentStore documents, String search) {
        return documents.list(new DocumentQuery(null, null, search, null, 1, 10)).items().stream()
                .map(Document::id).toList();
    }
}
