package org.signet.support;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/** Waiting in tests without sleeping: until a condition holds or a latch opens, within a deadline. */
public final class Waits {
    private static final Duration DEADLINE = Duration.ofSeconds(10);

    private Waits() {}

    /** Checks {@code condition} every millisecond until it holds; fails naming {@code what} after 10 s. */
    public static void awaitUntil(BooleanSupplier condition, String what) {
        awaitUntil(condition, what, DEADLINE);
    }

    /** As {@link #awaitUntil(BooleanSupplier, String)}, for what takes longer, such as a JVM starting on a busy machine. */
    public static void awaitUntil(BooleanSupplier condition, String what, Duration deadline) {
        awaitUntil(condition, what, deadline, Duration.ofMillis(1));
    }

    /**
     * As above, checking every {@code interval}: for work of minutes whose check has a cost of its own,
     * so that checking does not slow down what it waits for.
     */
    public static void awaitUntil(BooleanSupplier condition, String what, Duration deadline, Duration interval) {
        long end = System.nanoTime() + deadline.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > end) {
                throw new AssertionError("not within " + deadline.toSeconds() + " s: " + what);
            }
            LockSupport.parkNanos(interval.toNanos());
        }
    }

    /** Waits for {@code latch} to open, failing after 10 s; returns null so a read transaction can return it. */
    public static Object await(CountDownLatch latch) {
        try {
            assertTrue(latch.await(DEADLINE.toSeconds(), TimeUnit.SECONDS), "a latch did not open in time");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return null;
    }
}
