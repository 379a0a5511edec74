package org.signet.mail;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.icegreen.greenmail.junit5.GreenMailExtension;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetupTest;
import jakarta.mail.Session;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.signet.config.Config;
import org.signet.domain.Language;
import org.signet.domain.OutboxEntry;
import org.signet.domain.QueuedAttachment;
import org.signet.files.FileVault;
import org.signet.store.Database;
import org.signet.store.StoredFiles;
import org.signet.support.LogCapture;
import org.signet.support.MutableClock;
import org.signet.support.SuiteDatabase;

class MailSenderTest {

    // A dynamic port, so this test never collides with another build on the same machine.
    @RegisterExtension
    static final GreenMailExtension greenMail = new GreenMailExtension(ServerSetupTest.SMTP.dynamicPort());

    private static final MessageTemplates TEMPLATES = MessageTemplates.load();
    private static final Instant START = Instant.parse("2030-01-15T09:30:00Z");
    private static final String LINK = "https://sign.example.org/sign/Zm9vYmFyYmF6cXV4";
    private static final String FROM = "noreply@signet.example";
    private static final MailSender.AttachmentLoader NO_FILES = id -> Optional.empty();

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(START, ZoneOffset.UTC);
    private Database db;
    private MailQueue queue;

    @BeforeEach
    void open() throws Exception {
        db = SuiteDatabase.open(dir, "NORMAL", 2);
        queue = new MailQueue(db, TEMPLATES, clock);
    }

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void runOnce_dueMessage_deliveredWithRecipientSubjectAndLinkAndLoggedWithoutBody() throws Exception {
        long id = enqueueInvitation("jurgen@example.org", "Vertrag für Müller");

        List<String> log;
        try (LogCapture capture = new LogCapture(MailSender.class)) {
            sender(smtp(greenMail.getSmtp().getPort())).runOnce();
            log = capture.lines;
        }

        assertTrue(greenMail.waitForIncomingEmail(5_000, 1));
        MimeMessage received = greenMail.getReceivedMessages()[0];
        InternetAddress to = (InternetAddress) received.getAllRecipients()[0];
        assertEquals("jurgen@example.org", to.getAddress());
        assertEquals("Jürgen Müller", to.getPersonal());
        assertEquals(TEMPLATES.render("invitation", Language.EN, vars("Vertrag für Müller")).subject(), received.getSubject());
        MimeParts parts = MimeParts.of(received);
        assertTrue(parts.text.contains(LINK), parts.text);
        assertTrue(parts.html.contains("href=\"" + LINK + "\""), parts.html);
        OutboxEntry entry = entry(id);
        assertEquals(OutboxEntry.Status.SENT, entry.status());
        assertEquals(1, entry.attempts());
        assertEquals(START.getEpochSecond(), entry.sentAt());
        assertEquals(0, queue.pendingCount());
        assertEquals(1, log.size(), log.toString());
        assertTrue(log.get(0).contains("sent"), log.get(0));
        assertFalse(log.get(0).contains(LINK), log.get(0));
    }

    @Test
    void runOnce_oneTimeCode_putInAsItIsHandedOver_aCodeNoLongerHeldFailsForGood() throws Exception {
        Map<String, String> held = new java.util.HashMap<>(vars("Lease"));
        held.put("code", OneTimeCodes.placeholder(7));
        Map<String, String> gone = new java.util.HashMap<>(held);
        gone.put("code", OneTimeCodes.placeholder(8));
        long sent = queue.enqueue("email_code", Language.EN, held, "ann@example.org", "Ann", 1L, null);
        long lost = queue.enqueue("email_code", Language.EN, gone, "bob@example.org", "Bob", 1L, null);
        assertFalse(entry(sent).textBody().contains("481516"), "the code in the queue");

        new MailSender(db, smtp(greenMail.getSmtp().getPort()), NO_FILES, clock, (signer, to) -> Optional.empty(),
                ticket -> ticket == 7 ? Optional.of("481516") : Optional.empty()).runOnce();

        assertTrue(greenMail.waitForIncomingEmail(5_000, 1));
        MimeParts parts = MimeParts.of(greenMail.getReceivedMessages()[0]);
        assertTrue(parts.text.contains("    481516"), parts.text);
        assertTrue(parts.html.contains(">481516</p>"), parts.html);
        assertFalse(parts.text.contains("one-time-code"), parts.text);
        assertEquals(OutboxEntry.Status.SENT, entry(sent).status());
        assertEquals(OutboxEntry.Status.FAILED, entry(lost).status());
        assertTrue(entry(lost).lastError().contains("expired or been replaced"), entry(lost).lastError());
        assertEquals(1, greenMail.getReceivedMessages().length);
    }

