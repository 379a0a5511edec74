package org.signet.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.SentMail.bodies;

import com.icegreen.greenmail.base.GreenMailOperations;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.internet.MimeMessage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.domain.OutboxEntry;
import org.signet.support.ApiFlow;
import org.signet.support.MutableClock;
import org.signet.support.Party;
import org.signet.support.SignetFixture;
import org.signet.support.TestServer;

/** The messages Signet mails (see docs/api/mail.md, Messages) as a real SMTP server receives them from a running Signet. */
class NotificationsTest {
    private static final String PIN = "48151623";
    /** Generous: the first SMTP connection of a JVM can take seconds (host name lookup); polling ends early. */
    private static final long WAIT_MS = 30_000;

    @RegisterExtension
    final SignetFixture signet = SignetFixture.stopped().withMail().owner("olivia@example.org");

    private final MutableClock clock = signet.clock();
    private final List<AutoCloseable> open = new ArrayList<>();
    private TestServer server;
    private ApiFlow flow;

    @AfterEach
    void stop() throws Exception {
        for (int i = open.size() - 1; i >= 0; i--) {
            open.get(i).close();
        }
    }

    private TestServer start(int smtpPort) throws Exception {
        TestServer s = TestServer.start(signet.dir(), clock, "smtp.host=127.0.0.1", "smtp.port=" + smtpPort,
                "smtp.starttls=false", "smtp.from=Signet <signet@example.org>");
        open.add(s::close);
        return s;
    }

    private void startWithGreenMail() throws Exception {
        server = signet.start();
        flow = signet.flow();
    }

    /** A sent document: Ann (with a PIN) signs first, Bob second. Returns the document id. */
    private String sentToAnnThenBob(String title) {
        String doc = flow.upload(title, 2);
        Map<String, Object> ann = new LinkedHashMap<>(ApiFlow.signerBody("Ann Lee", "ann@example.org", "signer", 1));
        ann.put("pin_code", PIN);
        String annId = (String) TestServer.object(flow.postSigner(doc, ann)).get("id");
        String bobId = flow.addSigner(doc, "Bob Stone", "bob@example.org", "signer", 2).id();
        flow.signatureFields(doc, annId, bobId);
        assertEquals(200, flow.postSend(doc).statusCode());
        return doc;
    }

    private String signingUrl(String doc, String email) {
        for (Object o : TestServer.array(flow.get("documents/" + doc + "/signers"))) {
            Map<?, ?> s = (Map<?, ?>) o;
            if (email.equals(s.get("email"))) {
                return (String) s.get("signing_url");
            }
        }
        throw new AssertionError("no signer " + email);
    }

    private static MimeMessage[] received(GreenMailOperations mail, int count) {
        assertTrue(mail.waitForIncomingEmail(WAIT_MS, count), "expected " + count + " message(s) within " + WAIT_MS
                + " ms, got " + mail.getReceivedMessages().length);
        return mail.getReceivedMessages();
    }

