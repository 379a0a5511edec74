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

/** Heavy work a few at a time: the next waits its turn, and past its wait is told to come back. */
class WorkGateTest {
    @Test
    void run_gateFull_busyRefusalAfterTheWait() throws Exception {
        WorkGate gate = new WorkGate(1, Duration.ofMillis(50));
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<String> holder = CompletableFuture.supplyAsync(() -> gate.run(() -> {
            inside.countDown();
            awaitQuietly(release);
            return "first";
        }));
        assertTrue(inside.await(10, TimeUnit.SECONDS));

        Refusal busy = assertThrows(Refusal.class, () -> gate.run(() -> "second"));

        assertEquals(Refusal.Kind.UNAVAILABLE, busy.kind());
        assertEquals("busy", busy.code());
        release.countDown();
        assertEquals("first", holder.get(10, TimeUnit.SECONDS));
        assertEquals("third", gate.run(() -> "third"), "the permit came back");
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void run_workThrows_permitReturned() {
        WorkGate gate = new WorkGate(1, Duration.ofMillis(50));

        assertThrows(IllegalStateException.class, () -> gate.run(() -> {
            throw new IllegalStateException("render failed");
        }));

        assertEquals(1, (int) gate.run(() -> 1));
    }
}