    @Test
    void runOnce_signingLinkNoLongerTheRecipients_failsForGoodWithoutTheLink() throws Exception {
        Map<String, String> withLink = new java.util.HashMap<>(vars("Lease"));
        withLink.put("link", SigningLinks.placeholder(7));
        long theirs = queue.enqueue("invitation", Language.EN, withLink, "carla@example.org", "Carla", 1L, null);
        long handedOver = queue.enqueue("invitation", Language.EN, withLink, "ann@example.org", "Ann", 1L, null);

        // Signer 7's place is Carla's now: her link is asked for her address only.
        new MailSender(db, smtp(greenMail.getSmtp().getPort()), NO_FILES, clock,
                (signer, to) -> signer == 7 && to.equals("carla@example.org") ? Optional.of(LINK) : Optional.empty())
                .runOnce();

        assertTrue(greenMail.waitForIncomingEmail(5_000, 1));
        assertEquals(OutboxEntry.Status.SENT, entry(theirs).status());
        assertEquals(OutboxEntry.Status.FAILED, entry(handedOver).status());
        assertTrue(entry(handedOver).lastError().contains("no longer exists for this recipient"),
                entry(handedOver).lastError());
        assertEquals(1, greenMail.getReceivedMessages().length);
        assertTrue(MimeParts.of(greenMail.getReceivedMessages()[0]).text.contains(LINK));
    }

    @Test
    void runOnce_severalDue_deliversOldestFirst() throws Exception {
        enqueueInvitation("a@example.org", "First");
        clock.advance(Duration.ofSeconds(1));
        enqueueInvitation("b@example.org", "Second");
        clock.advance(Duration.ofSeconds(1));
        enqueueInvitation("c@example.org", "Third");

        sender(smtp(greenMail.getSmtp().getPort())).runOnce();

        assertTrue(greenMail.waitForIncomingEmail(5_000, 3));
        List<String> order = new ArrayList<>();
        for (MimeMessage m : greenMail.getReceivedMessages()) {
            order.add(((InternetAddress) m.getAllRecipients()[0]).getAddress());
        }
        assertEquals(List.of("a@example.org", "b@example.org", "c@example.org"), order);
    }

    @Test
    void runOnce_serverDown_staysPendingAndIsRetriedOnlyAfterOneMinute() throws Exception {
        int port = unusedPort();
        long id = enqueueInvitation("jurgen@example.org", "NDA");
        MailSender sender = sender(smtp(port));

        sender.runOnce();

        OutboxEntry failed = entry(id);
        assertEquals(OutboxEntry.Status.PENDING, failed.status());
        assertEquals(1, failed.attempts());
        assertEquals(START.getEpochSecond() + 60, failed.nextAttemptAt());
        assertTrue(failed.lastError().contains("127.0.0.1:" + port), failed.lastError());
        GreenMail server = startGreenMail(port);
        try {
            clock.advance(Duration.ofSeconds(59));
            sender.runOnce();
            assertEquals(0, server.getReceivedMessages().length, "retried before its time");
            assertEquals(1, entry(id).attempts());

            clock.advance(Duration.ofSeconds(1));
            sender.runOnce();

            assertTrue(server.waitForIncomingEmail(5_000, 1));
            OutboxEntry sent = entry(id);
            assertEquals(OutboxEntry.Status.SENT, sent.status());
            assertEquals(2, sent.attempts());
            assertEquals(START.getEpochSecond() + 60, sent.sentAt());
            assertNull(sent.lastError());
        } finally {
            server.stop();
        }
    }

