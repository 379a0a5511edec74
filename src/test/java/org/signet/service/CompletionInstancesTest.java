package org.signet.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.signet.support.TwoInstances.race;

import java.time.Duration;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.signet.domain.DocumentStatus;
import org.signet.store.Database;
import org.signet.store.DocumentStore;
import org.signet.support.ApiFlow;
import org.signet.support.MutableClock;
import org.signet.support.SignetFixture;
import org.signet.support.TwoInstances;

/**
 * Sealing with two instances on one PostgreSQL database: one builds a document's seal at a time, and a
 * document whose sealer stopped midway is sealed by the other once its claim has run out.
 */
class CompletionInstancesTest {
    private final MutableClock clock = new MutableClock(SignetFixture.START, ZoneOffset.UTC);
    private TwoInstances two;
    private ApiFlow flow;
    private Database db;

    @BeforeEach
    void start() throws Exception {
        two = TwoInstances.start(clock);
        flow = two.owner("owner@example.org", clock).onFirst();
        db = two.first.app.database();
    }

    @AfterEach
    void stop() {
        two.close();
    }

    /** A document completed behind the interface's back, so that nothing has started sealing it. */
    private long completedUnsealed() {
        String doc = flow.upload("contract", 1);
        flow.addSignerWithSignatureField(doc, "sam@example.com");
        flow.send(doc);
        flow.forceStatus(doc, DocumentStatus.SENT, DocumentStatus.COMPLETED);
        return Long.parseLong(doc);
    }

    private String sealedHash(long id) {
        return db.queryOne("SELECT signed_file_hash FROM documents WHERE id = ?", r -> r.string("signed_file_hash"), id)
                .orElse(null);
    }

    @Test
    void seal_twoInstancesAtOnce_oneBuildsTheSeal() throws Exception {
        long id = completedUnsealed();

        List<Boolean> sealed = race(List.of(() -> two.first.app.completion().seal(id),
                () -> two.second.app.completion().seal(id)));

        assertEquals(1, sealed.stream().filter(s -> s).count(), "sealed by: " + sealed);
        assertNotNull(sealedHash(id));
        assertEquals(1, db.queryLong("SELECT count(*) FROM sealed_revisions WHERE document_id = ?", id));
        assertEquals(1, db.queryLong("SELECT count(*) FROM mail_outbox WHERE document_id = ? AND template = 'completed' "
                + "AND recipient = 'sam@example.com'", id));
        assertEquals(0, two.first.app.completion().failedAttempts() + two.second.app.completion().failedAttempts());
    }

    @Test
    void sealPending_claimOfAStoppedInstance_waitsUntilItRunsOutThenSeals() {
        long id = completedUnsealed();
        long now = clock.millis() / 1000;
        // As the first instance leaves it when it stops while building the seal.
        db.update("UPDATE documents SET seal_claimed_until = ? WHERE id = ?", now + Completion.CLAIM.toSeconds(), id);

        assertEquals(0, two.second.app.completion().sealPending(), "the claim still holds");
        assertNull(sealedHash(id));
        clock.advance(Completion.CLAIM.plusSeconds(1));

        assertEquals(1, two.second.app.completion().sealPending());
        assertNotNull(sealedHash(id));
        assertEquals(1, db.queryLong("SELECT count(*) FROM documents WHERE id = ? AND seal_claimed_until IS NULL", id),
                "a sealed document is nobody's");
    }

    @Test
    void sealPending_afterAFailedAttempt_anotherInstanceRetriesWhenDue() {
        long id = completedUnsealed();
        long now = clock.millis() / 1000;
        db.update("UPDATE documents SET seal_claimed_until = ? WHERE id = ?", now + Completion.CLAIM.toSeconds(), id);
        // A failure recorded by the claimant lets the document go at once, to be retried when due.
        assertEquals(1, new DocumentStore(db, clock).sealFailed(id, "authority down", now + 60));
        clock.advance(Duration.ofSeconds(61));

        assertEquals(1, two.second.app.completion().sealPending());
        assertNotNull(sealedHash(id));
    }
}
