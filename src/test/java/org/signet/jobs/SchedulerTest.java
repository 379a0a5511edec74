package org.signet.jobs;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.signet.support.Waits;

/** The scheduler: failures do not stop later runs, slow work does not hold up other jobs, and close is orderly. */
class SchedulerTest {
    private static final long WAIT_SECONDS = 10;

    @Test
    void every_taskThatThrows_keepsRunning() throws Exception {
        CountDownLatch threeRuns = new CountDownLatch(3);
        try (Scheduler s = new Scheduler(2)) {
            s.every("flaky", Duration.ZERO, Duration.ofMillis(5), () -> {
                threeRuns.countDown();
                throw new IllegalStateException("boom");
            });

            assertTrue(threeRuns.await(WAIT_SECONDS, TimeUnit.SECONDS), "a failure cancelled the job");
        }
    }

    @Test
    void every_slowJob_otherJobsStillRun() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch otherRan = new CountDownLatch(3);
        try (Scheduler s = new Scheduler(2)) {
            s.every("slow seal", Duration.ZERO, Duration.ofMillis(5), () -> await(release));
            s.every("expiry", Duration.ofMillis(20), Duration.ofMillis(5), otherRan::countDown);

            assertTrue(otherRan.await(WAIT_SECONDS, TimeUnit.SECONDS), "the slow job held up the others");
            release.countDown();
        }
    }

    @Test
    void every_previousRunStillGoing_skipsItsTurn() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch started = new CountDownLatch(1);
        AtomicInteger concurrent = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        try (Scheduler s = new Scheduler(4)) {
            s.every("long", Duration.ZERO, Duration.ofMillis(2), () -> {
                most.accumulateAndGet(concurrent.incrementAndGet(), Math::max);
                started.countDown();
                await(release);
                concurrent.decrementAndGet();
            });
            assertTrue(started.await(WAIT_SECONDS, TimeUnit.SECONDS));
            CountDownLatch later = new CountDownLatch(1);
            s.soon("marker", later::countDown);
            assertTrue(later.await(WAIT_SECONDS, TimeUnit.SECONDS));
            release.countDown();
        }
        assertEquals(1, most.get(), "two runs of one job overlapped");
    }

    @Test
    void soon_afterClose_droppedWithoutAnException() {
        Scheduler s = new Scheduler(1);
        s.close();

        assertDoesNotThrow(() -> s.soon("mail", () -> {
            throw new AssertionError("ran after close");
        }));
    }

    @Test
    void close_waitsForRunningWork() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        AtomicInteger finished = new AtomicInteger();
        Scheduler s = new Scheduler(1);
        s.soon("seal", () -> {
            started.countDown();
            // Busy for a while without sleeping, as a seal is while it draws and signs.
            for (long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(200); System.nanoTime() < until; ) {
                Thread.onSpinWait();
            }
            finished.incrementAndGet();
        });
        assertTrue(started.await(WAIT_SECONDS, TimeUnit.SECONDS));

        s.close();

        assertEquals(1, finished.get(), "close returned before the running job finished");
    }

    @Test
    void close_jobStillRunningAfterTheWait_isInterruptedAndAllowedToWindDown() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        AtomicInteger woundDown = new AtomicInteger();
        Scheduler s = new Scheduler(1, java.time.Duration.ofMillis(50));
        s.soon("mail", () -> {
            started.countDown();
            while (!Thread.currentThread().isInterrupted()) {
                Thread.onSpinWait();
            }
            // Putting the work back in order (marking a message for retry) takes a moment.
            for (long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(200); System.nanoTime() < until; ) {
                Thread.onSpinWait();
            }
            woundDown.incrementAndGet();
        });
        assertTrue(started.await(WAIT_SECONDS, TimeUnit.SECONDS));

        s.close();

        assertEquals(1, woundDown.get(), "close returned while the interrupted job still wound down");
    }

    @Test
    void close_dropsWorkNotYetStarted() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger queuedRan = new AtomicInteger();
        Scheduler s = new Scheduler(1);
        s.soon("seal", () -> {
            started.countDown();
            await(release);
        });
        assertTrue(started.await(WAIT_SECONDS, TimeUnit.SECONDS));
        for (int i = 0; i < 100; i++) {
            s.soon("seal", queuedRan::incrementAndGet);
        }

        Thread closing = new Thread(s::close);
        closing.start();
        // Waiting for the running job is the last thing close does, after it dropped the queue.
        Waits.awaitUntil(() -> closing.getState() == Thread.State.TIMED_WAITING, "close waiting for the running job");
        release.countDown();
        closing.join(TimeUnit.SECONDS.toMillis(WAIT_SECONDS));

        assertTrue(!closing.isAlive(), "close did not return");
        assertEquals(0, queuedRan.get(), "work that waited for a worker ran during the stop");
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
