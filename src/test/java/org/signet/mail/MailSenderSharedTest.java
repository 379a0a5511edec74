package org.signet.mail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.icegreen.greenmail.junit5.GreenMailExtension;
import com.icegreen.greenmail.util.ServerSetupTest;
import jakarta.mail.MessagingException;
import jakarta.mail.internet.MimeMessage;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.domain.NewOutboxMessage;
import org.signet.domain.OutboxEntry;
import org.signet.store.Database;
import org.signet.store.Lease;
import org.signet.store.MailOutboxStore;
import org.signet.support.MutableClock;
import org.signet.support.Postgres;
import org.signet.support.Race;
import org.signet.support.Waits;

/**
 * Two instances delivering one mail queue on one PostgreSQL database: each message goes out once,
 * and a message whose claim was left behind goes out once its lease has ended. Always on
 * PostgreSQL, so the normal suite runs it too.
 */
class MailSenderSharedTest {
    @RegisterExtension
    static final GreenMailExtension greenMail = new GreenMailExtension(ServerSetupTest.SMTP.dynamicPort());

    private static final MailSender.AttachmentLoader NO_FILES = id -> Optional.empty();

    @Test
    void runOnce_twoInstancesRacingOver200Messages_eachSentExactlyOnce() throws Exception {
        Postgres.Database pg = Postgres.shared().freshDatabase();
        try (Database one = pg.open(4); Database two = pg.open(4)) {
            Clock clock = Clock.systemUTC();
            MailOutboxStore queue = new MailOutboxStore(one);
            for (int i = 0; i < 200; i++) {
                queue.insert(new NewOutboxMessage("test", "r" + i + "@example.org", "R", "message " + i, "text",
                        "<p>html</p>", null, null), clock.instant().getEpochSecond());
            }
            List<AtomicInteger> handedOver = List.of(new AtomicInteger(), new AtomicInteger());
            List<MailSender> senders = List.of(sender(one, clock, handedOver.get(0)), sender(two, clock, handedOver.get(1)));

            Race.run(2, 2, i -> {
                senders.get(i).runOnce();
                return null;
            });

            assertEquals(0, queue.pendingCount());
            Waits.awaitUntil(() -> greenMail.getReceivedMessages().length >= 200, "200 messages at the server");
            Set<String> subjects = new HashSet<>();
            for (MimeMessage m : greenMail.getReceivedMessages()) {
                assertTrue(subjects.add(subject(m)), "sent twice: " + subject(m));
            }
            assertEquals(200, subjects.size());
            assertEquals(200, handedOver.get(0).get() + handedOver.get(1).get());
            assertTrue(handedOver.get(0).get() > 0 && handedOver.get(1).get() > 0, "both instances sent: " + handedOver);
            assertTrue(queue.list(OutboxEntry.Status.SENT, 300).stream().allMatch(e -> e.attempts() == 1));
        }
    }

    @Test
    void runOnce_claimLeftByAnInstanceThatDied_sentByTheOtherOnceTheLeaseEnds() throws Exception {
        MutableClock clock = new MutableClock(Instant.parse("2030-01-15T09:30:00Z"), ZoneOffset.UTC);
        Postgres.Database pg = Postgres.shared().freshDatabase();
        try (Database dead = pg.open(2); Database alive = pg.open(2)) {
            long now = clock.instant().getEpochSecond();
            MailOutboxStore deadQueue = new MailOutboxStore(dead);
            long id = deadQueue.insert(new NewOutboxMessage("test", "ann@example.org", "Ann", "claimed", "text",
                    "<p>html</p>", null, null), now);
            Lease abandoned = Lease.from("a-stopped-instance", now, MailSender.LEASE);
            assertEquals(1, deadQueue.claimDue(now, now, 10, abandoned).size());
            AtomicInteger handedOver = new AtomicInteger();
            MailSender other = sender(alive, clock, handedOver);

            other.runOnce();
            assertEquals(Map.of(id, false), other.deliverNow(List.of(id)), "held by the claim: not sent now either");
            clock.advance(MailSender.LEASE.minusSeconds(1));
            other.runOnce();
            assertEquals(0, handedOver.get(), "nothing sent while the lease holds");

            clock.advance(Duration.ofSeconds(1));
            other.runOnce();
            Waits.awaitUntil(() -> greenMail.getReceivedMessages().length == 1, "the message at the server");
            assertEquals(1, handedOver.get());
            assertFalse(deadQueue.markSent(id, abandoned, 1, now), "the dead claim records nothing when it comes back");
            OutboxEntry sent = deadQueue.find(id).orElseThrow();
            assertEquals(OutboxEntry.Status.SENT, sent.status());
            assertEquals(1, sent.attempts());
            other.runOnce();
            assertEquals(1, handedOver.get());
        }
    }

    /** A sender to this test's mail server that counts what it hands over. */
    private static MailSender sender(Database db, Clock clock, AtomicInteger handedOver) {
        SmtpTransport smtp = new SmtpTransport(new SmtpSettings("127.0.0.1", greenMail.getSmtp().getPort(), null, null,
                false, "noreply@signet.example"), Duration.ofSeconds(5));
        return new MailSender(db, message -> {
            smtp.send(message);
            handedOver.incrementAndGet();
        }, NO_FILES, clock);
    }

    private static String subject(MimeMessage m) {
        try {
            return m.getSubject();
        } catch (MessagingException e) {
            throw new AssertionError(e);
        }
    }
}