    @Test
    void runOnce_afterRestart_deliversWhatWasQueuedBefore() throws Exception {
        int port = unusedPort();
        long id = db.inTransaction(() -> enqueueInvitation("jurgen@example.org", "NDA"));
        sender(smtp(port)).runOnce();
        assertEquals(1, entry(id).attempts());
        db.close();

        db = SuiteDatabase.open(dir, "NORMAL", 2);
        queue = new MailQueue(db, TEMPLATES, clock);
        MailSender restarted = new MailSender(db, smtp(port), NO_FILES, clock);
        clock.advance(Duration.ofMinutes(1));
        GreenMail server = startGreenMail(port);
        try {
            restarted.runOnce();

            assertTrue(server.waitForIncomingEmail(5_000, 1));
            assertTrue(MimeParts.of(server.getReceivedMessages()[0]).text.contains(LINK));
            assertEquals(OutboxEntry.Status.SENT, entry(id).status());
            assertEquals(0, queue.pendingCount());
        } finally {
            server.stop();
        }
    }

    @Test
    void runOnce_recipientRejectedPermanently_failsAtOnce() throws Exception {
        long id = enqueueInvitation("nobody@example.org", "NDA");
        try (ScriptedSmtpServer server = ScriptedSmtpServer.rejectingRecipients("550 5.1.1 No such user")) {
            MailSender sender = sender(smtp(server.port()));

            sender.runOnce();
            clock.advance(Duration.ofDays(2));
            sender.runOnce();
        }

        OutboxEntry entry = entry(id);
        assertEquals(OutboxEntry.Status.FAILED, entry.status());
        assertEquals(1, entry.attempts(), "a permanent failure is not retried");
        assertTrue(entry.lastError().contains("No such user"), entry.lastError());
        assertEquals(0, queue.pendingCount());
    }

    @Test
    void runOnce_tenTemporaryFailures_backsOffThenFails() throws Exception {
        long id = enqueueInvitation("jurgen@example.org", "NDA");
        MailSender sender = sender(smtp(unusedPort()));
        List<Long> waits = new ArrayList<>();

        for (int attempt = 1; attempt <= 10; attempt++) {
            sender.runOnce();
            OutboxEntry entry = entry(id);
            assertEquals(attempt, entry.attempts());
            if (attempt < 10) {
                assertEquals(OutboxEntry.Status.PENDING, entry.status());
                waits.add(entry.nextAttemptAt() - clock.instant().getEpochSecond());
                clock.set(Instant.ofEpochSecond(entry.nextAttemptAt()));
            }
        }

        assertEquals(List.of(60L, 300L, 900L, 3_600L, 10_800L, 21_600L, 43_200L, 86_400L, 86_400L), waits);
        OutboxEntry entry = entry(id);
        assertEquals(OutboxEntry.Status.FAILED, entry.status());
        assertEquals(10, entry.attempts());
        clock.advance(Duration.ofDays(3));
        sender.runOnce();
        assertEquals(10, entry(id).attempts(), "a failed message is not tried again");
    }

    @Test
    void runOnce_serverDown_pausesAfterThreeFailuresInARow() throws Exception {
        for (int i = 0; i < 5; i++) {
            enqueueInvitation("signer" + i + "@example.org", "NDA " + i);
        }

        sender(smtp(unusedPort())).runOnce();

        List<Integer> attempts = queue.list(OutboxEntry.Status.PENDING, 10).stream()
                .map(OutboxEntry::attempts).toList();
        assertEquals(List.of(1, 1, 1, 0, 0), attempts);
    }

