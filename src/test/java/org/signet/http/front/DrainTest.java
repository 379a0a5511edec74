package org.signet.http.front;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The bounds of a closing link's drain, each at its boundary: quiet time, total time, bytes. */
class DrainTest {
    @Test
    void over_notStarted_never() {
        Drain d = new Drain();
        assertFalse(d.over(1_000_000));
    }

    @Test
    void over_clientQuiet_endsJustAfterTheIdleLimit() {
        Drain d = new Drain();
        d.start(1_000);
        assertFalse(d.over(1_000 + Drain.IDLE_MS));
        assertTrue(d.over(1_000 + Drain.IDLE_MS + 1));
    }

    @Test
    void over_clientSendingSteadily_endsJustAfterTheTotalLimit() {
        Drain d = new Drain();
        d.start(0);
        for (long t = 500; t <= Drain.MAX_MS; t += 500) {
            assertFalse(d.dropped(100, t));
            assertFalse(d.over(t), "at " + t);
        }
        assertTrue(d.over(Drain.MAX_MS + 1));
    }

    @Test
    void dropped_passingTheByteCap_true() {
        Drain d = new Drain();
        assertFalse(d.dropped(Drain.MAX_BYTES - 1, 0), "counted before the drain starts too");
        d.start(0);
        assertFalse(d.dropped(1, 1));
        assertTrue(d.dropped(1, 2));
    }
}
