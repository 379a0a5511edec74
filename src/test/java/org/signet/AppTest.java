package org.signet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.domain.NewOutboxMessage;
import org.signet.store.Dialect;
import org.signet.store.Lease;
import org.signet.store.MailOutboxStore;
import org.signet.support.LogCapture;
import org.signet.support.Postgres;
import org.signet.support.TestServer;

/** App's start: what an operator is told about the configuration before the first request. */
class AppTest {
    @TempDir
    Path dir;

    @Test
    void start_renamedSetting_warnsNamingTheNewKey() throws Exception {
        List<String> warnings = new CopyOnWriteArrayList<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord r) {
                if (r.getLevel() == Level.WARNING) {
                    warnings.add(r.getMessage());
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger log = Logger.getLogger("signet");
        log.addHandler(capture);
        try (TestServer server = TestServer.start(dir, "server.threads=4")) {
            assertTrue(warnings.stream().anyMatch(w -> w.startsWith("server.threads (in the command line) is now called"
                    + " db.readers")), warnings.toString());
        } finally {
            log.removeHandler(capture);
        }
    }

    @Test
    void start_logsTheAddressBoundBesideThePublicSiteUrl() throws Exception {
        try (LogCapture log = new LogCapture("signet");
                TestServer server = TestServer.start(dir, "site.url=https://sign.example.com")) {
            String listening = log.lines.stream().filter(l -> l.startsWith("Signet listening on")).findFirst().orElseThrow();

            assertEquals("Signet listening on 127.0.0.1:" + server.app.port() + " (http), site.url https://sign.example.com"
                    + " (REST base https://sign.example.com/wp-json/wpsigner/v1)", listening);
        }
    }

    @Test
    void start_postgresUrl_keepsItsDataInPostgresNotInTheDataFolder() throws Exception {
        Postgres.Database pg = Postgres.shared().freshDatabase();
        try (TestServer server = TestServer.start(dir, "db.url=" + pg.url(), "db.user=" + pg.user(),
                "db.password=" + pg.password())) {
            assertEquals(Dialect.POSTGRESQL, server.app.database().dialect());
            server.account("ada@example.org", false);
            assertEquals(200, server.send(server.request("/healthz", null).build()).statusCode());
        }
        try (var c = pg.connect(); var s = c.createStatement();
                var rs = s.executeQuery("SELECT count(*) FROM users WHERE email = 'ada@example.org'")) {
            assertTrue(rs.next());
            assertEquals(1, rs.getInt(1));
        }
        assertFalse(java.nio.file.Files.exists(dir.resolve("signet.db")), "no SQLite file was made");
    }

    @Test
    void start_queueRowsClaimedByThisInstancesStoppedRun_releasedOnBothDatabases() throws Exception {
        Postgres.Database pg = Postgres.shared().freshDatabase();
        List<Long> leftClaimed = new ArrayList<>();
        for (String[] database : List.of(new String[] {"db.url="}, pg.settings())) {
            Path folder = dir.resolve("folder" + leftClaimed.size());
            leftClaimed.add(claimedAfterRestart(folder, database, outbox -> outbox::newLease));
        }
        assertEquals(List.of(0L, 0L), leftClaimed, "a restarted instance lets go of what its stopped run held");
    }

    @Test
    void start_onPostgres_anotherInstancesClaimKeptUntilItsLeaseEnds() throws Exception {
        Postgres.Database pg = Postgres.shared().freshDatabase();

        long left = claimedAfterRestart(dir.resolve("folder"), pg.settings(),
                outbox -> (now, length) -> Lease.from("another-instance", now, length));

        assertEquals(1L, left, "another instance may be delivering it right now");
    }

    /** Queues a message, claims it as {@code claimant} says with Signet running, restarts, and counts the claims left. */
    private long claimedAfterRestart(Path folder, String[] database,
            Function<MailOutboxStore, BiFunction<Long, Duration, Lease>> claimant) throws Exception {
        try (TestServer server = TestServer.start(folder, database)) {
            MailOutboxStore outbox = new MailOutboxStore(server.app.database());
            long now = Instant.now().getEpochSecond();
            outbox.insert(new NewOutboxMessage("test", "ann@example.org", "Ann", "claimed", "text", "html", null, null),
                    now + 3600);
            outbox.claimDue(now + 3600, now, 10, claimant.apply(outbox).apply(now, Duration.ofHours(1)));
        }
        try (TestServer server = TestServer.start(folder, database)) {
            return server.app.database().queryLong("SELECT count(*) FROM mail_outbox WHERE claimed_by IS NOT NULL");
        }
    }
}