    @Test
    void runOnce_whileAnotherRunDelivers_returnsAtOnce() throws Exception {
        long id = enqueueInvitation("jurgen@example.org", "NDA");
        BlockingTransport transport = new BlockingTransport();
        MailSender sender = sender(transport);
        Thread first = new Thread(sender::runOnce, "first-run");
        first.start();
        try {
            assertTrue(transport.entered.await(5, TimeUnit.SECONDS));

            assertTimeoutPreemptively(Duration.ofSeconds(2), sender::runOnce);
            assertEquals(1, transport.sends.get());
        } finally {
            transport.release.countDown();
            first.join(5_000);
        }

        assertFalse(first.isAlive());
        assertEquals(1, transport.sends.get(), "sent twice");
        assertEquals(OutboxEntry.Status.SENT, entry(id).status());
    }

    @Test
    void runOnce_queuedWhileAnotherRunDelivers_deliveredByThatRun() throws Exception {
        long first = enqueueInvitation("jurgen@example.org", "NDA");
        BlockingTransport transport = new BlockingTransport();
        MailSender sender = sender(transport);
        Thread running = new Thread(sender::runOnce, "first-run");
        running.start();
        try {
            assertTrue(transport.entered.await(5, TimeUnit.SECONDS));
            // Queued after the running delivery began, so not among the messages due when it did.
            clock.advance(Duration.ofSeconds(1));
            long second = enqueueInvitation("ines@example.org", "Lease");
            assertTimeoutPreemptively(Duration.ofSeconds(2), sender::runOnce);
            transport.release.countDown();
            running.join(5_000);

            assertFalse(running.isAlive());
            assertEquals(OutboxEntry.Status.SENT, entry(first).status());
            assertEquals(OutboxEntry.Status.SENT, entry(second).status(), "left for the next periodic run");
            assertEquals(2, transport.sends.get());
        } finally {
            transport.release.countDown();
        }
    }

    @Test
    void deliverNow_mixedMessages_reportsPerIdWhetherHandedOver() throws Exception {
        long retrying = enqueueInvitation("jurgen@example.org", "NDA");
        sender(smtp(unusedPort())).runOnce();
        long badAddress = enqueueInvitation("not an address", "NDA");
        long alreadySent = enqueueInvitation("bob@example.org", "NDA");
        MailSender sender = sender(smtp(greenMail.getSmtp().getPort()));
        assertEquals(Map.of(alreadySent, true), sender.deliverNow(List.of(alreadySent)));

        Map<Long, Boolean> result = sender.deliverNow(List.of(retrying, badAddress, alreadySent, 999L));

        assertEquals(Map.of(retrying, true, badAddress, false, alreadySent, true, 999L, false), result);
        assertEquals(List.of(retrying, badAddress, alreadySent, 999L), new ArrayList<>(result.keySet()));
        assertTrue(greenMail.waitForIncomingEmail(5_000, 2));
        assertEquals(2, greenMail.getReceivedMessages().length, "the sent message went out once");
        assertEquals(OutboxEntry.Status.SENT, entry(retrying).status(), "sent although not due yet");
        assertEquals(OutboxEntry.Status.FAILED, entry(badAddress).status());
        assertTrue(entry(badAddress).lastError().contains("not an address"), entry(badAddress).lastError());
    }

