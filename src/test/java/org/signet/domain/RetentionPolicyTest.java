package org.signet.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The site's periods: due a whole number of days after a document ended, a document's own period first, never below the minimum. */
class RetentionPolicyTest {
    private static final long DAY = 86_400;
    private final RetentionPolicy policy = new RetentionPolicy(30, 10, 20, 60, 5);

    @Test
    void dueAt_eachEndedStatusItsOwnPeriod() {
        assertEquals(Optional.of(1000 + 30 * DAY), policy.dueAt(DocumentStatus.COMPLETED, null, 1000));
        assertEquals(Optional.of(1000 + 10 * DAY), policy.dueAt(DocumentStatus.DECLINED, null, 1000));
        assertEquals(Optional.of(1000 + 20 * DAY), policy.dueAt(DocumentStatus.EXPIRED, null, 1000));
        assertEquals(Optional.of(1000 + 60 * DAY), policy.dueAt(DocumentStatus.DRAFT, null, 1000));
    }

    @Test
    void dueAt_openDocumentsAndZero_neverDue() {
        assertEquals(Optional.empty(), policy.dueAt(DocumentStatus.SENT, 7, 1000));
        assertEquals(Optional.empty(), policy.dueAt(DocumentStatus.VIEWED, null, 1000));
        assertEquals(Optional.empty(), policy.dueAt(DocumentStatus.COMPLETED, 0, 1000));
        assertEquals(Optional.empty(), RetentionPolicy.KEEP_FOREVER.dueAt(DocumentStatus.COMPLETED, null, 1000));
    }

    @Test
    void dueAt_ownPeriod_replacesTheSites() {
        assertEquals(Optional.of(1000 + 400 * DAY), policy.dueAt(DocumentStatus.COMPLETED, 400, 1000));
        assertEquals(Optional.of(1000 + 6 * DAY), policy.dueAt(DocumentStatus.DECLINED, 6, 1000));
    }

    @Test
    void refusal_belowTheMinimumButNotZero() {
        assertTrue(policy.refusal(4).isPresent());
        assertTrue(policy.refusal(-1).isPresent());
        assertEquals(Optional.empty(), policy.refusal(0));
        assertEquals(Optional.empty(), policy.refusal(5));
    }

    @Test
    void belowMinimum_namesTheSettingsShorterThanIt() {
        assertEquals(Map.of("retention.declined_days", 10), new RetentionPolicy(30, 10, 0, 0, 20).belowMinimum());
        assertEquals(Map.of(), policy.belowMinimum());
    }
}
