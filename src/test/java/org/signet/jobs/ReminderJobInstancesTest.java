package org.signet.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.signet.support.TwoInstances.race;

import java.time.Duration;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.signet.support.ApiFlow;
import org.signet.support.MutableClock;
import org.signet.support.Party;
import org.signet.support.SignetFixture;
import org.signet.support.TwoInstances;

/** Two instances' reminder jobs on one PostgreSQL database, run at the same moment: each due reminder goes once. */
class ReminderJobInstancesTest {
    private final MutableClock clock = new MutableClock(SignetFixture.START, ZoneOffset.UTC);
    private TwoInstances two;
    private ApiFlow flow;

    @BeforeEach
    void start() throws Exception {
        two = TwoInstances.start(clock);
        flow = two.owner("owner@example.org", clock).onFirst();
    }

    @AfterEach
    void stop() {
        two.close();
    }

    private List<Party> sentWithDailyReminders(int documents) {
        List<Party> parties = new ArrayList<>();
        for (int i = 0; i < documents; i++) {
            String doc = flow.upload("contract " + i, 1);
            assertEquals(200, flow.put("documents/" + doc, Map.of("reminder_interval_days", 1)).statusCode());
            Party ann = flow.addSigner(doc, "Ann", "ann" + i + "@example.com", "signer", 1);
            Party bob = flow.addSigner(doc, "Bob", "bob" + i + "@example.com", "signer", 1);
            flow.signatureFields(doc, ann.id(), bob.id());
            flow.send(doc);
            parties.add(ann);
            parties.add(bob);
        }
        return parties;
    }

    private long reminders(Party p) {
        return two.first.app.database().queryLong("SELECT count(*) FROM mail_outbox WHERE template = 'reminder' "
                + "AND recipient = ?", p.email());
    }

    @Test
    void runOnce_twoInstancesAtOnce_sendEachDueReminderOnce() throws Exception {
        List<Party> parties = sentWithDailyReminders(6);
        clock.advance(Duration.ofDays(1).plusMinutes(1));

        List<Integer> acted = race(List.of(() -> two.first.app.reminderJob().runOnce(),
                () -> two.second.app.reminderJob().runOnce()));

        assertEquals(parties.size(), acted.get(0) + acted.get(1), "between them they reminded every signer once: " + acted);
        for (Party p : parties) {
            assertEquals(1, reminders(p), "reminders to " + p.email());
        }
        assertEquals(parties.size(), two.first.app.database().queryLong(
                "SELECT count(*) FROM audit_events WHERE action = 'reminder_sent'"));
    }

    @Test
    void runOnce_nextDayAgain_remindsOnceMore() throws Exception {
        List<Party> parties = sentWithDailyReminders(1);
        clock.advance(Duration.ofDays(1).plusMinutes(1));
        race(List.of(() -> two.first.app.reminderJob().runOnce(), () -> two.second.app.reminderJob().runOnce()));
        clock.advance(Duration.ofDays(1));

        race(List.of(() -> two.first.app.reminderJob().runOnce(), () -> two.second.app.reminderJob().runOnce()));

        for (Party p : parties) {
            assertEquals(2, reminders(p), "reminders to " + p.email());
        }
    }
}
