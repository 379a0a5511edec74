package org.signet.proof;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.support.TestFiles;
import org.signet.support.TestServer;
import org.signet.support.TestServer.Credentials;

/**
 * Load: 64 concurrent clients for a minute ({@code -Dload.seconds=N} for longer) against a real
 * Signet with the production durability ({@code db.synchronous=FULL}) and worker pool, over real
 * HTTP, mixing reads, writes and signatures through the signers' links, with five API keys of which
 * one has a small hourly limit. No answer may be a 5xx or speak of a busy or locked database, no
 * such thing may reach the server's log, and 429 may come only to the limited key, which must get it
 * and never pass its limit. Per-IP limits are set out of the way: every client speaks from one
 * address. The figures are printed as a table.
 */
class LoadTest {
    private static final int CLIENTS = 64;
    private static final Duration DURATION = Duration.ofSeconds(Long.getLong("load.seconds", 60));
    /** Requests per hour for the limited key; its clients reach it within seconds. */
    private static final int LIMIT = 20;

    @TempDir
    Path dir;

    @Test
    void sixtyFourClients_noServerErrorNoBusyDatabase_429OnlyOnTheLimitedKey() throws Exception {
        long randomSeed = Long.getLong("load.seed", new SecureRandom().nextLong());
        System.out.println("LoadTest: seed " + randomSeed + ", " + CLIENTS + " clients for " + DURATION.toSeconds() + " s");
        LoadFigures figures = new LoadFigures();
        try (ServerLog log = ServerLog.capture();
                TestServer server = TestServer.start(dir, "db.synchronous=FULL", "db.readers=16",
                        "ratelimit.ip_per_minute=1000000")) {
            List<Credentials> keys = new ArrayList<>();
            for (String user : List.of("ada", "ben", "cy")) {
                keys.add(server.account(user + "@example.org", false, 100_000_000).full());
            }
            keys.add(server.account("root@example.org", true, 100_000_000).full());
            Credentials limited = server.account("lim@example.org", false, LIMIT).full();

            long began = System.nanoTime();
            Instant start = Instant.now();
            run(server, keys, limited, new Random(randomSeed), figures, began + DURATION.toNanos());
            double seconds = (System.nanoTime() - began) / 1e9;
            System.out.print("LoadTest: " + CLIENTS + " clients, " + keys.size() + " keys plus one limited to " + LIMIT
                    + " requests an hour, db.synchronous=FULL\n" + figures.table(seconds));

            assertEquals(List.of(), figures.unexpected(), "answers that must not happen");
            assertEquals(List.of(), log.busyDatabase(), "a busy or locked database in the server's log");
            assertEquals(List.of(), log.records().stream().filter(r -> r.startsWith("SEVERE")).toList());
            int limitedOk = figures.limitedSuccesses();
            System.out.println("LoadTest: the limited key got " + limitedOk + " answers and " + figures.limitedRefusals()
                    + " refusals (429); the others none");
            assertTrue(figures.limitedRefusals() > 0, "the limited key was never refused");
            long windows = Instant.now().getEpochSecond() / 3600 - start.getEpochSecond() / 3600 + 1;
            assertTrue(limitedOk <= LIMIT * windows, "the limited key got " + limitedOk + " answers in " + windows
                    + " hourly window(s) of " + LIMIT);
        }
    }

    private static void run(TestServer server, List<Credentials> keys, Credentials limited, Random seeds,
            LoadFigures figures, long deadline) throws InterruptedException {
        byte[] pdf = TestFiles.pdf(2);
        java.net.http.HttpClient http = ProofClient.newHttpClient();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < CLIENTS; i++) {
            boolean isLimited = i == 0; // one client of the 64; its rows in the table say "limited key"
            Credentials key = isLimited ? limited : keys.get(i % keys.size());
            LoadClient c = new LoadClient("client" + i, new ProofClient(http, server.app.siteUrl(), key), isLimited,
                    new Random(seeds.nextLong()), deadline, figures, pdf, new Ledger());
            Thread t = new Thread(c, "load-client-" + i);
            t.start();
            threads.add(t);
        }
        for (Thread t : threads) {
            t.join(DURATION.toMillis() + Duration.ofMinutes(2).toMillis());
            assertTrue(!t.isAlive(), t.getName() + " did not finish");
        }
    }
}
