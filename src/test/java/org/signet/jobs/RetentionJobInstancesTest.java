package org.signet.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.TwoInstances.race;

import java.time.Duration;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.signet.domain.DocumentStatus;
import org.signet.support.ApiFlow;
import org.signet.support.MutableClock;
import org.signet.support.SignetFixture;
import org.signet.support.TwoInstances;

/** Two instances' daily purges on one PostgreSQL database, run at the same moment: one of them runs it, once a day. */
class RetentionJobInstancesTest {
    private static final int DOCUMENTS = 8;

    private final MutableClock clock = new MutableClock(SignetFixture.START, ZoneOffset.UTC);
    private TwoInstances two;
    private ApiFlow flow;

    @BeforeEach
    void start() throws Exception {
        two = TwoInstances.start(clock, "retention.expired_days=1");
        flow = two.owner("owner@example.org", clock).onFirst();
        for (int i = 0; i < DOCUMENTS; i++) {
            String doc = flow.upload("expired " + i, 1);
            flow.addSigner(doc, "Ann", "ann" + i + "@example.com", "signer", 1);
            flow.forceStatus(doc, DocumentStatus.DRAFT, DocumentStatus.EXPIRED);
        }
    }

    @AfterEach
    void stop() {
        two.close();
    }

    private List<Integer> bothAtOnce() throws Exception {
        return race(List.of(() -> two.first.app.retentionJob().runOnce(),
                () -> two.second.app.retentionJob().runOnce()));
    }

    @Test
    void runOnce_twoInstancesAtOnce_oneRunsTheDaysPurge() throws Exception {
        clock.advance(Duration.ofDays(1).plusMinutes(1));

        List<Integer> purged = bothAtOnce();

        assertEquals(DOCUMENTS, purged.get(0) + purged.get(1), "between them every due document: " + purged);
        assertTrue(purged.contains(0), "one of them found the day's run taken: " + purged);
        assertEquals(DOCUMENTS, two.first.app.database().queryLong("SELECT count(*) FROM purged_documents"));
        assertEquals(0, two.first.app.database().queryLong("SELECT count(*) FROM documents"));
    }

    @Test
    void runOnce_sameDayAgain_nothing_nextDay_runsAgain() throws Exception {
        clock.advance(Duration.ofDays(1).plusMinutes(1));
        bothAtOnce();
        String doc = flow.upload("expired later", 1);
        flow.forceStatus(doc, DocumentStatus.DRAFT, DocumentStatus.EXPIRED);
        clock.advance(Duration.ofHours(2));

        assertEquals(List.of(0, 0), bothAtOnce(), "the day's run is done");
        clock.advance(Duration.ofDays(1));
        List<Integer> nextDay = bothAtOnce();

        assertEquals(1, nextDay.get(0) + nextDay.get(1), "the next day's run purges what came due: " + nextDay);
    }
}
