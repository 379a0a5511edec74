package org.signet.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.TestServer.expectObject;

import java.net.Socket;
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

/**
 * Delivery over real HTTP to a real receiver: retries under the same id, a receiver that is down
 * across a restart of Signet, per-document order while an earlier event is retrying, redirects.
 * Time is driven by a test clock; nothing waits for a retry delay.
 */
class WebhookDelivererTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running("webhooks.allow_private=true");

    private static final Duration WAIT = Duration.ofSeconds(10);

    private ApiFlow flow;
    private WebhookReceiver receiver;
    private String webhookId;
    private String secret;

    @BeforeEach
    void start() throws Exception {
        flow = signet.flow();
        receiver = WebhookReceiver.start();
        register(List.of("document.created", "document.sent", "document.deleted"));
    }

    @AfterEach
    void stop() {
        receiver.close();
    }

    private void register(List<String> events) {
        Map<String, Object> made = expectObject(201, flow.post("webhooks", Map.of("url", receiver.url(), "events", events)));
        webhookId = (String) made.get("id");
        secret = (String) made.get("secret");
    }

    private void deliverDue() {
        signet.server().app.webhookDeliverer().runOnce();
    }

    private Map<String, Object> delivery(String id) {
        return expectObject(200, flow.get("webhooks/" + webhookId + "/deliveries/" + id));
    }

    /** The delivery once its attempt number {@code n} is recorded (the receiver hears it a moment before). */
    private Map<String, Object> afterAttempt(String id, int n) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (true) {
            Map<String, Object> d = delivery(id);
            if (((Number) d.get("attempts")).intValue() >= n) {
                return d;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("attempt " + n + " of delivery " + id + " not recorded: " + d);
            }
            Thread.onSpinWait();
        }
    }

    @Test
    void retry_500Then200_sameDeliveryTwiceWithTheSameBytes() {
        receiver.answer(500);
        String doc = flow.upload("Lease", 1);

        WebhookReceiver.Received first = receiver.next(WAIT);
        assertEquals("pending", afterAttempt(first.delivery(), 1).get("status"));
        signet.clock().advance(Duration.ofSeconds(61));
        deliverDue();
        WebhookReceiver.Received second = receiver.next(WAIT);

        assertEquals(first.delivery(), second.delivery());
        assertEquals(new String(first.body()), new String(second.body()));
        assertTrue(second.signedWith(secret));
        assertEquals("document.created", second.event());
        assertEquals(doc, second.data().get("document_id"));
        Map<String, Object> record = afterAttempt(second.delivery(), 2);
        assertEquals("delivered", record.get("status"));
        assertEquals(2L, ((Number) record.get("attempts")).longValue());
        List<?> log = (List<?>) record.get("attempts_log");
        assertEquals(500L, ((Number) ((Map<?, ?>) log.get(0)).get("response_status")).longValue());
        assertEquals(200L, ((Number) ((Map<?, ?>) log.get(1)).get("response_status")).longValue());
    }

    @Test
    void retry_notYetDue_notAttempted() {
        receiver.answer(500);
        flow.upload("Lease", 1);
        String id = receiver.next(WAIT).delivery();
        afterAttempt(id, 1);

        signet.clock().advance(Duration.ofSeconds(30));
        deliverDue();

        assertEquals(1L, ((Number) delivery(id).get("attempts")).longValue());
        assertTrue(receiver.drain().isEmpty());
    }

    @Test
    void retries_exhausted_failedAfterEightAttempts() {
        receiver.answer(500, 500, 500, 500, 500, 500, 500, 500);
        flow.upload("Lease", 1);
        String id = receiver.next(WAIT).delivery();

        int attempts = 1;
        for (Duration d : WebhookDeliverer.RETRY_DELAYS) {
            afterAttempt(id, attempts++);
            signet.clock().advance(d.plusSeconds(1));
            deliverDue();
            assertEquals(id, receiver.next(WAIT).delivery());
        }

        Map<String, Object> record = afterAttempt(id, 8);
        assertEquals("failed", record.get("status"));
        assertEquals(8L, ((Number) record.get("attempts")).longValue());
    }

    @Test
    void receiverDown_eventsWaitAndGoOutAfterARestartOfSignet() throws Exception {
        Socket down = receiver.closeHoldingPort();
        String doc = flow.upload("Lease", 1);
        flow.addSignerWithSignatureField(doc, "ann@example.org");
        flow.send(doc);

        signet.start();
        flow = signet.flow();
        receiver = WebhookReceiver.startOn(down);
        signet.clock().advance(Duration.ofMinutes(6));
        deliverDue();

        WebhookReceiver.Received created = receiver.next(WAIT);
        assertEquals("document.created", created.event());
        assertTrue(created.signedWith(secret));
        afterAttempt(created.delivery(), 1);
        deliverDue();
        assertEquals("document.sent", receiver.next(WAIT).event());
    }

    @Test
    void order_laterEventWaitsWhileAnEarlierOneIsRetrying() {
        receiver.answer(500);
        String doc = flow.upload("Lease", 1);
        afterAttempt(receiver.next(WAIT).delivery(), 1);
        flow.addSignerWithSignatureField(doc, "ann@example.org");
        flow.send(doc);
        deliverDue();
        assertTrue(receiver.drain().isEmpty(), "document.sent must wait for document.created");

        signet.clock().advance(Duration.ofSeconds(61));
        deliverDue();
        deliverDue();

        assertEquals("document.created", receiver.next(WAIT).event());
        assertEquals("document.sent", receiver.next(WAIT).event());
    }

    @Test
    void order_otherDocumentsEventsDoNotWait() {
        receiver.answer(500);
        flow.upload("First", 1);
        afterAttempt(receiver.next(WAIT).delivery(), 1);

        String second = flow.upload("Second", 1);
        deliverDue();

        WebhookReceiver.Received r = receiver.next(WAIT);
        assertEquals(second, r.data().get("document_id"));
    }

    @Test
    void redirect_notFollowed() throws Exception {
        try (WebhookReceiver elsewhere = WebhookReceiver.start()) {
            receiver.redirectTo(elsewhere.url());
            flow.upload("Lease", 1);

            String id = receiver.next(WAIT).delivery();

            Map<String, Object> record = afterAttempt(id, 1);
            assertEquals("pending", record.get("status"));
            assertEquals(302L, ((Number) record.get("response_status")).longValue());
            assertTrue(elsewhere.drain().isEmpty(), "the redirect was followed");
        }
    }

    @Test
    void deletedDocument_itsUndeliveredEventsStillGoOut() {
        receiver.answer(500);
        String doc = flow.upload("Lease", 1);
        afterAttempt(receiver.next(WAIT).delivery(), 1);

        expectObject(200, flow.delete("documents/" + doc));
        signet.clock().advance(Duration.ofSeconds(61));
        deliverDue();
        deliverDue();

        assertEquals("document.created", receiver.next(WAIT).event());
        assertEquals("document.deleted", receiver.next(WAIT).event());
    }

    @Test
    void pausedWebhook_holdsItsQueueUntilActiveAgain() {
        receiver.answer(500);
        flow.upload("Lease", 1);
        String id = receiver.next(WAIT).delivery();
        afterAttempt(id, 1);
        expectObject(200, flow.put("webhooks/" + webhookId, Map.of("active", false)));

        signet.clock().advance(Duration.ofMinutes(2));
        deliverDue();
        flow.upload("Second", 1);
        deliverDue();
        assertTrue(receiver.drain().isEmpty(), "a paused webhook hears nothing");

        expectObject(200, flow.put("webhooks/" + webhookId, Map.of("active", true)));
        deliverDue();
        assertEquals(id, receiver.next(WAIT).delivery());
        assertEquals("delivered", afterAttempt(id, 2).get("status"));
    }

    @Test
    void deletedWebhook_noMoreDeliveries() {
        receiver.answer(500);
        flow.upload("Lease", 1);
        afterAttempt(receiver.next(WAIT).delivery(), 1);

        flow.delete("webhooks/" + webhookId);
        signet.clock().advance(Duration.ofMinutes(2));
        deliverDue();

        assertTrue(receiver.drain().isEmpty());
    }
}
