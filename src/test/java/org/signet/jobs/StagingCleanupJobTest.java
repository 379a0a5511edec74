package org.signet.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.signet.api.SampleFiles.expect;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.api.SampleFiles;
import org.signet.support.Multipart;
import org.signet.support.MutableClock;
import org.signet.support.TestServer;
import org.signet.support.TestServer.Account;

/** Staged files nobody used within 15 minutes are removed, rows and encrypted bytes; fresh ones stay. */
class StagingCleanupJobTest {
    @TempDir
    Path dir;
    MutableClock clock = new MutableClock(Instant.parse("2030-06-01T12:00:00Z"), ZoneId.of("UTC"));
    TestServer server;
    Account alice;

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(dir, clock);
        alice = server.account("alice@example.com", false);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private String stage(byte[] content, String name) {
        return (String) expect(201, SampleFiles.upload(server, alice.full(), "files",
                new Multipart().file("file", name, "application/octet-stream", content))).get("file_path");
    }

    @Test
    void runOnce_expiredStagedFiles_removedWithTheirBytes() {
        stage(SampleFiles.png(20, 20), "old.png");
        clock.advance(Duration.ofMinutes(10));
        String fresh = stage(SampleFiles.pdf(1), "fresh.pdf");
        assertEquals(3, SampleFiles.vaultFiles(dir).size(), "an image and its PDF, and a PDF");
        clock.advance(Duration.ofMinutes(6));
        assertEquals(1, server.app.stagingCleanupJob().runOnce());
        assertEquals(1, SampleFiles.vaultFiles(dir).size());
        assertEquals(0, server.app.stagingCleanupJob().runOnce(), "nothing left to remove");
        expect(201, server.send("POST", "documents", alice.full(),
                SampleFiles.json(Map.of("title", "Fresh", "file_path", fresh))));
        clock.advance(Duration.ofHours(1));
        assertEquals(0, server.app.stagingCleanupJob().runOnce(), "a used file belongs to its document");
        assertEquals(1, SampleFiles.vaultFiles(dir).size());
    }

    @Test
    void runOnce_backlogLargerThanOneBatch_allRemoved() {
        byte[] pdf = SampleFiles.pdf(1);
        for (int i = 0; i < 120; i++) {
            stage(pdf, "f" + i + ".pdf");
        }
        clock.advance(Duration.ofMinutes(16));
        assertEquals(120, server.app.stagingCleanupJob().runOnce());
        assertEquals(0, SampleFiles.vaultFiles(dir).size());
    }
}
