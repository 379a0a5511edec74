package org.signet.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.domain.DocumentStatus;
import org.signet.support.ApiFlow;
import org.signet.support.SignetFixture;
import org.signet.support.SuiteDatabase;

/** Automatic reminders driven once at a time under a test clock, days passing by hand. */
class ReminderJobTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running();

    private static final Duration DAY = Duration.ofDays(1);

    private ApiFlow flow;
    private String doc;

    @BeforeEach
    void start() throws Exception {
        flow = signet.flow();
        doc = flow.upload("Tenancy", 2);
    }

    private int run() {
        return signet.server().app.reminderJob().runOnce();
    }

    private int reminders(String email) {
        return flow.mail.queued(email, "reminder").size();
    }

    private void everyDays(int days) {
        assertEquals(200, flow.put("documents/" + doc, Map.of("reminder_interval_days", days)).statusCode());
    }

    @Test
    void runOnce_everyIntervalAfterInvitation_remindsEligibleSigners() {
        String a = flow.addSigner(doc, "A", "a@example.org", "signer", 1).id();
        flow.addSigner(doc, "V", "v@example.org", "viewer", 1).id();
        String later = flow.addSigner(doc, "Later", "later@example.org", "signer", 2).id();
        flow.signatureFields(doc, a, later);
        everyDays(2);
        flow.postSend(doc);

        signet.clock().advance(DAY.minusSeconds(1).multipliedBy(2));
        assertEquals(0, run());
        signet.clock().advance(Duration.ofSeconds(2));
        assertEquals(1, run());
        assertEquals(1, reminders("a@example.org"));
        signet.clock().advance(DAY);
        assertEquals(0, run());
        signet.clock().advance(DAY);
        assertEquals(1, run());

        assertEquals(2, reminders("a@example.org"));
        assertEquals(0, reminders("v@example.org"));
        assertEquals(0, reminders("later@example.org"));
        Map<String, Object> event = flow.audit(doc, "reminder_sent").get(0);
        assertEquals("a@example.org", event.get("detail"));
        assertEquals("Signet", event.get("user_agent"));
    }

    @Test
    void runOnce_signerInvitedLater_countsFromItsOwnInvitation() {
        String a = flow.addSigner(doc, "A", "a@example.org", "signer", 1).id();
        flow.signatureFields(doc, a);
        everyDays(2);
        flow.postSend(doc);
        signet.clock().advance(DAY);
        flow.addSigner(doc, "Joins", "joins@example.org", "signer", 1).id();

        signet.clock().advance(DAY);
        assertEquals(1, run());
        assertEquals(0, reminders("joins@example.org"));
        signet.clock().advance(DAY);
        assertEquals(1, run());
        assertEquals(1, reminders("joins@example.org"));
    }

    @Test
    void runOnce_signedOrViewed_onlyThoseStillToAct() {
        String signed = flow.addSigner(doc, "Signed", "signed@example.org", "signer", 1).id();
        String viewed = flow.addSigner(doc, "Viewed", "viewed@example.org", "signer", 1).id();
        flow.signatureFields(doc, signed, viewed);
        everyDays(1);
        flow.postSend(doc);
        flow.markSigned(Long.parseLong(signed), "198.51.100.5", "Browser");
        flow.signers().markViewed(Long.parseLong(viewed));
        signet.clock().advance(DAY);

        assertEquals(1, run());
        assertEquals(0, reminders("signed@example.org"));
        assertEquals(1, reminders("viewed@example.org"));
    }

    @Test
    void runOnce_noInterval_neverReminds() {
        String a = flow.addSigner(doc, "A", "a@example.org", "signer", 1).id();
        flow.signatureFields(doc, a);
        flow.postSend(doc);
        signet.clock().advance(Duration.ofDays(60));

        assertEquals(0, run());
        assertEquals(0, reminders("a@example.org"));
    }

    @Test
    void runOnce_draftOrTerminal_neverReminds() {
        String a = flow.addSigner(doc, "A", "a@example.org", "signer", 1).id();
        flow.signatureFields(doc, a);
        everyDays(1);
        flow.postSend(doc);
        flow.forceStatus(doc, DocumentStatus.SENT, DocumentStatus.COMPLETED);
        String recalled = flow.upload("Recalled", 2);
        String b = flow.addSigner(recalled, "B", "b@example.org", "signer", 1).id();
        flow.signatureFields(recalled, b);
        assertEquals(200, flow.put("documents/" + recalled, Map.of("reminder_interval_days", 1)).statusCode());
        flow.postSend(recalled);
        flow.put("documents/" + recalled, Map.of("status", "draft"));
        signet.clock().advance(Duration.ofDays(5));

        assertEquals(0, run());
        assertEquals(0, reminders("a@example.org"));
        assertEquals(0, reminders("b@example.org"));
    }

    @Test
    void runOnce_manualReminderInBetween_nextOneIntervalAfterIt() {
        String a = flow.addSigner(doc, "A", "a@example.org", "signer", 1).id();
        flow.signatureFields(doc, a);
        everyDays(3);
        flow.postSend(doc);
        signet.clock().advance(DAY.multipliedBy(2));
        assertEquals(200, flow.post("documents/" + doc + "/remind", null).statusCode());

        signet.clock().advance(DAY);
        assertEquals(0, run());
        signet.clock().advance(DAY.multipliedBy(2));
        assertEquals(1, run());
        assertEquals(2, reminders("a@example.org"));
        assertNull(flow.audit(doc, "reminder_sent").get(1).get("api_key_id"));
    }

    @Test
    void runOnce_oneReminderCannotBeQueued_othersStillGoOut() {
        String broken = flow.addSigner(doc, "Broken", "broken@example.org", "signer", 1).id();
        flow.signatureFields(doc, broken);
        everyDays(1);
        flow.postSend(doc);
        String other = flow.upload("Other", 2);
        String fine = flow.addSigner(other, "Fine", "fine@example.org", "signer", 1).id();
        flow.signatureFields(other, fine);
        assertEquals(200, flow.put("documents/" + other, Map.of("reminder_interval_days", 1)).statusCode());
        flow.postSend(other);
        // A real database refusal for one recipient's message, as a full disk or a constraint would give.
        SuiteDatabase.refuse(signet.server().app.database(), "refuse_broken", "BEFORE INSERT ON mail_outbox",
                "NEW.recipient = 'broken@example.org'", "refused");
        signet.clock().advance(DAY);

        assertEquals(1, run());

        assertEquals(0, reminders("broken@example.org"));
        assertEquals(1, reminders("fine@example.org"));
        assertEquals(0, flow.audit(doc, "reminder_sent").size());
    }

    @Test
    void runOnce_manyDocumentsNothingDue_oneQuery() {
        for (int i = 0; i < 5; i++) {
            String doc = flow.upload("Doc " + i, 1);
            flow.addSignerWithSignatureField(doc, "s" + i + "@example.org");
            flow.send(doc);
            assertEquals(200, flow.put("documents/" + doc, java.util.Map.of("reminder_interval_days", 3)).statusCode());
        }
        java.util.List<String> statements = new java.util.concurrent.CopyOnWriteArrayList<>();
        Thread job = Thread.currentThread();
        signet.server().app.database().watch(new org.signet.store.Database.Watcher() {
            @Override
            public void statement(String sql) {
                if (Thread.currentThread() == job) {
                    statements.add(sql);
                }
            }
        });
        try {
            assertEquals(0, signet.server().app.reminderJob().runOnce());
        } finally {
            signet.server().app.database().watch(org.signet.store.Database.Watcher.NONE);
        }

        assertEquals(1, statements.size(), statements.toString());
    }
}
