package org.signet.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.signet.error.Refusal;

class ContentionTest {
    private static StoreException failure(String sqlState) {
        return new StoreException("SQL failed", new SQLException("refused", sqlState));
    }

    @Test
    void retrying_deadlockThenSuccess_runsTheTransactionAgain() {
        AtomicInteger runs = new AtomicInteger();
        String result = Contention.retrying(() -> {
            if (runs.incrementAndGet() < 3) {
                throw failure(runs.get() == 1 ? "40P01" : "40001");
            }
            return "done";
        });
        assertEquals("done", result);
        assertEquals(3, runs.get());
    }

    @Test
    void retrying_givenUpEveryTime_isA503BusyToTryAgain() {
        AtomicInteger runs = new AtomicInteger();
        Refusal r = assertThrows(Refusal.class, () -> Contention.retrying(() -> {
            runs.incrementAndGet();
            throw failure("55P03");
        }));
        assertEquals(503, r.status());
        assertEquals("busy", r.code());
        assertEquals(1, r.data().get("retry_after"));
        assertEquals(Contention.ATTEMPTS, runs.get());
    }

    @Test
    void retrying_otherFailure_isThrownAtOnce() {
        AtomicInteger runs = new AtomicInteger();
        StoreException other = failure("23505");
        assertSame(other, assertThrows(StoreException.class, () -> Contention.retrying(() -> {
            runs.incrementAndGet();
            throw other;
        })));
        assertEquals(1, runs.get());
    }
}
