package org.signet.proof;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.icegreen.greenmail.junit5.GreenMailExtension;
import com.icegreen.greenmail.util.ServerSetupTest;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.signet.cli.Cli;
import org.signet.json.Json;
import org.signet.process.ChildProcess;
import org.signet.support.SuiteDatabase;
import org.signet.support.TestServer.Credentials;

/**
 * Crash safety, proven on the real thing: Signet runs as its own process over a data folder, four
 * clients write to it concurrently (uploads, signers, fields, send, signatures through the signers'
 * links), and it is killed with SIGKILL at a random moment, round after round, then started again
 * on the same folder. After every kill and restart: the database passes {@code integrity_check} and
 * holds no half-made change, every stored file written since the kill before decrypts to its
 * recorded hash, every acknowledged write is there with its content, every audit chain is valid,
 * and the mail queue has lost nothing and sent nothing twice beyond what a kill may cause. At
 * the end all of it is checked once more over everything: every document through the interface,
 * every stored file decrypted. The seed is printed; {@code
 * -Dcrash.seed=N} repeats the same random choices, {@code -Dcrash.rounds=N} runs longer.
 */
class CrashSafetyTest {
    private static final int ROUNDS = Integer.getInteger("crash.rounds", 30);
    private static final int WORKERS = 4;
    /** The first rounds kill the very first starts, while the database and the keys are being made. */
    private static final int FRESH_STARTS_KILLED = 2;
    /** Of the later rounds, this share kills a start rather than a server under load. */
    private static final double START_KILLS = 0.15;
    /**
     * A server under load is killed 100 ms after the writers start plus up to this long: each kill
     * then lands among a few dozen acknowledged writes or fewer, with every writer's next request
     * in flight.
     */
    private static final int KILL_WINDOW_MILLIS = 700;
    private static final String OWNER = "olivia@example.org";

    @RegisterExtension
    static final GreenMailExtension smtp = new GreenMailExtension(ServerSetupTest.SMTP.dynamicPort());

    @TempDir
    Path dir;

    private final ScheduledExecutorService killer = Executors.newSingleThreadScheduledExecutor();
    private final Ledger ledger = new Ledger();
    private ArchivedSignet signet;
    private ChildProcess running;
    private int kills;
    private int startKills;
    private int restarts;
    private long checksOfAcknowledged;

    @AfterEach
    void stopAll() {
        if (running != null) {
            running.close();
        }
        killer.shutdownNow();
    }

    @Test
    void killedAtRandomMoments_keepsEveryAcknowledgedWriteWhole() throws Exception {
        SuiteDatabase.assumeSqlite("kills Signet over its SQLite file and checks that file itself");
        long randomSeed = Long.getLong("crash.seed", new SecureRandom().nextLong());
        System.out.println("CrashSafetyTest: seed " + randomSeed + " (repeat with -Dcrash.seed=" + randomSeed + ")");
        long began = System.nanoTime();
        Random random = new Random(randomSeed);
        Path data = dir.resolve("data");
        Path log = dir.resolve("signet.log");
        writeSettings(data);
        signet = ArchivedSignet.withClassArchive(dir.resolve("jvm"));
        DataFolderChecks folder = new DataFolderChecks(data, ledger, smtp);
        Credentials key = null;
        for (int round = 1; round <= ROUNDS; round++) {
            if (round <= FRESH_STARTS_KILLED || random.nextDouble() < START_KILLS) {
                killDuringStart(data, log, random);
            } else {
                key = key != null ? key : createOwnerKey(data);
                killUnderLoad(data, log, key, round, random, folder);
            }
            folder.afterKill(kills, false);
            assertNoProblems(log);
        }
        finalRound(data, log, key, folder);
        printFigures(randomSeed, began, folder);
        assertNoProblems(log);
    }

    /** Starts Signet and kills it somewhere between its first instruction and its first requests. */
    private void killDuringStart(Path data, Path log, Random random) throws Exception {
        running = signet.start(data, log);
        killAfter(random.nextInt(2500));
        startKills++;
    }

    private void killUnderLoad(Path data, Path log, Credentials key, int round, Random random, DataFolderChecks folder)
            throws Exception {
        HttpClient http = ProofClient.newHttpClient();
        ProofClient client = restart(data, log, key, http, folder);
        checksOfAcknowledged += new AcknowledgedWrites(ledger, client).check(false);
        List<Thread> workers = new CrashWorkload(ledger, client, round).start(WORKERS, random.nextLong());
        killAfter(100 + random.nextInt(KILL_WINDOW_MILLIS));
        for (Thread t : workers) {
            t.join(Duration.ofSeconds(30).toMillis());
            assertTrue(!t.isAlive(), t.getName() + " still runs after the kill");
        }
    }

