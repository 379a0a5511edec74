package org.signet.log;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The background log writer with a recording handler: nothing dropped, order kept, waiting when full. */
class AsyncLogTest {
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final List<String> written = new ArrayList<>();

    @AfterEach
    void stop() {
        threads.shutdownNow();
    }

    /** A logger of its own whose handler records each message, after {@code gate} opens. */
    private Logger recording(CountDownLatch gate, String failOn) {
        Logger logger = Logger.getAnonymousLogger();
        logger.setUseParentHandlers(false);
        logger.addHandler(new Handler() {
            @Override
            public void publish(LogRecord r) {
                try {
                    gate.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                if (r.getMessage().equals(failOn)) {
                    throw new IllegalStateException("disk full");
                }
                synchronized (written) {
                    written.add(r.getMessage());
                }
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        });
        return logger;
    }

    private static LogRecord line(String message) {
        return new LogRecord(Level.INFO, message);
    }

    @Test
    void log_queueFull_waitsForRoomInsteadOfDropping() throws Exception {
        CountDownLatch gate = new CountDownLatch(1);
        AsyncLog log = new AsyncLog(recording(gate, null), 2, "test-log");
        CompletableFuture<Void> producer = CompletableFuture.runAsync(() -> {
            for (int i = 0; i < 10; i++) {
                log.log(line("line " + i));
            }
        }, threads);

        // The writer is stuck in the handler with its first batch and the queue is full again: the
        // producer, with lines left, can only be waiting for room.
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (log.queued() < 2) {
            assertTrue(System.nanoTime() < deadline, "the queue never filled");
            LockSupport.parkNanos(Duration.ofMillis(1).toNanos());
        }
        assertFalse(producer.isDone(), "ten lines fitted in a queue of two: some were dropped");
        gate.countDown();
        producer.get(10, TimeUnit.SECONDS);

        assertTrue(log.awaitWritten(Duration.ofSeconds(10)));
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            expected.add("line " + i);
        }
        assertEquals(expected, written);
    }

    @Test
    void log_sixteenThreads_everyLineWrittenOnce() throws Exception {
        CountDownLatch open = new CountDownLatch(0);
        AsyncLog log = new AsyncLog(recording(open, null), 64, "test-log");
        List<CompletableFuture<Void>> producers = new ArrayList<>();
        for (int t = 0; t < 16; t++) {
            int thread = t;
            producers.add(CompletableFuture.runAsync(() -> {
                for (int i = 0; i < 1000; i++) {
                    log.log(line(thread + ":" + i));
                }
            }, threads));
        }
        for (CompletableFuture<Void> p : producers) {
            p.get(30, TimeUnit.SECONDS);
        }

        assertTrue(log.awaitWritten(Duration.ofSeconds(10)));
        synchronized (written) {
            assertEquals(16_000, written.size());
            assertEquals(16_000, new HashSet<>(written).size());
        }
    }

    @Test
    void awaitWritten_lineStillWithTheHandler_waitsForIt() {
        CountDownLatch gate = new CountDownLatch(1);
        AsyncLog log = new AsyncLog(recording(gate, null), 8, "test-log");
        log.log(line("slow"));

        assertFalse(log.awaitWritten(Duration.ofMillis(200)), "not written while the handler holds it");
        gate.countDown();

        assertTrue(log.awaitWritten(Duration.ofSeconds(10)));
        assertEquals(List.of("slow"), written);
    }

    @Test
    void log_handlerFailsOnOneLine_theOthersAreStillWritten() {
        AsyncLog log = new AsyncLog(recording(new CountDownLatch(0), "bad"), 8, "test-log");

        log.log(line("before"));
        log.log(line("bad"));
        log.log(line("after"));

        assertTrue(log.awaitWritten(Duration.ofSeconds(10)));
        assertEquals(List.of("before", "after"), written);
    }
}