    @Test
    void runOnce_attachmentFromTheVault_arrivesIntact() throws Exception {
        StoredFiles files = new StoredFiles(db, FileVault.open(dir), clock);
        byte[] pdf = pdfLike(150_000);
        long fileId = files.save(pdf).id();
        long id = queue.enqueue("completed", Language.EN, completedVars(), "jurgen@example.org", "Jürgen", 3L,
                new QueuedAttachment("Vertrag für Müller-signed.pdf", "application/pdf", fileId));

        new MailSender(db, smtp(greenMail.getSmtp().getPort()), files::readIfStored, clock).runOnce();

        assertTrue(greenMail.waitForIncomingEmail(5_000, 1));
        MimeParts parts = MimeParts.of(greenMail.getReceivedMessages()[0]);
        assertEquals(1, parts.attachments.size());
        assertEquals("Vertrag für Müller-signed.pdf", parts.attachments.get(0).getFileName());
        assertTrue(parts.attachments.get(0).isMimeType("application/pdf"));
        assertArrayEquals(pdf, parts.attachments.get(0).getInputStream().readAllBytes());
        assertEquals(OutboxEntry.Status.SENT, entry(id).status());
    }

    @Test
    void runOnce_attachmentNoLongerStored_failsWithAClearReason() throws Exception {
        StoredFiles files = new StoredFiles(db, FileVault.open(dir), clock);
        long fileId = files.save(pdfLike(1_000)).id();
        long id = queue.enqueue("completed", Language.EN, completedVars(), "jurgen@example.org", "Jürgen", 3L,
                new QueuedAttachment("NDA-signed.pdf", "application/pdf", fileId));
        db.inTransaction(() -> files.forget(fileId));

        new MailSender(db, smtp(greenMail.getSmtp().getPort()), files::readIfStored, clock).runOnce();

        OutboxEntry entry = entry(id);
        assertEquals(OutboxEntry.Status.FAILED, entry.status());
        assertTrue(entry.lastError().contains("NDA-signed.pdf"), entry.lastError());
        assertTrue(entry.lastError().contains("no longer exists"), entry.lastError());
        assertEquals(0, greenMail.getReceivedMessages().length, "sent without its attachment");
    }

    @Test
    void runOnce_attachmentUnreadable_isRetriedLater() throws Exception {
        long id = queue.enqueue("completed", Language.EN, completedVars(), "jurgen@example.org", "Jürgen", 3L,
                new QueuedAttachment("NDA-signed.pdf", "application/pdf", 5));
        MailSender.AttachmentLoader broken = fileId -> {
            throw new IOException("disk read error");
        };

        new MailSender(db, smtp(greenMail.getSmtp().getPort()), broken, clock).runOnce();

        OutboxEntry entry = entry(id);
        assertEquals(OutboxEntry.Status.PENDING, entry.status());
        assertEquals(1, entry.attempts());
        assertTrue(entry.lastError().contains("disk read error"), entry.lastError());
    }

    @Test
    void runOnce_transportFaultsUnexpectedly_isRetriedLaterAndTheQueueMovesOn() {
        long faulty = enqueueInvitation("jurgen@example.org", "NDA");
        long next = enqueueInvitation("bob@example.org", "NDA");
        MailTransport transport = message -> {
            if (message.to().equals("jurgen@example.org")) {
                throw new IllegalStateException("transport bug");
            }
        };

        try (LogCapture log = new LogCapture(MailSender.class)) {
            sender(transport).runOnce();

            assertEquals(2, log.lines.size(), "one line per outcome: " + log.lines);
            assertTrue(log.lines.get(0).contains("transport bug"), log.lines.get(0));
        }

        OutboxEntry entry = entry(faulty);
        assertEquals(OutboxEntry.Status.PENDING, entry.status());
        assertEquals(1, entry.attempts());
        assertTrue(entry.lastError().contains("transport bug"), entry.lastError());
        assertEquals(OutboxEntry.Status.SENT, entry(next).status());
    }

