package org.signet.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.signet.support.TestServer.expectObject;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.domain.PageSize;
import org.signet.store.Database;
import org.signet.store.Dialect;
import org.signet.store.MasterKeyCheck;
import org.signet.json.Json;
import org.signet.store.StagedFileStore;
import org.signet.store.StoredFiles;
import org.signet.support.Multipart;
import org.signet.support.SignetFixture;
import org.signet.support.TestFiles;
import org.signet.support.TestServer;
import org.signet.support.TestServer.Account;

/** Staged files nobody used within 15 minutes are removed, rows and encrypted bytes; fresh ones stay. */
class StagingCleanupJobTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running().at(Instant.parse("2030-06-01T12:00:00Z"));

    Account alice;

    @BeforeEach
    void start() throws Exception {
        alice = signet.server().account("alice@example.com", false);
    }

    private String stage(byte[] content, String name) {
        return (String) expectObject(201, signet.server().postMultipart("files", alice.full(),
                new Multipart().file("file", name, "application/octet-stream", content))).get("file_path");
    }

    @Test
    void runOnce_expiredStagedFiles_removedWithTheirBytes() {
        stage(TestFiles.png(20, 20), "old.png");
        signet.clock().advance(Duration.ofMinutes(10));
        String fresh = stage(TestFiles.pdf(1), "fresh.pdf");
        assertEquals(3, signet.server().vaultFiles().size(), "an image and its PDF, and a PDF");
        signet.clock().advance(Duration.ofMinutes(6));
        assertEquals(1, signet.server().app.stagingCleanupJob().runOnce());
        assertEquals(1, signet.server().vaultFiles().size());
        assertEquals(0, signet.server().app.stagingCleanupJob().runOnce(), "nothing left to remove");
        expectObject(201, signet.server().send("POST", "documents", alice.full(),
                Json.write(Map.of("title", "Fresh", "file_path", fresh))));
        signet.clock().advance(Duration.ofHours(1));
        assertEquals(0, signet.server().app.stagingCleanupJob().runOnce(), "a used file belongs to its document");
        assertEquals(1, signet.server().vaultFiles().size());
    }

    @Test
    void runOnce_backlogLargerThanOneBatch_allRemoved() throws Exception {
        // Rows written straight to the stores: the backlog's size matters here, not how it was uploaded.
        Database db = signet.server().app.database();
        StoredFiles files = new StoredFiles(db, MasterKeyCheck.openVault(db, signet.dir(), signet.clock()), signet.clock());
        StagedFileStore staged = new StagedFileStore(signet.server().app.database(), signet.clock());
        for (int i = 0; i < 101; i++) {
            StoredFiles.Saved f = files.save(new byte[] {(byte) i});
            staged.insert(new StagedFileStore.NewStaged(alice.user().id(), "t" + i, "f.pdf", "application/pdf", 1,
                    List.of(new PageSize(595, 842)), f.id(), f.id(), f.sha256(), List.of(), null));
        }
        signet.clock().advance(Duration.ofMinutes(16));
        assertEquals(101, signet.server().app.stagingCleanupJob().runOnce());
        assertEquals(0, signet.server().vaultFiles().size());
        assertEquals(0, signet.server().app.database().queryLong("SELECT count(*) FROM staged_files"));
    }

    /**
     * Where several Signets share a PostgreSQL database, none is restarted to clean up after one that
     * died in the middle of an upload, so the job destroys what has been unclaimed for over an hour;
     * on SQLite the next start does, as before.
     */
    @Test
    void runOnce_fileUnclaimedForOverAnHour_destroyedOnPostgresqlLeftForTheStartOnSqlite() throws Exception {
        Database db = signet.server().app.database();
        StoredFiles files = new StoredFiles(db, MasterKeyCheck.openVault(db, signet.dir(), signet.clock()), signet.clock());
        StoredFiles.Saved abandoned = files.save(new byte[] {1, 2});
        signet.clock().advance(Duration.ofSeconds(StoredFiles.ABANDONED_AFTER_SECONDS - 60));
        StoredFiles.Saved recent = files.save(new byte[] {3});
        signet.clock().advance(Duration.ofSeconds(61));

        signet.server().app.stagingCleanupJob().runOnce();

        boolean shared = db.dialect() != Dialect.SQLITE;
        assertEquals(shared ? 0 : 1, db.queryLong("SELECT count(*) FROM stored_files WHERE id = ?", abandoned.id()));
        assertEquals(1, db.queryLong("SELECT count(*) FROM stored_files WHERE id = ?", recent.id()));
        assertEquals(shared ? 1 : 2, db.queryLong("SELECT count(*) FROM unclaimed_files"));
    }
}
