package org.signet.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.log.AccessLines;
import org.signet.support.SignetFixture;
import org.signet.support.TestServer.Account;

/** The access log of a real server: one line per request, written off the request thread, none lost. */
class AccessLogTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running().onSystemClock();

    private static final Logger ACCESS = Logger.getLogger("signet.access");

    private final List<LogRecord> lines = new ArrayList<>();
    private final Handler recorder = new Handler() {
        @Override
        public void publish(LogRecord r) {
            synchronized (lines) {
                lines.add(r);
            }
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    };

    @BeforeEach
    void start() throws Exception {
        ACCESS.addHandler(recorder);
    }

    @AfterEach
    void stop() {
        ACCESS.removeHandler(recorder);
    }

    /**
     * The logged lines containing {@code fragment}, once at least {@code expected} are there. A line
     * is queued just after its response is sent, so a client can be ahead of it: poll to a deadline.
     */
    private List<String> messages(String fragment, int expected) {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (true) {
            assertTrue(AccessLines.awaitWritten(Duration.ofSeconds(10)));
            List<String> found;
            synchronized (lines) {
                found = lines.stream().map(LogRecord::getMessage).filter(m -> m.contains(fragment)).toList();
            }
            if (found.size() >= expected || System.nanoTime() > deadline) {
                return found;
            }
            LockSupport.parkNanos(Duration.ofMillis(5).toNanos());
        }
    }

    @Test
    void record_authenticatedRequest_oneLineWithStatusKeyAndRequestId() {
        Account a = signet.server().account("alice@example.com", false);
        long keyId = signet.server().app.keys().findByKey(a.full().key()).orElseThrow().id();

        String rid = signet.server().get("stats", a.full()).headers().firstValue("X-Request-Id").orElseThrow();

        List<String> mine = messages("rid=" + rid, 1);
        assertEquals(1, mine.size(), mine.toString());
        assertTrue(mine.get(0).matches("GET /wp-json/wpsigner/v1/stats 200 \\d+ms key=" + keyId + " rid=" + rid),
                mine.get(0));
    }

    @Test
    void record_signingLink_tokenMaskedAndNoKey() {
        String rid = signet.server().send(signet.server().request("/sign/SECRET-TOKEN/session", null).GET().build())
                .headers().firstValue("X-Request-Id").orElseThrow();

        List<String> mine = messages("rid=" + rid, 1);
        assertEquals(1, mine.size(), mine.toString());
        assertTrue(mine.get(0).matches("GET /sign/\\*{4}/session \\d{3} \\d+ms key=- rid=" + rid), mine.get(0));
    }

    @Test
    void record_publicLink_tokenMasked() {
        String rid = signet.server().send(signet.server().request("/p/SECRET-TOKEN/start", null)
                .header("Content-Type", "application/json").POST(java.net.http.HttpRequest.BodyPublishers.ofString("{}"))
                .build()).headers().firstValue("X-Request-Id").orElseThrow();

        List<String> mine = messages("rid=" + rid, 1);
        assertEquals(1, mine.size(), mine.toString());
        assertTrue(mine.get(0).matches("POST /p/\\*{4}/start \\d{3} \\d+ms key=- rid=" + rid), mine.get(0));
    }

    @Test
    void record_manyRequestsAtOnce_everyOneLogged() throws Exception {
        Account a = signet.server().account("alice@example.com", false);
        List<Thread> clients = new ArrayList<>();
        List<String> rids = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
            Thread c = new Thread(() -> {
                for (int i = 0; i < 25; i++) {
                    String rid = signet.server().get("stats", a.full()).headers().firstValue("X-Request-Id").orElseThrow();
                    synchronized (rids) {
                        rids.add(rid);
                    }
                }
            });
            clients.add(c);
            c.start();
        }
        for (Thread c : clients) {
            c.join(30_000);
        }

        assertEquals(200, rids.size());
        List<String> logged = messages("/stats ", rids.size());
        for (String rid : rids) {
            assertEquals(1, logged.stream().filter(m -> m.endsWith("rid=" + rid)).count(), rid);
        }
    }
}
