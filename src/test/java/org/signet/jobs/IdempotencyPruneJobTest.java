package org.signet.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.signet.support.TestServer.code;
import static org.signet.support.TestServer.expect;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.support.SignetFixture;
import org.signet.support.TestServer;
import org.signet.support.TestServer.Account;

/** A request kept under an idempotency key is forgotten after 24 hours, by the job or at the key's next use. */
class IdempotencyPruneJobTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running("webhooks.allow_private=true")
            .at(Instant.parse("2030-06-01T12:00:00Z"));

    Account alice;

    @BeforeEach
    void start() throws Exception {
        alice = signet.server().account("alice@example.com", false);
    }

    private HttpResponse<String> webhook(String key, String url) {
        return signet.server().send(signet.server().request("webhooks", alice.full()).header("Idempotency-Key", key)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"url\":\"" + url + "\",\"events\":[\"*\"]}")).build());
    }

    @Test
    void runOnce_requestsOlderThanADay_forgottenAndTheirKeysFree() {
        expect(201, webhook("k1", "http://127.0.0.1:9/one"));
        signet.clock().advance(Duration.ofHours(12));
        expect(201, webhook("k2", "http://127.0.0.1:9/two"));
        signet.clock().advance(Duration.ofHours(12));
        assertEquals(0, signet.server().app.idempotencyPruneJob().runOnce(), "exactly a day old is kept");
        assertEquals("idempotency_key_reused", code(expect(422, webhook("k1", "http://127.0.0.1:9/three"))));
        signet.clock().advance(Duration.ofSeconds(1));
        assertEquals(1, signet.server().app.idempotencyPruneJob().runOnce());
        HttpResponse<String> fresh = expect(201, webhook("k1", "http://127.0.0.1:9/three"));
        assertFalse(fresh.headers().firstValue("Idempotent-Replayed").isPresent(), "it ran");
        assertEquals("true", webhook("k2", "http://127.0.0.1:9/two").headers().firstValue("Idempotent-Replayed")
                .orElse(""), "the younger one is still kept");
    }

    @Test
    void post_keyOlderThanADayBeforeTheJobRan_runsAfresh() {
        expect(201, webhook("k1", "http://127.0.0.1:9/one"));
        signet.clock().advance(Duration.ofHours(24).plusSeconds(1));
        HttpResponse<String> again = expect(201, webhook("k1", "http://127.0.0.1:9/one"));
        assertFalse(again.headers().firstValue("Idempotent-Replayed").isPresent(), "a day later it runs again");
        assertEquals(0, signet.server().app.idempotencyPruneJob().runOnce(), "the new request is today's");
    }
}
