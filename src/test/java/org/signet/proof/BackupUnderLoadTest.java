package org.signet.proof;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpClient;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.service.BackupManifest;
import org.signet.service.Backups;
import org.signet.service.Restore;
import org.signet.support.SuiteDatabase;
import org.signet.support.TestFiles;
import org.signet.support.TestServer.Credentials;
import org.signet.support.TestServer;
import org.signet.support.Waits;
import org.sqlite.SQLiteConfig;

/**
 * A backup taken while the load test's clients write (uploads, signers, fields, sending, signatures
 * through the links) against a Signet with the production durability, restored into a new folder
 * and started: every write acknowledged before the backup began is there with its content, the
 * database passes its integrity check and Signet's invariants, every audit chain holds, and every
 * stored file decrypts to its recorded hash. {@code -Dload.seed=N} repeats a run's random choices.
 */
class BackupUnderLoadTest {
    private static final int CLIENTS = 24;
    /** Writes acknowledged before the backup begins, so that it copies documents in every state. */
    private static final int WRITES_BEFORE = 300;
    private static final Duration LOAD = Duration.ofSeconds(20);

    @TempDir
    Path dir;

    @Test
    void backupUnderLoad_restoredAndStarted_holdsEveryWriteAcknowledgedBeforeIt() throws Exception {
        SuiteDatabase.assumeSqlite("a backup copies the SQLite file; PostgreSQL is backed up with pg_dump");
        long randomSeed = Long.getLong("load.seed", new SecureRandom().nextLong());
        Path data = dir.resolve("data");
        Path backup = dir.resolve("backup");
        Ledger ledger = new Ledger();
        LoadFigures figures = new LoadFigures();
        List<TrackedDocument> before;
        Credentials admin;
        int writesDuring;
        BackupManifest made;
        try (TestServer server = TestServer.start(data, "db.synchronous=FULL", "db.readers=16")) {
            admin = server.account("root@example.org", true, 100_000_000).full();
            List<Thread> clients = start(server, admin, ledger, figures, new Random(randomSeed));
            Waits.awaitUntil(() -> ledger.acknowledgedWrites() >= WRITES_BEFORE, WRITES_BEFORE + " writes acknowledged",
                    LOAD);
            before = ledger.copies();
            int writesBefore = ledger.acknowledgedWrites();
            long began = System.nanoTime();
            made = new Backups(server.app.database(), data, Clock.systemUTC()).make(backup, true);
            double seconds = (System.nanoTime() - began) / 1e9;
            writesDuring = ledger.acknowledgedWrites() - writesBefore;
            for (Thread t : clients) {
                t.join(LOAD.toMillis() + Duration.ofMinutes(1).toMillis());
            }
            System.out.printf("BackupUnderLoadTest: seed %d; backup of %d documents and %d files in %.2f s, during"
                    + " which %d more writes were acknowledged; %d writes in all%n", randomSeed, made.chainsChecked(),
                    made.files().size(), seconds, writesDuring, ledger.acknowledgedWrites());
            assertEquals(List.of(), figures.unexpected(), "answers that must not happen under load");
        }
        Path restored = dir.resolve("restored");
        Restore.Restored r = new Restore(Clock.systemUTC()).restore(backup, restored, Optional.empty());
        try (TestServer again = TestServer.start(restored)) {
            new AcknowledgedBefore(ledger, new ProofClient(ProofClient.newHttpClient(), again.app.siteUrl(), admin))
                    .check(before);
        }
        checkFolder(restored, ledger);

        assertEquals(List.of(), ledger.problems());
        assertTrue(writesDuring > 0, "the backup was made while writes went on");
        assertTrue(before.stream().anyMatch(TrackedDocument::completed), "completed documents were backed up");
        assertEquals(made.files().size(), r.files());
    }

    private static List<Thread> start(TestServer server, Credentials admin, Ledger ledger, LoadFigures figures,
            Random seeds) {
        List<Credentials> keys = new ArrayList<>();
        for (String user : List.of("ada", "ben", "cy")) {
            keys.add(server.account(user + "@example.org", false, 100_000_000).full());
        }
        keys.add(admin);
        byte[] pdf = TestFiles.pdf(2);
        HttpClient http = ProofClient.newHttpClient();
        long deadline = System.nanoTime() + LOAD.toNanos();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < CLIENTS; i++) {
            LoadClient c = new LoadClient("client" + i, new ProofClient(http, server.app.siteUrl(), keys.get(i % keys.size())),
                    false, new Random(seeds.nextLong()), deadline, figures, pdf, ledger);
            Thread t = new Thread(c, "backup-load-client-" + i);
            t.start();
            threads.add(t);
        }
        return threads;
    }

    /** The restored folder read straight from its files: the database's rules and every stored file decrypted. */
    private static void checkFolder(Path restored, Ledger ledger) throws Exception {
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(true);
        try (Connection db = config.createConnection("jdbc:sqlite:" + restored.resolve("signet.db").toAbsolutePath())) {
            StoredInvariants.check(db).forEach(p -> ledger.problem("restored database: " + p));
            VaultContents.Findings vault = VaultContents.check(restored, db);
            vault.damaged().forEach(p -> ledger.problem("restored file: " + p));
            assertTrue(vault.filesChecked() > 0, "no stored file was decrypted");
        }
    }
}