    /** Starts Signet on the folder, and settles what the last kill left in doubt before anyone writes. */
    private ProofClient restart(Path data, Path log, Credentials key, HttpClient http, DataFolderChecks folder)
            throws Exception {
        running = signet.start(data, log);
        int port = ArchivedSignet.awaitReady(running);
        restarts++;
        ProofClient client = new ProofClient(http, "http://127.0.0.1:" + port, key);
        new InDoubtWrites(ledger, client).resolveAll();
        folder.afterRestart(restarts);
        return client;
    }

    /** SIGKILL at a moment chosen by the run's random choices, from another thread, while this one waits for its effect. */
    private void killAfter(long millis) throws InterruptedException {
        ChildProcess target = running;
        try {
            killer.schedule(() -> ArchivedSignet.kill(target), millis, TimeUnit.MILLISECONDS).get();
        } catch (ExecutionException e) {
            throw new AssertionError(e.getCause().getMessage(), e.getCause());
        }
        kills++;
        running = null;
    }

    /**
     * One more start, left running: what is still open is finished (sealing is asked for rather than
     * waited for: after a kill the sealing job's first run is 30 s away), every document is checked
     * through the interface, all mail must arrive, and a graceful stop ends it.
     */
    private void finalRound(Path data, Path log, Credentials key, DataFolderChecks folder) throws Exception {
        ProofClient client = restart(data, log, key, ProofClient.newHttpClient(), folder);
        InParallel.forEach(ledger.documents.stream().filter(TrackedDocument::completed).toList(),
                doc -> Sealing.sealed(client, doc, ledger));
        checksOfAcknowledged += new AcknowledgedWrites(ledger, client).check(true);
        folder.awaitMailDelivered(Duration.ofSeconds(120));
        int code = running.stop(Duration.ofSeconds(60));
        running = null;
        assertTrue(code == 0 || code == ChildProcess.EXIT_SIGTERM, "a graceful stop ends with 0 or SIGTERM's code, not "
                + code);
        folder.afterKill(kills, true);
    }

    /** The settings an operator would write: real SMTP, and per-IP limits out of the way of four clients. */
    private static void writeSettings(Path data) throws IOException {
        Files.createDirectories(data);
        Files.writeString(data.resolve("signet.properties"), String.join("\n",
                "smtp.host=127.0.0.1",
                "smtp.port=" + smtp.getSmtp().getPort(),
                "smtp.starttls=false",
                "smtp.from=Signet <signet@example.org>",
                "ratelimit.ip_per_minute=1000000",
                ""));
    }

    /** The owner and a Full Access key, made with the command line as an operator would, while Signet is down. */
    private static Credentials createOwnerKey(Path data) {
        String folder = data.toString();
        cli("users", "add", "--email", OWNER, "--name", "Olivia Owner", "--data", folder);
        Map<?, ?> made = (Map<?, ?>) parse(cli("keys", "create", "--user", OWNER, "--name", "crash", "--permission",
                "full", "--rate-limit", "100000000", "--json", "--data", folder));
        return new Credentials((String) made.get("key"), (String) made.get("secret"));
    }

    private static String cli(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = new Cli(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true,
                StandardCharsets.UTF_8), Map.of(), new ByteArrayInputStream(new byte[0])).run(args);
        assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8).strip();
    }

    private static Object parse(String json) {
        try {
            return Json.parse(json);
        } catch (Exception e) {
            throw new AssertionError("not JSON: " + json, e);
        }
    }

    private void assertNoProblems(Path log) {
        List<String> problems = ledger.problems();
        assertTrue(problems.isEmpty(), () -> problems.size() + " problem(s):\n  " + String.join("\n  ", problems)
                + "\nSignet's log: " + log);
    }

    private void printFigures(long randomSeed, long began, DataFolderChecks folder) {
        long completed = ledger.documents.stream().filter(TrackedDocument::completed).count();
        DeliveredMail.Findings mail = folder.lastMail();
        System.out.printf("""
                CrashSafetyTest: seed %d, %d rounds in %.1f s: %d kills with SIGKILL (%d under load from %d clients, \
                %d during start-up), %d restarts
                  acknowledged writes: %d %s, checked through the interface %d document-times
                  writes in doubt at a kill: %d found whole, %d found absent, none half there
                  documents: %d (%d completed and sealed); stored files decrypted and hashed: %d in all, %d at the end
                  mail: %d queued, %d delivered, %d copies received, %d duplicates after %d kills (at most one each)
                """, randomSeed, ROUNDS, (System.nanoTime() - began) / 1e9, kills, kills - startKills, WORKERS, startKills,
                restarts, ledger.acknowledgedWrites(), ledger.acknowledgedBySteps(), checksOfAcknowledged,
                ledger.inDoubtPresent(), ledger.inDoubtAbsent(), ledger.documents.size(), completed,
                folder.filesDecrypted(), folder.lastVault().filesChecked(), mail.queued(), mail.sent(), mail.copies(),
                mail.extraCopies(), kills);
    }
}
