package org.signet.http.front;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The minimum transfer rate, with time handed in as the front's ticks hand it in (every 250 ms). */
class TransferRateTest {
    private static final long TICK_MS = 250;

    @Test
    void tooSlowAfter_steadyAtThreeTimesTheMinimum_neverTooSlow() {
        TransferRate rate = new TransferRate(1_000);
        for (int tick = 0; tick < 44; tick++) { // eleven seconds, 750 bytes a tick: 3,000 bytes a second
            rate.moved(750);
            assertFalse(rate.tooSlowAfter(TICK_MS), "tick " + tick);
        }
    }

    @Test
    void tooSlowAfter_stalledAfterTheHead_tooSlowWhenTheWindowCloses() {
        TransferRate rate = new TransferRate(1_000);
        rate.moved(200);
        for (long waited = TICK_MS; waited < TransferRate.WINDOW_MS; waited += TICK_MS) {
            assertFalse(rate.tooSlowAfter(TICK_MS), "judged only once a whole window has passed, at " + waited);
        }
        assertTrue(rate.tooSlowAfter(TICK_MS));
    }

    @Test
    void tooSlowAfter_exactlyTheMinimum_passes() {
        TransferRate rate = new TransferRate(2_048);
        rate.moved(2_048 * 10);
        assertFalse(rate.tooSlowAfter(TransferRate.WINDOW_MS));
        rate.moved(2_048 * 10 - 1);
        assertTrue(rate.tooSlowAfter(TransferRate.WINDOW_MS), "each window is judged on its own bytes");
    }

    @Test
    void tooSlowAfter_fastWindowThenStall_theStalledWindowFails() {
        TransferRate rate = new TransferRate(1_000);
        rate.moved(1_000_000);
        assertFalse(rate.tooSlowAfter(TransferRate.WINDOW_MS));
        assertTrue(rate.tooSlowAfter(TransferRate.WINDOW_MS), "a burst earlier does not pay for a stall later");
    }
}
