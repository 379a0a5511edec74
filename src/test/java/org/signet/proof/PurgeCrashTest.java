package org.signet.proof;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.signet.domain.DocumentStatus;
import org.signet.process.ChildProcess;
import org.signet.process.JavaCommand;
import org.signet.process.Launch;
import org.signet.store.Database;
import org.signet.support.ApiFlow;
import org.signet.support.DocumentSetup;
import org.signet.support.Party;
import org.signet.support.SignetFixture;
import org.signet.support.SuiteDatabase;
import org.signet.support.TestServer;
import org.signet.support.Waits;

/**
 * The purge killed at random moments: {@code signet retention run} runs as a process of its own over a folder
 * of due documents and is killed with SIGKILL once it has purged its first, a random few milliseconds later,
 * round after round. After every kill each document is either whole (its row, its parties, its files' keys, an
 * audit chain that verifies, no record) or purged (its record, and no row, party or file key left), never
 * between; a last run finishes the work, and the next start destroys the bytes of any file whose key went in a
 * purge the kill cut short before its bytes were erased. The seed is printed; {@code -Dcrash.seed=N} repeats it.
 */
class PurgeCrashTest {
    private static final int DOCUMENTS = 60;
    private static final int ROUNDS = 6;
    private static final Pattern FIRST_PURGE = Pattern.compile("purged document \\d+");

    @RegisterExtension
    final SignetFixture signet = SignetFixture.running().at(Instant.now()).owner("owner@example.com");

    @TempDir
    Path logs;

    @Test
    void killedAtRandomMoments_everyDocumentWholeOrPurged() throws Exception {
        long randomSeed = Long.getLong("crash.seed", new SecureRandom().nextLong());
        System.out.println("PurgeCrashTest: seed " + randomSeed + " (repeat with -Dcrash.seed=" + randomSeed + ")");
        Random random = new Random(randomSeed);
        List<Long> ids = dueDocuments(signet.flow());
        signet.stopServer();
        Path data = signet.dir();
        int killed = 0;
        for (int round = 1; round <= ROUNDS; round++) {
            try (ChildProcess run = purge(data, logs.resolve("purge-" + round + ".log"))) {
                Waits.awaitUntil(() -> !run.alive() || FIRST_PURGE.matcher(run.log()).find(),
                        "the first purge of round " + round, Duration.ofSeconds(60));
                // A random moment after the first commit: the run is then inside some later document's purge.
                long until = System.nanoTime() + Duration.ofMillis(random.nextInt(150)).toNanos();
                Waits.awaitUntil(() -> System.nanoTime() >= until || !run.alive(), "a moment to pass",
                        Duration.ofSeconds(5), Duration.ofMillis(1));
                if (run.alive()) {
                    run.kill();
                    killed++;
                }
            }
            assertWholeOrPurged(data, ids);
        }
        try (ChildProcess last = purge(data, logs.resolve("purge-last.log"))) {
            assertEquals(0, last.awaitExit(Duration.ofSeconds(120)), last.tail());
        }
        assertWholeOrPurged(data, ids);
        // Where instances share the database, a start destroys only the files left unclaimed for an hour: another
        // instance may be writing one listed a moment ago. The clock is moved past that hour.
        signet.clock().advance(Duration.ofHours(2));
        TestServer server = signet.start();
        Database db = server.app.database();
        for (long id : ids) {
            assertEquals(1L, db.queryLong("SELECT count(*) FROM purged_documents WHERE id = ?", id), "document " + id);
        }
        assertEquals(db.queryLong("SELECT count(*) FROM stored_files"), server.vaultFiles().size(),
                "no bytes left without a key");
        assertEquals(0L, db.queryLong("SELECT count(*) FROM unclaimed_files"));
        System.out.println("PurgeCrashTest: " + killed + " purges killed mid-way, " + DOCUMENTS + " documents");
    }

    /** Documents that have ended, each with a party, all due long before the purge's time. */
    private static List<Long> dueDocuments(ApiFlow flow) {
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < DOCUMENTS; i++) {
            DocumentSetup d = DocumentSetup.upload(flow, "Due " + i, 1);
            d.party("Party Number" + i, "signer", 1);
            flow.forceStatus(d.id(), DocumentStatus.DRAFT, DocumentStatus.EXPIRED);
            ids.add(Long.parseLong(d.id()));
        }
        return ids;
    }

    private static ChildProcess purge(Path data, Path log) throws Exception {
        JavaCommand command = JavaCommand.ofThisJvm().options(List.of("-Xmx256m"))
                .property("java.awt.headless", "true").mainClass("org.signet.Main")
                .args(List.of("retention", "run", "--as-of", "2099-01-01", "--data", data.toString()));
        Map<String, String> environment = new HashMap<>(SuiteDatabase.environment(data));
        environment.put("SIGNET_RETENTION_EXPIRED_DAYS", "1");
        return Launch.of("retention run", command, log)
                .environment(environment).closeGrace(Duration.ZERO).start();
    }

    /** Every document whole or purged, read from the database as the next run finds it. */
    private static void assertWholeOrPurged(Path data, List<Long> ids) throws Exception {
        try (Database db = SuiteDatabase.open(data, "NORMAL", 2)) {
            for (long id : ids) {
                boolean row = db.queryLong("SELECT count(*) FROM documents WHERE id = ?", id) == 1;
                boolean record = db.queryLong("SELECT count(*) FROM purged_documents WHERE id = ?", id) == 1;
                long parties = db.queryLong("SELECT count(*) FROM signers WHERE document_id = ?", id);
                long keys = db.queryLong("SELECT count(*) FROM stored_files f WHERE EXISTS (SELECT 1 FROM documents d "
                        + "WHERE d.id = ? AND f.id IN (d.original_file_id, d.pdf_file_id))", id);
                long events = db.queryLong("SELECT count(*) FROM audit_events WHERE document_id = ?", id);
                if (row) {
                    assertTrue(!record && parties == 1 && keys >= 1 && events > 0, "document " + id + " half purged: "
                            + "record " + record + ", parties " + parties + ", file keys " + keys);
                } else {
                    assertTrue(record && parties == 0 && events == 0, "document " + id + " gone without its record");
                }
            }
        }
    }
}
