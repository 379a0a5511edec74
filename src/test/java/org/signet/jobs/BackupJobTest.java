package org.signet.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.signet.service.Backups;
import org.signet.support.MutableClock;
import org.signet.support.SignetFixture;
import org.signet.support.SuiteDatabase;
import org.signet.support.TestServer;

/** Signet's own backups under a test clock: taken when due, into folders named by the time, the oldest pruned. */
class BackupJobTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running().at(Instant.parse("2030-06-01T12:00:00Z"));
    final MutableClock clock = signet.clock();

    /** Beside the data folder, as an operator would keep them. */
    @TempDir
    Path beside;
    Path backups;

    @BeforeEach
    void start() {
        SuiteDatabase.assumeSqlite("the job copies the SQLite file; PostgreSQL is backed up with pg_dump");
        signet.server().app.users().add("owner@example.org", "Owner", false, null);
        backups = beside.resolve("backups");
    }

    private BackupJob job(int keep) {
        return new BackupJob(new Backups(signet.server().app.database(), signet.dir(), clock), backups, Duration.ofHours(1),
                keep, clock);
    }

    private List<String> folders() throws IOException {
        try (Stream<Path> s = Files.list(backups)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void runOnce_hourByHour_takesEachDueBackupOnceAndKeepsTheNewest() throws Exception {
        BackupJob job = job(2);
        Files.createDirectories(backups.resolve("mine"));
        Files.createDirectories(backups.resolve("signet-20300101T000000Z")); // an interrupted backup: no manifest

        assertEquals(Optional.of(backups.resolve("signet-20300601T120000Z")), job.runOnce());
        assertEquals(Optional.empty(), job.runOnce(), "not due again at once");
        clock.advance(Duration.ofMinutes(59));
        assertEquals(Optional.empty(), job.runOnce(), "not due within the hour");
        clock.advance(Duration.ofMinutes(1));
        assertEquals(Optional.of(backups.resolve("signet-20300601T130000Z")), job.runOnce());
        clock.advance(Duration.ofHours(1));
        assertTrue(job.runOnce().isPresent());

        assertEquals(List.of("mine", "signet-20300601T130000Z", "signet-20300601T140000Z"), folders(),
                "two kept, the oldest and the unfinished one removed, a folder it did not make left alone");
        assertTrue(Backups.isComplete(backups.resolve("signet-20300601T140000Z")));
        assertEquals(Optional.of(clock.instant()), job.newestComplete());
        assertEquals(0, job.failures());
        assertTrue(job.lastOutcome().orElseThrow().ok());
    }

    @Test
    void runOnce_backupFolderUnusable_countsTheFailureAndTriesAgainNextRun() throws Exception {
        Files.writeString(backups, "a file where the folder should be");
        BackupJob job = job(24);

        assertEquals(Optional.empty(), job.runOnce());

        assertEquals(1, job.failures());
        BackupJob.Outcome failed = job.lastOutcome().orElseThrow();
        assertFalse(failed.ok());
        assertEquals(clock.instant(), failed.at());
        Files.delete(backups);
        clock.advance(Duration.ofMinutes(5));
        assertTrue(job.runOnce().isPresent());
        assertEquals(1, job.failures());
        assertTrue(job.lastOutcome().orElseThrow().ok());
    }

    @Test
    void runOnce_aNewerBackupAlreadyThere_waitsForItsHourToPass() throws Exception {
        BackupJob job = job(24);
        job.runOnce();
        BackupJob restarted = job(24); // as after a restart: what is due is read from the folder

        assertEquals(Optional.empty(), restarted.runOnce());
        clock.advance(Duration.ofHours(1));
        assertTrue(restarted.runOnce().isPresent());
    }

    @Test
    void start_backupEveryHour_theServerHasTheJob() throws Exception {
        try (TestServer other = TestServer.start(beside.resolve("other"), clock, "backup.every_hours=1",
                "backup.dir=" + backups, "backup.keep=3")) {
            String before = other.get("/metrics", null).body();
            assertTrue(before.contains("\nsignet_backup_last_success_timestamp_seconds 0\n"), before);

            assertTrue(other.app.backupJob().orElseThrow().runOnce().isPresent());

            String after = other.get("/metrics", null).body();
            assertTrue(after.contains("\nsignet_backup_last_success_timestamp_seconds " + clock.instant().getEpochSecond()
                    + "\n"), after);
            assertTrue(after.contains("\nsignet_backup_failures_total 0\n"), after);
        }
        assertEquals(Optional.empty(), signet.server().app.backupJob(), "off by default");
    }

    @Test
    void start_backupEveryHourWithoutFolder_refusedSayingWhatIsMissing() {
        Exception e = assertThrows(Exception.class, () -> TestServer.start(beside.resolve("other"), clock,
                "backup.every_hours=1").close());

        assertTrue(e.getMessage().contains("backup.dir is not set"), e.getMessage());
    }
}
