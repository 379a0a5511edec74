package org.signet.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.SocketException;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The load counts each failed request by what it was, so a report can say which answers were not 2xx. */
class LoadFailuresTest {
    @Test
    void run_failuresCountedByWhatTheyWere() throws Exception {
        AtomicLong sent = new AtomicLong();
        LoadResult r = Load.run(2, n -> new Load.Worker() {
            @Override
            public Optional<String> once() throws IOException {
                long k = sent.incrementAndGet();
                if (k % 7 == 0) {
                    throw new SocketException("reset");
                }
                return k % 3 == 0 ? Optional.of("503") : Optional.empty();
            }

            @Override
            public void close() {}
        }, Duration.ZERO, Duration.ofMillis(200));

        assertTrue(r.completed() > 0, "successes: " + r.completed());
        assertEquals(Set.of("503", "SocketException"), r.failures().keySet());
        assertTrue(r.failures().get("503") > r.failures().get("SocketException"), r.failuresText());
        assertEquals(r.failures().get("503") + r.failures().get("SocketException"), r.errors());
        assertTrue(r.failuresText().matches("503: \\d+, SocketException: \\d+"), r.failuresText());
    }

    @Test
    void failuresText_noFailures_saysNone() {
        assertEquals("none", new LoadResult(5, Map.of(), 1, new Latencies()).failuresText());
    }
}
