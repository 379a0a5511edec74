package org.signet.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.support.MutableClock;
import org.signet.support.TestServer;
import org.signet.support.TestServer.Account;

class RateLimiterTest {
    @TempDir
    Path dir;

    @Test
    void acquire_refusesPastTheLimitUntilTheWindowEnds() {
        MutableClock clock = new MutableClock(Instant.parse("2026-01-01T10:00:10Z"), ZoneOffset.UTC);
        RateLimiter limiter = new MemoryRateLimiter(clock);
        for (int i = 1; i <= 3; i++) {
            RateLimiter.Decision d = limiter.acquire("k", 3, Duration.ofMinutes(1));
            assertTrue(d.allowed());
            assertEquals(3 - i, d.remaining());
        }
        RateLimiter.Decision refused = limiter.acquire("k", 3, Duration.ofMinutes(1));
        assertFalse(refused.allowed());
        assertEquals(50, refused.retryAfterSeconds());
        assertEquals(Instant.parse("2026-01-01T10:01:00Z").getEpochSecond(), refused.resetEpochSeconds());
        assertTrue(limiter.acquire("other", 3, Duration.ofMinutes(1)).allowed(), "buckets are independent");
        clock.advance(Duration.ofSeconds(50));
        assertTrue(limiter.acquire("k", 3, Duration.ofMinutes(1)).allowed());
    }

    @Test
    void acquireAll_countsEveryUseOrNone() {
        assertAcquireAllCountsEveryUseOrNone(new MemoryRateLimiter(
                new MutableClock(Instant.parse("2026-01-01T10:00:10Z"), ZoneOffset.UTC)));
    }

    /** On a limiter whose clock stands at 10:00:10, in a window of its own: uses that fit are counted, more are refused whole. */
    static void assertAcquireAllCountsEveryUseOrNone(RateLimiter limiter) {
        Duration hour = Duration.ofHours(1);
        assertTrue(limiter.acquire("key:9", 10, hour).allowed());

        RateLimiter.Decision tooMany = limiter.acquireAll("key:9", 10, hour, 10);
        assertFalse(tooMany.allowed());
        assertEquals(9, tooMany.remaining(), "a refusal counts nothing");
        assertEquals(3590, tooMany.retryAfterSeconds());
        assertFalse(limiter.acquireAll("key:9", 10, hour, 11).allowed(), "more than the whole limit");

        RateLimiter.Decision fits = limiter.acquireAll("key:9", 10, hour, 9);
        assertTrue(fits.allowed());
        assertEquals(0, fits.remaining());
        assertFalse(limiter.acquire("key:9", 10, hour).allowed(), "the nine were counted");
        assertTrue(limiter.acquireAll("key:new", 10, hour, 10).allowed(), "a window not begun yet takes the whole limit");
    }

    @Test
    void keyLimit_sixthCallOfAFivePerHourKeyIs429WithHeaders() throws Exception {
        try (TestServer server = TestServer.start(dir)) {
            Account a = server.account("alice@example.com", false, 5);
            for (int i = 1; i <= 5; i++) {
                HttpResponse<String> r = server.get("stats", a.full());
                assertEquals(200, r.statusCode());
                assertEquals("5", r.headers().firstValue("X-RateLimit-Limit").orElseThrow());
                assertEquals(String.valueOf(5 - i), r.headers().firstValue("X-RateLimit-Remaining").orElseThrow());
                long reset = Long.parseLong(r.headers().firstValue("X-RateLimit-Reset").orElseThrow());
                assertTrue(reset > Instant.now().getEpochSecond() && reset <= Instant.now().getEpochSecond() + 3600);
            }
            HttpResponse<String> sixth = server.get("stats", a.full());
            assertEquals(429, sixth.statusCode());
            assertEquals("rate_limit_exceeded", TestServer.code(sixth));
            long retryAfter = Long.parseLong(sixth.headers().firstValue("Retry-After").orElseThrow());
            assertEquals(retryAfter, ((Number) TestServer.data(sixth).get("retry_after")).longValue());
            assertTrue(retryAfter >= 1 && retryAfter <= 3600);
            assertEquals("0", sixth.headers().firstValue("X-RateLimit-Remaining").orElseThrow());
            assertEquals(200, server.get("stats", a.read()).statusCode(), "the limit is per key");
        }
    }

