package org.signet.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.support.Postgres;

/** Seal claims name their instance, so that a restarted instance lets go of its own and of nobody else's. */
class SealClaimsTest {
    private static final long NOW = 1_800_000_000L;

    @TempDir
    Path dir;

    @Test
    void releaseStoppedSealClaims_onPostgres_onlyThisInstancesClaims() throws Exception {
        Postgres.Database pg = Postgres.shared().freshDatabase();
        try (Database first = open(pg, "first"); Database second = open(pg, "second")) {
            long mine = completedDocument(first, "mine");
            long theirs = completedDocument(first, "theirs");
            DocumentStore firstDocuments = new DocumentStore(first, Clock.systemUTC());
            DocumentStore secondDocuments = new DocumentStore(second, Clock.systemUTC());
            assertTrue(firstDocuments.claimSealing(mine, NOW, NOW + 300, null));
            assertTrue(secondDocuments.claimSealing(theirs, NOW, NOW + 300, null));
            assertFalse(secondDocuments.claimSealing(mine, NOW, NOW + 300, null), "held by the first");

            try (Database restarted = open(pg, "first")) {
                assertEquals(1, new DocumentStore(restarted, Clock.systemUTC()).releaseStoppedSealClaims());
            }

            assertTrue(secondDocuments.claimSealing(mine, NOW, NOW + 300, null), "let go by its restart");
            assertFalse(firstDocuments.claimSealing(theirs, NOW, NOW + 300, null), "the second's still holds");
        }
    }

    @Test
    void releaseStoppedSealClaims_onSqlite_everyClaim() throws Exception {
        try (Database db = DataFolder.openDatabase(dir, "OFF", 2)) {
            long doc = completedDocument(db, "one");
            DocumentStore documents = new DocumentStore(db, Clock.systemUTC());
            assertTrue(documents.claimSealing(doc, NOW, NOW + 300, null));

            assertEquals(1, documents.releaseStoppedSealClaims());

            assertTrue(documents.claimSealing(doc, NOW, NOW + 300, null));
        }
    }

    private Database open(Postgres.Database pg, String folder) throws Exception {
        return DataFolder.openDatabase(dir.resolve(folder), pg.url(), pg.user(), pg.password(), "FULL", 2);
    }

    /** A completed document without its seal yet, owned by a user of its own, straight in SQL. */
    private static long completedDocument(Database db, String name) {
        long owner = db.insert("INSERT INTO users(email, name, created_at) VALUES (?, ?, 0)", name + "@example.org", name);
        long file = db.insert("INSERT INTO stored_files(name, wrapped_key, size, sha256, created_at) VALUES (?, ?, 0, '', 0)",
                name + "-file", (Object) new byte[] {0});
        return db.insert("INSERT INTO documents(owner_id, title, status, original_filename, media_type, total_pages, "
                + "original_file_id, pdf_file_id, file_hash, created_at, updated_at) "
                + "VALUES (?, ?, 'completed', 'a.pdf', 'application/pdf', 1, ?, ?, '', 0, 0)", owner, name, file, file);
    }
}
