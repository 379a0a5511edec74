package org.signet.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.signet.error.Refusal;
import org.signet.support.Waits;

/** Reservations together never pass the budget: the next waits, past its wait is told to come back, a small one still fits. */
class ParseBudgetTest {
    private static final long MIB = 1 << 20;

    @Test
    void run_budgetSpent_busyAfterTheWaitAndSmallerWorkStillFits() throws Exception {
        ParseBudget budget = new ParseBudget(MIB, Duration.ofMillis(50));
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<String> holder = CompletableFuture.supplyAsync(() -> budget.run(600 * 1024, () -> {
            inside.countDown();
            Waits.await(release);
            return "first";
        }));
        assertTrue(inside.await(10, TimeUnit.SECONDS));

        Refusal busy = assertThrows(Refusal.class, () -> budget.run(600 * 1024, () -> "second"));

        assertEquals(Refusal.Kind.UNAVAILABLE, busy.kind());
        assertEquals("busy", busy.code());
        assertEquals(0L, busy.data().get("retry_after"));
        assertEquals("small", budget.run(300 * 1024, () -> "small"), "what is left of the budget");
        release.countDown();
        assertEquals("first", holder.get(10, TimeUnit.SECONDS));
        assertEquals("third", budget.run(600 * 1024, () -> "third"), "the reservation came back");
    }

    @Test
    void run_moreThanTheWholeBudget_runsAlone() {
        ParseBudget budget = new ParseBudget(MIB, Duration.ofMillis(50));

        assertEquals(1, (int) budget.run(100 * MIB, () -> 1));
        assertEquals(2, (int) budget.run(MIB, () -> 2), "the whole budget came back");
    }

    @Test
    void run_workThrows_reservationReturned() {
        ParseBudget budget = new ParseBudget(MIB, Duration.ofMillis(50));

        assertThrows(IllegalStateException.class, () -> budget.run(MIB, () -> {
            throw new IllegalStateException("unreadable");
        }));

        assertEquals(1, (int) budget.run(MIB, () -> 1));
    }
}
