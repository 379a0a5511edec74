package org.signet.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.error.Refusal;
import org.signet.store.ApiKeyStore;
import org.signet.store.Database;
import org.signet.support.RoutesOnHttp;

/**
 * What an idempotency key does not keep, on routes of the test's own that fail on purpose (Signet's own
 * routes fail with a 5xx only when something breaks): a 5xx or 429 first answer lets the key go, so a
 * retry runs again; a body the handler ignored is still fingerprinted whole.
 */
class IdempotentPostsFailuresTest {
    @TempDir
    Path dir;
    Database db;
    RoutesOnHttp http;
    ApiKeyStore.Created key;
    final AtomicInteger runs = new AtomicInteger();
    final HttpClient client = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY).build();

    @BeforeEach
    void start() throws Exception {
        Router rest = new Router();
        rest.post("/crash-once", req -> {
            req.json();
            if (runs.incrementAndGet() == 1) {
                throw new IllegalStateException("the first run breaks");
            }
            return Response.created(Map.of("run", runs.get()));
        });
        rest.post("/unavailable-once", req -> {
            req.json();
            if (runs.incrementAndGet() == 1) {
                throw new Refusal(Refusal.Kind.UNAVAILABLE, "busy", "Busy; retry later.", Map.of("retry_after", 1));
            }
            return Response.created(Map.of("run", runs.get()));
        });
        rest.post("/throttled-once", req -> {
            req.json();
            if (runs.incrementAndGet() == 1) {
                throw Refusal.tooMany("rate_limit_exceeded", "Too many.", 1);
            }
            return Response.created(Map.of("run", runs.get()));
        });
        rest.post("/ignores-body", req -> Response.created(Map.of("run", runs.incrementAndGet())));
        http = RoutesOnHttp.start(dir, rest);
        key = http.key();
        db = http.db();
    }

    @AfterEach
    void stop() {
        http.close();
    }

    private HttpResponse<String> post(String path, String body) throws Exception {
        HttpRequest r = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + http.port() + "/wp-json/wpsigner/v1" + path))
                .header("X-WPS-API-Key", key.key().key()).header("X-WPS-API-Secret", key.secret())
                .header(IdempotentPosts.HEADER, "retry-me").header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
        return client.send(r, HttpResponse.BodyHandlers.ofString());
    }

    private long keysHeld() {
        return db.queryLong("SELECT COUNT(*) FROM idempotency_keys");
    }

    @Test
    void post_firstAnswerA500_isForgottenSoTheRetryRuns() throws Exception {
        assertEquals(500, post("/crash-once", "{}").statusCode());
        assertEquals(0, keysHeld(), "the key was let go");
        HttpResponse<String> retry = post("/crash-once", "{}");
        assertEquals(201, retry.statusCode(), retry.body());
        assertFalse(retry.headers().firstValue(IdempotentPosts.REPLAYED).isPresent(), "it ran");
        assertEquals(2, runs.get());
        HttpResponse<String> again = post("/crash-once", "{}");
        assertEquals("true", again.headers().firstValue(IdempotentPosts.REPLAYED).orElse(""));
        assertEquals(retry.body(), again.body());
        assertEquals(2, runs.get(), "the success is kept");
    }

    @Test
    void post_firstAnswerA503Or429_isForgottenSoTheRetryRuns() throws Exception {
        for (String path : new String[] {"/unavailable-once", "/throttled-once"}) {
            runs.set(0);
            int first = post(path, "{}").statusCode();
            assertTrue(first == 503 || first == 429, path + " " + first);
            assertEquals(201, post(path, "{\"a\":1}").statusCode(), path + ": another body is no reuse, nothing was kept");
            db.update("DELETE FROM idempotency_keys");
        }
    }

    @Test
    void post_bodyTheHandlerIgnored_isStillPartOfTheFingerprint() throws Exception {
        assertEquals(201, post("/ignores-body", "{\"n\":1}").statusCode());
        assertEquals("true", post("/ignores-body", "{\"n\":1}").headers().firstValue(IdempotentPosts.REPLAYED).orElse(""));
        HttpResponse<String> other = post("/ignores-body", "{\"n\":2}");
        assertEquals(422, other.statusCode(), other.body());
        assertTrue(other.body().contains("\"idempotency_key_reused\""), other.body());
        assertEquals(1, runs.get());
    }

    @Test
    void post_bodyLongerThanTheFirst_isAnotherRequest() throws Exception {
        assertEquals(201, post("/ignores-body", "{}").statusCode());
        assertEquals(422, post("/ignores-body", "{}" + " ".repeat(1000)).statusCode());
        assertEquals(1, runs.get());
    }
}
