package org.signet.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.time.Clock;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.signet.domain.WebhookDelivery;
import org.signet.support.WebhookReceiver;

/** One attempt over real HTTP: headers and signature, the guard checked again at delivery time, answers kept short. */
class WebhookSenderTest {
    private WebhookReceiver receiver;
    private final WebhookDelivery delivery = new WebhookDelivery(7, 1, 3L, "document.sent",
            "{\"document_id\":\"3\"}", WebhookDelivery.Status.PENDING, 0, null, 1_900_000_000L, null, 1_900_000_000L);

    @BeforeEach
    void start() throws Exception {
        receiver = WebhookReceiver.start();
    }

    @AfterEach
    void stop() {
        receiver.close();
    }

    @Test
    void send_allowed_signedBodyWithItsHeaders() {
        WebhookSender sender = new WebhookSender(new WebhookUrls(true), "1.2.3", Clock.systemUTC());

        WebhookDelivery.Attempt a = sender.send(receiver.url(), WebhookRequest.of(delivery, "whsec_test"));

        assertNull(a.error());
        assertEquals(200, a.responseStatus());
        WebhookReceiver.Received r = receiver.next(Duration.ofSeconds(5));
        assertTrue(r.signedWith("whsec_test"));
        assertEquals("7", r.delivery());
        assertEquals("document.sent", r.event());
        assertEquals("Signet-Webhooks/1.2.3", r.userAgent());
        assertEquals("{\"id\":\"7\",\"event\":\"document.sent\",\"timestamp\":\"2030-03-17T17:46:40Z\","
                + "\"data\":{\"document_id\":\"3\"}}", new String(r.body()));
    }

    @Test
    void send_nameNowResolvingToLoopback_notSent() {
        WebhookUrls rebound = new WebhookUrls(false, host -> new InetAddress[] {InetAddress.getLoopbackAddress()});
        WebhookSender sender = new WebhookSender(rebound, "1", Clock.systemUTC());

        WebhookDelivery.Attempt a = sender.send(receiver.url().replace("127.0.0.1", "hooks.example.com"),
                WebhookRequest.of(delivery, "s"));

        assertTrue(a.error().startsWith("Not sent"), a.error());
        assertNull(a.responseStatus());
        assertTrue(receiver.drain().isEmpty());
    }

    @Test
    void send_receiverAnswersLong_excerptAtMostOneKilobyte() throws Exception {
        receiver.answer(500);
        WebhookSender sender = new WebhookSender(new WebhookUrls(true), "1", Clock.systemUTC());

        WebhookDelivery.Attempt a = sender.send(receiver.url(), WebhookRequest.of(delivery, "s"));

        assertEquals(500, a.responseStatus());
        assertEquals("The receiver answered 500.", a.error());
        assertTrue(a.responseExcerpt().length() <= 1024);
    }

    @Test
    void send_nobodyListening_failedAttemptWithoutStatus() {
        int port = receiver.port();
        receiver.close();
        WebhookSender sender = new WebhookSender(new WebhookUrls(true), "1", Clock.systemUTC());

        WebhookDelivery.Attempt a = sender.send("http://127.0.0.1:" + port + "/hook", WebhookRequest.of(delivery, "s"));

        assertNull(a.responseStatus());
        assertTrue(a.error().startsWith("Could not deliver"), a.error());
    }
}