    @Test
    void ipLimit_coversRestRequestsWithAndWithoutCredentialsButNotHealthz() throws Exception {
        try (TestServer server = TestServer.start(dir, midMinute(), "ratelimit.ip_per_minute=3")) {
            Account a = server.account("alice@example.com", false);
            assertEquals(200, server.get("stats", a.full()).statusCode());
            assertEquals(401, server.get("stats", null).statusCode());
            assertEquals(404, server.get("nowhere", a.full()).statusCode());
            HttpResponse<String> fourth = server.get("stats", a.full());
            assertEquals(429, fourth.statusCode());
            assertTrue(fourth.headers().firstValue("Retry-After").isPresent());
            assertEquals(200, server.send(server.request("/healthz", null).build()).statusCode());
        }
    }

    @Test
    void ipLimit_trustedProxyMeansTheForwardedAddressIsTheClient() throws Exception {
        try (TestServer server = TestServer.start(dir, midMinute(), "ratelimit.ip_per_minute=2", "trusted_proxies=127.0.0.1")) {
            Account a = server.account("alice@example.com", false);
            for (String client : new String[] {"203.0.113.7", "203.0.113.8"}) {
                for (int i = 0; i < 2; i++) {
                    assertEquals(200, server.send(server.request("stats", a.full())
                            .header("X-Forwarded-For", "10.9.9.9, " + client).build()).statusCode());
                }
            }
            assertEquals(429, server.send(server.request("stats", a.full())
                    .header("X-Forwarded-For", "203.0.113.7").build()).statusCode());
        }
    }

    @Test
    void ipLimit_429_carriesTheAddresssLimitInHeadersAndTheEnvelope() throws Exception {
        try (TestServer server = TestServer.start(dir, midMinute(), "ratelimit.ip_per_minute=1")) {
            assertEquals(401, server.get("stats", null).statusCode());
            HttpResponse<String> second = server.get("stats", null);

            assertEquals(429, second.statusCode());
            assertEquals(429, ((Number) TestServer.data(second).get("status")).intValue());
            assertEquals("30", second.headers().firstValue("Retry-After").orElseThrow());
            assertEquals("1", second.headers().firstValue("X-RateLimit-Limit").orElseThrow());
            assertEquals("0", second.headers().firstValue("X-RateLimit-Remaining").orElseThrow());
            assertTrue(second.headers().firstValue("X-RateLimit-Reset").isPresent());
        }
    }

    @Test
    void keyLimit_refusalAfterTheKeyIsAccepted_stillCarriesTheKeysLimit() throws Exception {
        try (TestServer server = TestServer.start(dir)) {
            Account a = server.account("alice@example.com", false, 5);
            HttpResponse<String> noRoute = server.get("nowhere", a.full());
            HttpResponse<String> readOnly = server.send("POST", "documents/1/send", a.read(), "{}");

            assertEquals(404, noRoute.statusCode());
            assertEquals("rest_no_route", TestServer.code(noRoute));
            assertEquals("5", noRoute.headers().firstValue("X-RateLimit-Limit").orElseThrow());
            assertEquals("4", noRoute.headers().firstValue("X-RateLimit-Remaining").orElseThrow());
            assertEquals(403, readOnly.statusCode());
            assertTrue(readOnly.headers().firstValue("X-RateLimit-Limit").isPresent());
            assertTrue(server.get("stats", null).headers().firstValue("X-RateLimit-Limit").isEmpty(),
                    "a request refused before its key is known shows no key's limit");
        }
    }

    /** A clock that stands still inside a minute, so the per-minute window cannot turn between the requests. */
    private static MutableClock midMinute() {
        return new MutableClock(Instant.parse("2026-01-01T10:00:30Z"), ZoneOffset.UTC);
    }
}
