package org.signet.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The JDK server's workers: about as many threads as requests run at once, never more than the cap. */
class WorkerPoolTest {
    @Test
    void workerPool_requestsOneAfterAnother_oneThread() throws Exception {
        ThreadPoolExecutor pool = HttpService.workerPool(1024, "sequential-http-");
        try {
            for (int i = 0; i < 200; i++) {
                pool.submit(() -> {}).get(5, TimeUnit.SECONDS);
                awaitWaitingForWork("sequential-http-");
            }
            assertEquals(1, pool.getLargestPoolSize(), "an idle worker takes the next request");
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void workerPool_moreAtOnceThanTheCap_theRestWaitForAWorker() throws Exception {
        ThreadPoolExecutor pool = HttpService.workerPool(2, "test-http-");
        CountDownLatch release = new CountDownLatch(1);
        try {
            pool.execute(() -> await(release));
            pool.execute(() -> await(release));
            Thread submitter = new Thread(() -> pool.execute(() -> {}));
            submitter.start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (submitter.getState() != Thread.State.WAITING && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertEquals(Thread.State.WAITING, submitter.getState(), "the third waits for a worker");
            release.countDown();
            submitter.join(5_000);
            assertTrue(!submitter.isAlive(), "handed to a worker once one was free");
            assertEquals(2, pool.getLargestPoolSize());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void workerPool_shutDown_refusesInsteadOfWaiting() {
        ThreadPoolExecutor pool = HttpService.workerPool(4, "test-http-");
        pool.shutdown();
        assertThrows(RejectedExecutionException.class, () -> pool.execute(() -> {}));
    }

    /** Until every worker named {@code prefix} waits for the next task, as a worker between requests does. */
    private static void awaitWaitingForWork(String prefix) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (System.nanoTime() < deadline && Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith(prefix))
                .anyMatch(t -> t.getState() != Thread.State.TIMED_WAITING)) {
            Thread.onSpinWait();
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

}