    @Test
    void fromConfig_noSmtpHost_writesAnEmlIntoTheOutbox() throws Exception {
        Config config = Config.load(dir, Optional.empty(), Map.of(), Map.of());
        long id = enqueueInvitation("jurgen@example.org", "Vertrag für Müller");

        sender(Transports.fromConfig(config)).runOnce();

        List<Path> files;
        try (Stream<Path> listing = Files.list(dir.resolve("outbox"))) {
            files = listing.filter(p -> p.toString().endsWith(".eml")).toList();
        }
        assertEquals(1, files.size());
        try (InputStream in = Files.newInputStream(files.get(0))) {
            MimeMessage written = new MimeMessage(Session.getInstance(new Properties()), in);
            assertEquals(entry(id).subject(), written.getSubject());
            assertTrue(MimeParts.of(written).text.contains(LINK));
        }
        assertEquals(OutboxEntry.Status.SENT, entry(id).status());
    }

    private static Map<String, String> vars(String title) {
        return Map.of("recipient_name", "Jürgen Müller", "sender_name", "Alice Owner", "document_title", title,
                "link", LINK, "expires_line", "", "access_line", "", "message_line", "",
                "message_block", "");
    }

    private static Map<String, String> completedVars() {
        return Map.of("recipient_name", "Jürgen Müller", "sender_name", "Alice Owner",
                "document_title", "Vertrag für Müller", "note", "The signed document is attached.");
    }

    @Test
    void pruneDelivered_sentLongAgo_deletedPendingAndFailedKept() {
        long old = enqueueInvitation("old@example.org", "Old");
        long bad = queue.enqueue("invitation", Language.EN, vars("Bad"), "not an address", "", 1L, null);
        sender(message -> {
            if (message.to().contains("@")) {
                return;
            }
            throw new MailDeliveryException("not an address", true, null);
        }).runOnce();
        clock.advance(Duration.ofDays(31));
        long recent = enqueueInvitation("recent@example.org", "Recent");
        sender(message -> { }).runOnce();
        long waiting = enqueueInvitation("waiting@example.org", "Waiting");

        int deleted = sender(message -> { }).pruneDelivered(Duration.ofDays(30));

        assertEquals(1, deleted);
        assertTrue(queue.find(old).isEmpty(), "the message sent 31 days ago holds a signing link");
        assertEquals(OutboxEntry.Status.SENT, entry(recent).status());
        assertEquals(OutboxEntry.Status.FAILED, entry(bad).status());
        assertEquals(OutboxEntry.Status.PENDING, entry(waiting).status());
    }

    private long enqueueInvitation(String to, String title) {
        return queue.enqueue("invitation", Language.EN, vars(title), to, "Jürgen Müller", 1L, null);
    }

    private OutboxEntry entry(long id) {
        return queue.find(id).orElseThrow();
    }

    private MailSender sender(MailTransport transport) {
        return new MailSender(db, transport, NO_FILES, clock);
    }

    private static SmtpTransport smtp(int port) {
        return new SmtpTransport(new SmtpSettings("127.0.0.1", port, null, null, false, FROM), Duration.ofSeconds(5));
    }

    private static int unusedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static GreenMail startGreenMail(int port) {
        GreenMail server = new GreenMail(ServerSetupTest.SMTP.port(port));
        server.start();
        return server;
    }

    /** A transport that holds the first delivery until released, to overlap two runs. */
    private static final class BlockingTransport implements MailTransport {
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final AtomicInteger sends = new AtomicInteger();

        @Override
        public void send(MailMessage message) throws MailDeliveryException {
            sends.incrementAndGet();
            entered.countDown();
            try {
                if (!release.await(10, TimeUnit.SECONDS)) {
                    throw new MailDeliveryException("never released", false, null);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new MailDeliveryException("interrupted", false, e);
            }
        }
    }

    /** Bytes that look like a PDF and hold every byte value, including CR, LF and NUL. */
    private static byte[] pdfLike(int length) {
        byte[] bytes = new byte[length];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) (i * 31 + 7);
        }
        System.arraycopy("%PDF-1.7\n".getBytes(), 0, bytes, 0, 9);
        return bytes;
    }
}
