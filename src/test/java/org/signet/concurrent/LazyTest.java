package org.signet.concurrent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Lazy: made once on first use, one instance for every thread, a failure not kept. */
class LazyTest {

    @Test
    void get_notAskedFor_makesNothing() {
        AtomicInteger made = new AtomicInteger();
        Lazy.of(() -> made.incrementAndGet());

        assertEquals(0, made.get());
    }

    @Test
    void get_manyThreadsRacing_oneInstanceMadeOnce() throws Exception {
        AtomicInteger made = new AtomicInteger();
        Lazy<Object> lazy = Lazy.of(() -> {
            made.incrementAndGet();
            return new Object();
        });
        int threads = 32;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Object>> seen = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                seen.add(pool.submit(() -> {
                    start.await();
                    return lazy.get();
                }));
            }
            start.countDown();
            Object first = seen.get(0).get(10, TimeUnit.SECONDS);
            for (Future<Object> f : seen) {
                assertSame(first, f.get(10, TimeUnit.SECONDS));
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(1, made.get());
    }

    @Test
    void get_makingFails_triesAgainNextTime() {
        AtomicInteger calls = new AtomicInteger();
        Lazy<String> lazy = Lazy.of(() -> {
            if (calls.incrementAndGet() == 1) {
                throw new IllegalStateException("not yet");
            }
            return "made";
        });

        assertThrows(IllegalStateException.class, lazy::get);
        assertEquals("made", lazy.get());
        assertEquals("made", lazy.get());
        assertEquals(2, calls.get());
    }

    @Test
    void get_madeAsNull_refused() {
        Lazy<String> lazy = Lazy.of(() -> null);

        assertTrue(assertThrows(NullPointerException.class, lazy::get).getMessage().contains("null"));
    }
}
