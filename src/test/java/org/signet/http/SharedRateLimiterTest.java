package org.signet.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.App;
import org.signet.store.DataFolder;
import org.signet.store.Database;
import org.signet.support.MutableClock;
import org.signet.support.Postgres;
import org.signet.support.Race;
import org.signet.support.TestServer;
import org.signet.support.TestServer.Account;

/**
 * The rate limits that several instances on one PostgreSQL database share; always on PostgreSQL,
 * so the normal suite runs them too.
 */
class SharedRateLimiterTest {
    private static final Duration HOUR = Duration.ofHours(1);

    @TempDir
    Path dir;

    @Test
    void acquire_twoInstancesRacing_exactlyTheLimitAllowed() throws Exception {
        Postgres.Database pg = Postgres.shared().freshDatabase();
        try (Database one = pg.open(4); Database two = pg.open(4)) {
            Clock clock = Clock.systemUTC();
            List<RateLimiter> limiters = List.of(App.limiter(one, clock), App.limiter(two, clock));
            limiters.forEach(l -> assertInstanceOf(SharedRateLimiter.class, l));
            List<RateLimiter.Decision> decisions = Race.run(40, 8, i -> limiters.get(i % 2).acquire("key:7", 20, HOUR));

            assertEquals(20, decisions.stream().filter(RateLimiter.Decision::allowed).count());
            Set<Integer> remaining = new TreeSet<>();
            decisions.stream().filter(RateLimiter.Decision::allowed).forEach(d -> remaining.add(d.remaining()));
            assertEquals(20, remaining.size(), "each allowed request saw its own count: " + remaining);
        }
    }

    @Test
    void acquire_nextWindow_countsAgainAndEvictionForgetsTheOldOne() throws Exception {
        MutableClock clock = new MutableClock(Instant.parse("2026-01-01T10:00:10Z"), ZoneOffset.UTC);
        try (Database db = Postgres.shared().freshDatabase().open(2)) {
            RateLimiter limiter = App.limiter(db, clock);
            for (int i = 1; i <= 3; i++) {
                assertEquals(3 - i, limiter.acquire("ip:a", 3, Duration.ofMinutes(1)).remaining());
            }
            RateLimiter.Decision refused = limiter.acquire("ip:a", 3, Duration.ofMinutes(1));
            assertFalse(refused.allowed());
            assertEquals(50, refused.retryAfterSeconds());
            assertEquals(Instant.parse("2026-01-01T10:01:00Z").getEpochSecond(), refused.resetEpochSeconds());
            assertTrue(limiter.acquire("ip:b", 3, Duration.ofMinutes(1)).allowed(), "buckets are independent");

            clock.advance(Duration.ofSeconds(50));
            assertTrue(limiter.acquire("ip:a", 3, Duration.ofMinutes(1)).allowed());
            assertEquals(3, db.queryLong("SELECT count(*) FROM rate_windows"));
            clock.advance(HOUR);
            limiter.evictExpired(HOUR);
            assertEquals(1, db.queryLong("SELECT count(*) FROM rate_windows"), "only the window that began an hour ago");
        }
    }

    @Test
    void acquireAll_countsEveryUseOrNone() throws Exception {
        MutableClock clock = new MutableClock(Instant.parse("2026-01-01T10:00:10Z"), ZoneOffset.UTC);
        try (Database db = Postgres.shared().freshDatabase().open(2)) {
            RateLimiterTest.assertAcquireAllCountsEveryUseOrNone(App.limiter(db, clock));
        }
    }

    @Test
    void limiter_onSqlite_keepsItsCountsInMemory() throws Exception {
        try (Database db = DataFolder.openDatabase(dir, "NORMAL", 2)) {
            RateLimiter limiter = App.limiter(db, Clock.systemUTC());
            assertInstanceOf(MemoryRateLimiter.class, limiter);
            limiter.acquire("key:1", 5, HOUR);
            assertEquals(0, db.queryLong("SELECT count(*) FROM rate_windows"));
        }
    }

    @Test
    void keyLimit_twoServersOnOneDatabase_twentyAnsweredAcrossBoth() throws Exception {
        Postgres.Database pg = Postgres.shared().freshDatabase();
        try (TestServer one = TestServer.start(dir, pg.settings()); TestServer two = TestServer.start(dir, pg.settings())) {
            Account a = one.account("alice@example.com", false, 20);
            List<TestServer> servers = List.of(one, two);
            List<HttpResponse<String>> answers = Race.run(40, 8, i -> servers.get(i % 2).get("stats", a.full()));

            assertEquals(20, answers.stream().filter(r -> r.statusCode() == 200).count());
            assertEquals(20, answers.stream().filter(r -> r.statusCode() == 429).count());
            assertEquals(429, two.get("stats", a.full()).statusCode());
            assertEquals("0", one.get("stats", a.full()).headers().firstValue("X-RateLimit-Remaining").orElseThrow());
        }
    }
}
