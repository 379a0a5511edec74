package org.signet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.TestServer.array;
import static org.signet.support.TestServer.code;
import static org.signet.support.TestServer.data;
import static org.signet.support.TestServer.expectObject;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.support.ApiFlow;
import org.signet.support.SignetFixture;
import org.signet.support.TestServer;
import org.signet.support.WebhookReceiver;

/** Registration, ownership, secrets, validation, the test ping and the delivery log (see docs/api/webhooks.md, Endpoints), over a running Signet. */
class WebhooksApiTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running("webhooks.allow_private=true");

    private ApiFlow owner;
    private ApiFlow other;
    private ApiFlow admin;
    private WebhookReceiver receiver;

    @BeforeEach
    void start() throws Exception {
        owner = signet.flow();
        other = signet.flow("other@example.org", false);
        admin = signet.flow("admin@example.org", true);
        receiver = WebhookReceiver.start();
    }

    @AfterEach
    void stop() {
        receiver.close();
    }

    private Map<String, Object> register(ApiFlow flow, Object events) {
        return expectObject(201, flow.post("webhooks", Map.of("url", receiver.url(), "events", events)));
    }

    @Test
    void create_validWebhook_201WithSecretShownOnce() {
        Map<String, Object> made = register(owner, List.of("document.completed", "signer.signed"));

        assertTrue(((String) made.get("secret")).startsWith("whsec_"));
        assertEquals(receiver.url(), made.get("url"));
        assertEquals(List.of("document.completed", "signer.signed"), made.get("events"));
        assertEquals(true, made.get("active"));
        assertTrue(made.get("id") instanceof String);
        Map<String, Object> read = expectObject(200, owner.get("webhooks/" + made.get("id")));
        assertFalse(read.containsKey("secret"), "the secret is shown only at creation");
        assertFalse(array(owner.get("webhooks")).toString().contains((String) made.get("secret")));
    }

    @Test
    void create_unknownEventOrBadShape_400NamingEvents() {
        for (Object events : List.of(List.of("document.exploded"), List.of(), "document.sent", List.of(1))) {
            HttpResponse<String> r = owner.post("webhooks", Map.of("url", receiver.url(), "events", events));
            assertEquals(400, r.statusCode(), events.toString());
            assertEquals("rest_invalid_param", code(r));
            assertTrue(((Map<?, ?>) data(r).get("params")).containsKey("events"));
        }
        assertEquals(0, array(owner.get("webhooks")).size(), "nothing was registered");
    }

    @Test
    void create_missingUrlAndEvents_400ListingBoth() {
        HttpResponse<String> r = owner.post("webhooks", Map.of());

        assertEquals("rest_missing_callback_param", code(r));
        assertEquals(List.of("url", "events"), data(r).get("params"));
    }

    @Test
    void create_notHttp_400InvalidWebhookUrl() {
        for (String url : List.of("ftp://example.org/x", "file:///etc/passwd", "nonsense")) {
            HttpResponse<String> r = owner.post("webhooks", Map.of("url", url, "events", List.of("*")));
            assertEquals(400, r.statusCode(), url);
            assertEquals("invalid_webhook_url", code(r), url);
        }
    }

    @Test
    void create_privateAddressWithoutAllowPrivate_400() throws Exception {
        try (TestServer plain = TestServer.start(signet.dir().resolve("strict"), signet.clock())) {
            ApiFlow strict = new ApiFlow(plain, plain.account("s@example.org", false).full(), signet.clock());
            for (String url : List.of("http://127.0.0.1:9/hook", "http://10.0.0.8/hook", "http://[::1]/hook",
                    "http://[::ffff:192.168.1.1]/hook", "http://localhost/hook")) {
                HttpResponse<String> r = strict.post("webhooks", Map.of("url", url, "events", List.of("*")));
                assertEquals("invalid_webhook_url", code(r), url);
            }
        }
    }

    @Test
    void create_ipv6FormsCarryingLoopbackWithoutAllowPrivate_400AndPublicOnes201() throws Exception {
        try (TestServer plain = TestServer.start(signet.dir().resolve("strict"), signet.clock())) {
            ApiFlow strict = new ApiFlow(plain, plain.account("s@example.org", false).full(), signet.clock());
            for (String url : List.of("http://[64:ff9b::7f00:1]/", "http://[2002:7f00:1::]/", "http://[::ffff:0:7f00:1]/",
                    "http://[::ffff:7f00:1]/", "http://[::127.0.0.1]/", "http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/")) {
                HttpResponse<String> r = strict.post("webhooks", Map.of("url", url, "events", List.of("*")));
                assertEquals(400, r.statusCode(), url);
                assertEquals("invalid_webhook_url", code(r), url);
            }
            for (String url : List.of("http://[2002:0808:0808::]/", "http://[64:ff9b::808:808]/")) {
                assertEquals(201, strict.post("webhooks", Map.of("url", url, "events", List.of("*"))).statusCode(), url);
            }
            String id = (String) expectObject(201, strict.post("webhooks", Map.of("url", "http://[2002:5db8:d822::]/",
                    "events", List.of("*")))).get("id");
            HttpResponse<String> moved = strict.put("webhooks/" + id, Map.of("url", "http://[64:ff9b::a9fe:a9fe]/"));
            assertEquals("invalid_webhook_url", code(moved));
        }
    }

    @Test
    void ownership_otherUsersWebhook_403AndMissing404() {
        String id = (String) register(owner, List.of("*")).get("id");

        assertEquals(403, other.get("webhooks/" + id).statusCode());
        assertEquals("forbidden", code(other.put("webhooks/" + id, Map.of("active", false))));
        assertEquals(403, other.post("webhooks/" + id + "/rotate-secret", null).statusCode());
        assertEquals(403, other.get("webhooks/" + id + "/deliveries").statusCode());
        assertEquals(404, other.get("webhooks/999999").statusCode());
        assertEquals("not_found", code(owner.get("webhooks/999999")));
        assertEquals(200, admin.get("webhooks/" + id).statusCode(), "an administrator sees every webhook");
        assertEquals(0, array(other.get("webhooks")).size());
        assertEquals(1, array(admin.get("webhooks")).size());
    }

    @Test
    void update_changesOnlyWhatIsGiven() {
        String id = (String) register(owner, List.of("*")).get("id");

        Map<String, Object> updated = expectObject(200, owner.put("webhooks/" + id,
                Map.of("events", List.of("document.sent"), "active", false)));

        assertEquals(List.of("document.sent"), updated.get("events"));
        assertEquals(false, updated.get("active"));
        assertEquals(receiver.url(), updated.get("url"));
        assertEquals("rest_invalid_param", code(owner.put("webhooks/" + id, Map.of("events", List.of("nope")))));
    }

    @Test
    void rotateSecret_newSecretSignsTheNextDelivery() {
        Map<String, Object> made = register(owner, List.of("*"));
        String id = (String) made.get("id");

        Map<String, Object> rotated = expectObject(200, owner.post("webhooks/" + id + "/rotate-secret", null));

        assertNotEquals(made.get("secret"), rotated.get("secret"));
        expectObject(200, owner.post("webhooks/" + id + "/test", null));
        WebhookReceiver.Received ping = receiver.next(Duration.ofSeconds(10));
        assertTrue(ping.signedWith((String) rotated.get("secret")));
        assertFalse(ping.signedWith((String) made.get("secret")));
    }

    @Test
    void test_ping_deliveredAndAnsweredWithItsRecord() {
        Map<String, Object> made = register(owner, List.of("document.completed"));
        String id = (String) made.get("id");

        Map<String, Object> delivery = expectObject(200, owner.post("webhooks/" + id + "/test", null));

        assertEquals("ping", delivery.get("event"));
        assertEquals("delivered", delivery.get("status"));
        assertEquals(1L, ((Number) delivery.get("attempts")).longValue());
        assertEquals(200L, ((Number) delivery.get("response_status")).longValue());
        assertNull(delivery.get("next_attempt_at"));
        List<?> log = (List<?>) delivery.get("attempts_log");
        assertEquals(1, log.size());
        assertEquals("received 200", ((Map<?, ?>) log.get(0)).get("response_excerpt"));
        WebhookReceiver.Received ping = receiver.next(Duration.ofSeconds(10));
        assertEquals("ping", ping.event());
        assertEquals(delivery.get("id"), ping.delivery());
        assertEquals(delivery.get("id"), ping.json().get("id"));
        assertTrue(ping.signedWith((String) made.get("secret")));
        assertTrue(ping.userAgent().startsWith("Signet-Webhooks/"));
        assertEquals(Long.toString(signet.clock().millis() / 1000), ping.timestamp());
    }

    @Test
    void deliveries_pagedNewestFirstAndFilteredByStatus() {
        String id = (String) register(owner, List.of("*")).get("id");
        receiver.answer(500);
        owner.post("webhooks/" + id + "/test", null);
        owner.post("webhooks/" + id + "/test", null);
        owner.post("webhooks/" + id + "/test", null);

        HttpResponse<String> page = owner.get("webhooks/" + id + "/deliveries?per_page=2");
        List<Object> items = array(page);
        assertEquals("3", page.headers().firstValue("X-WP-Total").orElseThrow());
        assertEquals("2", page.headers().firstValue("X-WP-TotalPages").orElseThrow());
        assertEquals(2, items.size());
        long newest = Long.parseLong((String) ((Map<?, ?>) items.get(0)).get("id"));
        long next = Long.parseLong((String) ((Map<?, ?>) items.get(1)).get("id"));
        assertTrue(newest > next);
        List<Object> pending = array(owner.get("webhooks/" + id + "/deliveries?status=pending"));
        assertEquals(1, pending.size());
        assertEquals("500", String.valueOf(((Map<?, ?>) pending.get(0)).get("response_status")));
        assertEquals("rest_invalid_param", code(owner.get("webhooks/" + id + "/deliveries?status=lost")));
        assertEquals("rest_invalid_param", code(owner.get("webhooks/" + id + "/deliveries?per_page=101")));
    }

    @Test
    void redeliver_sameDeliveryIdAgain() {
        String id = (String) register(owner, List.of("*")).get("id");
        receiver.answer(503);
        Map<String, Object> first = expectObject(200, owner.post("webhooks/" + id + "/test", null));
        assertEquals("pending", first.get("status"));

        Map<String, Object> again = expectObject(200, owner.post("webhooks/" + id + "/deliveries/" + first.get("id")
                + "/redeliver", null));

        assertEquals(first.get("id"), again.get("id"));
        assertEquals("delivered", again.get("status"));
        assertEquals(2, ((List<?>) again.get("attempts_log")).size());
        assertEquals(first.get("id"), receiver.next(Duration.ofSeconds(10)).delivery());
        assertEquals(first.get("id"), receiver.next(Duration.ofSeconds(10)).delivery());
        assertEquals(404, owner.post("webhooks/" + id + "/deliveries/999999/redeliver", null).statusCode());
    }

    @Test
    void delete_removesTheWebhookAndItsLog() {
        String id = (String) register(owner, List.of("*")).get("id");

        assertEquals(Map.of("deleted", true, "id", id), expectObject(200, owner.delete("webhooks/" + id)));

        assertEquals(404, owner.get("webhooks/" + id).statusCode());
        assertEquals(404, owner.get("webhooks/" + id + "/deliveries").statusCode());
    }

    @Test
    void readOnlyKey_cannotRegister() {
        ApiFlow reader = new ApiFlow(signet.server(), signet.server().account("reader@example.org", false).read(),
                signet.clock());

        assertEquals(403, reader.post("webhooks", Map.of("url", receiver.url(), "events", List.of("*"))).statusCode());
    }
}
