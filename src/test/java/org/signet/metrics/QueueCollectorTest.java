package org.signet.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.TestServer.expectObject;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.support.ApiFlow;
import org.signet.support.Party;
import org.signet.support.SignetFixture;
import org.signet.support.TestServer;
import org.signet.support.WebhookReceiver;

/**
 * The queue figures of {@code /metrics} on a real server: they rise while the mail server or the
 * webhook receiver is down, or the files a seal needs cannot be read, the oldest item's age follows
 * the clock, and both fall to 0 once the other side is back and the queue drains. Every figure is
 * read by scraping, as Prometheus would.
 */
class QueueCollectorTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.stopped();

    private static final String MAIL_DEPTH = "signet_queue_depth{queue=\"mail\"}";
    private static final String MAIL_AGE = "signet_queue_oldest_age_seconds{queue=\"mail\"}";
    private static final String HOOK_DEPTH = "signet_queue_depth{queue=\"webhooks\"}";
    private static final String HOOK_AGE = "signet_queue_oldest_age_seconds{queue=\"webhooks\"}";
    private static final String SEAL_DEPTH = "signet_queue_depth{queue=\"seals\"}";
    private static final String SEAL_AGE = "signet_queue_oldest_age_seconds{queue=\"seals\"}";

    private final List<AutoCloseable> open = new ArrayList<>();

    @AfterEach
    void stop() throws Exception {
        for (int i = open.size() - 1; i >= 0; i--) {
            open.get(i).close();
        }
    }

    @Test
    void mailQueue_smtpDown_depthAndAgeRise_thenDrainOnceItIsBack() throws Exception {
        int port = freePort();
        TestServer server = signet.start("smtp.host=127.0.0.1", "smtp.port=" + port, "smtp.starttls=false",
                "smtp.from=Signet <signet@example.org>");
        ApiFlow flow = signet.flow("olivia@example.org", false);
        assertEquals(0, Scrape.of(signet.server()).value(MAIL_DEPTH));
        String doc = flow.upload("Held back", 1);
        flow.addSignerWithSignatureField(doc, "ann@example.org");
        flow.send(doc);
        signet.server().app.mailSender().runOnce();

        Scrape.awaitValue(signet.server(), "signet_mail_delivery_failures_total", v -> v >= 1, "a failed attempt counted");
        assertEquals(1, Scrape.of(signet.server()).value(MAIL_DEPTH), "the invitation waits");
        signet.clock().advance(Duration.ofMinutes(10));
        assertEquals(600, Scrape.of(signet.server()).value(MAIL_AGE), "queued ten minutes ago by the clock");

        GreenMail back = new GreenMail(new ServerSetup(port, "127.0.0.1", ServerSetup.PROTOCOL_SMTP));
        back.start();
        open.add(back::stop);
        signet.server().app.mailSender().runOnce();

        Scrape.awaitValue(signet.server(), MAIL_DEPTH, v -> v == 0, "the queue drained");
        assertEquals(0, Scrape.of(signet.server()).value(MAIL_AGE));
        assertEquals(1, back.getReceivedMessages().length);
    }

    @Test
    void webhookQueue_receiverDown_depthAndAgeRise_thenDrainOnceItIsBack() throws Exception {
        TestServer server = signet.start("webhooks.allow_private=true");
        ApiFlow flow = signet.flow();
        // Nothing listens on the port yet: each attempt is refused at once.
        Socket down = WebhookReceiver.holdPort(0);
        int port = down.getLocalPort();
        expectObject(201, flow.post("webhooks", Map.of("url", "http://127.0.0.1:" + port + "/hook",
                "events", List.of("document.created"))));
        flow.upload("Lease", 1);
        signet.server().app.webhookDeliverer().runOnce();

        Scrape.awaitValue(signet.server(), "signet_webhook_delivery_failures_total", v -> v >= 1, "a failed attempt counted");
        assertEquals(1, Scrape.of(signet.server()).value(HOOK_DEPTH), "the delivery waits");
        signet.clock().advance(Duration.ofMinutes(3));
        assertEquals(180, Scrape.of(signet.server()).value(HOOK_AGE));

        WebhookReceiver back = WebhookReceiver.startOn(down);
        open.add(back::close);
        signet.server().app.webhookDeliverer().runOnce();

        Scrape.awaitValue(signet.server(), HOOK_DEPTH, v -> v == 0, "the queue drained");
        assertEquals(0, Scrape.of(signet.server()).value(HOOK_AGE));
        assertEquals("document.created", back.next(Duration.ofSeconds(10)).event());
    }

    @Test
    void sealQueue_filesUnreadable_depthAndAgeRise_thenDrainOnceTheyAreBack() throws Exception {
        TestServer server = signet.start();
        ApiFlow flow = signet.flow();
        String doc = flow.upload("Lease", 1);
        Party ann = flow.addSignerWithSignatureField(doc, "ann@example.org");
        flow.send(doc);
        server.hideStoredBytes();
        flow.sign(ann.token());

        Scrape.awaitValue(signet.server(), "signet_seal_failures_total", v -> v >= 1, "a failed sealing attempt counted");
        assertEquals(1, Scrape.of(signet.server()).value(SEAL_DEPTH), "the completed document waits for its seal");
        signet.clock().advance(Duration.ofSeconds(90));
        assertEquals(90, Scrape.of(signet.server()).value(SEAL_AGE));

        server.showStoredBytes();
        signet.server().app.completion().sealPending();

        Scrape.awaitValue(signet.server(), SEAL_DEPTH, v -> v == 0, "the queue drained");
        assertEquals(0, Scrape.of(signet.server()).value(SEAL_AGE));
        assertTrue(flow.document(doc).get("signed_file_hash") instanceof String);
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