    private static String raw(MimeMessage m) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        m.writeTo(out);
        return out.toString(StandardCharsets.UTF_8);
    }

    private static String to(MimeMessage m) throws MessagingException {
        return m.getRecipients(Message.RecipientType.TO)[0].toString();
    }

    private static void assertNoPin(MimeMessage m) throws Exception {
        assertFalse(raw(m).contains(PIN), "PIN in " + m.getSubject());
        for (String body : bodies(m)) {
            assertFalse(body.contains(PIN), "PIN in " + m.getSubject());
        }
    }

    @Test
    void invite_sentDocument_invitationToFirstSignerWithTitleSenderAndLink() throws Exception {
        startWithGreenMail();
        String doc = sentToAnnThenBob("Lease of Unit 4");
        server.app.mailSender().runOnce();

        MimeMessage[] messages = received(signet.mail(), 1);

        assertEquals(1, messages.length, "Bob's group is not open yet");
        MimeMessage m = messages[0];
        assertTrue(to(m).contains("ann@example.org"), to(m));
        assertTrue(m.getSubject().contains("Lease of Unit 4"), m.getSubject());
        assertTrue(m.getSubject().contains("olivia"), m.getSubject());
        List<String> bodies = bodies(m);
        assertEquals(2, bodies.size(), "plain text and HTML");
        String link = signingUrl(doc, "ann@example.org");
        for (String body : bodies) {
            assertTrue(body.contains(link), body);
            assertTrue(body.contains("Lease of Unit 4"), body);
            assertFalse(body.contains(signingUrl(doc, "bob@example.org")), "Bob's link in Ann's message");
            assertTrue(body.contains("The link asks for a PIN, which olivia"), "Ann is told to expect a PIN: " + body);
        }
        assertNoPin(m);
    }

    @Test
    void invite_approver_approvalRequestFirstThenNothingElse() throws Exception {
        startWithGreenMail();
        String doc = flow.upload("Budget 2031", 2);
        String signer = flow.addSigner(doc, "Sam", "sam@example.org", "signer", 1).id();
        flow.addSigner(doc, "Alex Approver", "alex@example.org", "approver", 1).id();
        flow.signatureFields(doc, signer);
        flow.postSend(doc);
        server.app.mailSender().runOnce();

        MimeMessage m = received(signet.mail(), 1)[0];

        assertTrue(to(m).contains("alex@example.org"), to(m));
        assertTrue(m.getSubject().contains("approve") && m.getSubject().contains("Budget 2031"), m.getSubject());
        for (String body : bodies(m)) {
            assertTrue(body.contains(signingUrl(doc, "alex@example.org")), body);
            assertTrue(body.contains("approve"), body);
        }
        assertEquals(1, signet.mail().getReceivedMessages().length);
    }

    @Test
    void decline_byAnApprover_ownerToldItWasRejected() throws Exception {
        startWithGreenMail();
        String doc = flow.upload("Budget 2032", 1);
        String signer = flow.addSigner(doc, "Sam", "sam@example.org", "signer", 1).id();
        Party alex = flow.addSigner(doc, "Alex Approver", "alex@example.org", "approver", 1);
        flow.signatureFields(doc, signer);
        flow.postSend(doc);
        assertEquals(200, flow.postToLink(alex.token(), "decline", Map.of("reason", "Over budget")).statusCode());
        server.app.mailSender().runOnce();

        MimeMessage told = received(signet.mail(), 2)[1];
        assertTrue(to(told).contains("olivia@example.org"), to(told));
        assertTrue(told.getSubject().contains("Alex Approver rejected"), told.getSubject());
        for (String body : bodies(told)) {
            assertTrue(body.contains("rejected this document") && body.contains("Over budget"), body);
            assertFalse(body.contains("declined"), body);
        }
    }

    @Test
    void remind_reminderArrivesWithLinkAndWithoutPin() throws Exception {
        startWithGreenMail();
        String doc = sentToAnnThenBob("Lease of Unit 5");
        received(signet.mail(), 1);

        assertEquals(200, flow.post("documents/" + doc + "/remind", null).statusCode());

        MimeMessage[] messages = received(signet.mail(), 2);
        MimeMessage reminder = messages[1];
        assertTrue(to(reminder).contains("ann@example.org"));
        assertTrue(reminder.getSubject().startsWith("Reminder:") && reminder.getSubject().contains("Lease of Unit 5"),
                reminder.getSubject());
        for (String body : bodies(reminder)) {
            assertTrue(body.contains(signingUrl(doc, "ann@example.org")), body);
        }
        for (MimeMessage m : messages) {
            assertNoPin(m);
        }
    }

    @Test
    void invite_expiringDocument_messageSaysWhen() throws Exception {
        startWithGreenMail();
        String doc = flow.upload("Offer", 2);
        String s = flow.addSigner(doc, "Sam", "sam@example.org", "signer", 1).id();
        flow.signatureFields(doc, s);
        assertEquals(200, flow.put("documents/" + doc, Map.of("expires_at", "2030-02-01 12:00:00")).statusCode());
        flow.postSend(doc);

        MimeMessage m = received(signet.mail(), 1)[0];

        for (String body : bodies(m)) {
            assertTrue(body.contains("This request expires on February 1, 2030 at 12:00 PM (UTC)."), body);
        }
    }

    @Test
    void mailSender_smtpDown_messagesWaitThenGoOutOnceItIsBack() throws Exception {
        int port = freePort();
        server = start(port);
        flow = new ApiFlow(server, server.account("olivia@example.org", false).full(), clock);
        sentToAnnThenBob("Held back");
        server.app.mailSender().runOnce();

        OutboxEntry waiting = awaitAttempted("ann@example.org");
        assertEquals(OutboxEntry.Status.PENDING, waiting.status());

        GreenMail back = new GreenMail(new ServerSetup(port, "127.0.0.1", ServerSetup.PROTOCOL_SMTP));
        back.start();
        open.add(back::stop);
        clock.advance(Duration.ofMinutes(2));
        server.app.mailSender().runOnce();

        MimeMessage m = received(back, 1)[0];
        assertTrue(to(m).contains("ann@example.org"));
        awaitSent("ann@example.org");
        server.app.mailSender().runOnce();
        assertEquals(1, back.getReceivedMessages().length, "delivered once");
    }

    @Test
    void mailSender_smtpDownAcrossRestart_nothingLost() throws Exception {
        int port = freePort();
        TestServer first = start(port);
        flow = new ApiFlow(first, first.account("olivia@example.org", false).full(), clock);
        String doc = sentToAnnThenBob("Survives restart");
        first.app.mailSender().runOnce();
        awaitAttempted("ann@example.org");
        String link = signingUrl(doc, "ann@example.org");
        first.close();
        open.remove(open.size() - 1);

        GreenMail back = new GreenMail(new ServerSetup(port, "127.0.0.1", ServerSetup.PROTOCOL_SMTP));
        back.start();
        open.add(back::stop);
        TestServer second = start(port);
        clock.advance(Duration.ofMinutes(2));
        second.app.mailSender().runOnce();

        MimeMessage m = received(back, 1)[0];
        assertTrue(to(m).contains("ann@example.org"));
        assertTrue(m.getSubject().contains("Survives restart"));
        // The link was rendered before the restart; the site address is the new server's port now.
        String token = link.substring(link.lastIndexOf('/') + 1);
        for (String body : bodies(m)) {
            assertTrue(body.contains("/sign/" + token), body);
        }
    }

    /** Polls the queue until the sender has tried (and failed) to hand Ann's invitation over. */
    private OutboxEntry awaitAttempted(String recipient) {
        long deadline = System.nanoTime() + Duration.ofMillis(WAIT_MS).toNanos();
        while (System.nanoTime() < deadline) {
            List<OutboxEntry> entries = flow.mail.queued(recipient, "invitation");
            if (!entries.isEmpty() && entries.get(0).attempts() > 0) {
                return entries.get(0);
            }
            Thread.onSpinWait();
        }
        throw new AssertionError("no delivery attempt for " + recipient);
    }

    /** The sender records the delivery just after the SMTP server has the message: poll for it. */
    private void awaitSent(String recipient) {
        long deadline = System.nanoTime() + Duration.ofMillis(WAIT_MS).toNanos();
        while (flow.mail.queued(recipient, "invitation").get(0).status() != OutboxEntry.Status.SENT) {
            assertTrue(System.nanoTime() < deadline, "invitation to " + recipient + " not recorded as sent");
            Thread.onSpinWait();
        }
    }

    private static List<Path> awaitEmlFiles(Path outbox) throws IOException {
        long deadline = System.nanoTime() + Duration.ofMillis(WAIT_MS).toNanos();
        while (System.nanoTime() < deadline) {
            if (java.nio.file.Files.isDirectory(outbox)) {
                try (var list = java.nio.file.Files.list(outbox)) {
                    List<Path> files = list.filter(f -> f.toString().endsWith(".eml")).toList();
                    if (!files.isEmpty()) {
                        return files;
                    }
                }
            }
            Thread.onSpinWait();
        }
        throw new AssertionError("no .eml file in " + outbox + " within " + WAIT_MS + " ms");
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    @Test
    void invite_lineBreaksInTitle_refusedSoNoHeaderCanBeInjected() throws Exception {
        startWithGreenMail();
        String doc = flow.upload("Offer", 2);
        var r = flow.put("documents/" + doc, Map.of("title", "Offer\r\nBcc: title@evil.example"));
        assertEquals(400, r.statusCode());
        assertEquals("rest_invalid_param", TestServer.code(r));
        String ann = flow.addSigner(doc, "Ann", "ann@example.org", "signer", 1).id();
        flow.signatureFields(doc, ann);
        flow.postSend(doc);

        MimeMessage m = received(signet.mail(), 1)[0];

        assertEquals(1, m.getAllRecipients().length);
        assertEquals(null, m.getHeader("Bcc"));
        assertEquals(1, signet.mail().getReceivedMessages().length);
    }

    @Test
    void invite_viewer_viewOnlyMessageNotAskedToSign() throws Exception {
        startWithGreenMail();
        String doc = flow.upload("Site plan", 2);
        String signer = flow.addSigner(doc, "Sam", "sam@example.org", "signer", 1).id();
        flow.addSigner(doc, "Val Viewer", "val@example.org", "viewer", 1).id();
        flow.signatureFields(doc, signer);
        flow.postSend(doc);
        server.app.mailSender().runOnce();

        MimeMessage toViewer = null;
        for (MimeMessage m : received(signet.mail(), 2)) {
            if (to(m).contains("val@example.org")) {
                toViewer = m;
            }
        }
        assertTrue(toViewer != null, "the viewer got a message");

        assertTrue(toViewer.getSubject().contains("shared a document"), toViewer.getSubject());
        for (String body : bodies(toViewer)) {
            assertTrue(body.contains("view-only"), body);
            assertFalse(body.contains("sign where marked"), body);
            assertTrue(body.contains(signingUrl(doc, "val@example.org")), body);
        }
    }

    @Test
    void invite_noSmtpHost_invitationWrittenToDataOutbox() throws Exception {
        server = TestServer.start(signet.dir(), clock);
        open.add(server::close);
        flow = new ApiFlow(server, server.account("olivia@example.org", false).full(), clock);
        String doc = sentToAnnThenBob("Written to disk");
        server.app.mailSender().runOnce();

        String link = signingUrl(doc, "ann@example.org");
        // runOnce returns at once while the delivery the send started is still writing: poll for the file.
        List<Path> files = awaitEmlFiles(signet.dir().resolve("outbox"));
        assertEquals(1, files.size(), files.toString());
        MimeMessage m;
        try (var in = java.nio.file.Files.newInputStream(files.get(0))) {
            m = new MimeMessage(null, in);
        }
        assertTrue(to(m).contains("ann@example.org"));
        assertTrue(m.getSubject().contains("Written to disk"));
        for (String body : bodies(m)) {
            assertTrue(body.contains(link), body);
        }
        assertNoPin(m);
    }
}
