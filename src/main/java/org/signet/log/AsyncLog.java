package org.signet.log;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Hands log records to a logger on one background thread, so a request thread never formats a line
 * or waits for the console's lock and flush; the logger's handlers are flushed once per batch. The queue is bounded; when it is full, the thread that
 * logs waits for room. Nothing is dropped: a log that cannot keep up slows requests down, as writing
 * in line did before, instead of losing lines that say what was served.
 */
final class AsyncLog {
    private static final int BATCH = 512;
    private static final long GATHER_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private final Logger logger;
    private final BlockingQueue<LogRecord> queue;
    private final AtomicLong queued = new AtomicLong();
    /** Records handed to the logger so far; only the writer thread moves it. */
    private volatile long written;

    AsyncLog(Logger logger, int capacity, String threadName) {
        this.logger = logger;
        this.queue = new ArrayBlockingQueue<>(capacity);
        Thread writer = new Thread(this::run, threadName);
        // A daemon, so it never keeps a JVM alive; a graceful stop waits for it with awaitWritten.
        writer.setDaemon(true);
        writer.start();
    }

    /** Queues a record, waiting for room while the queue is full. */
    void log(LogRecord record) {
        queued.incrementAndGet();
        boolean interrupted = false;
        while (true) {
            try {
                queue.put(record);
                break;
            } catch (InterruptedException e) {
                // The line still goes out: a request interrupted on its way out was nonetheless served.
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Records waiting in the queue now (not those the writer is handing over). */
    int queued() {
        return queue.size();
    }

    /** Waits until every record queued so far has been handed to the logger; false if the time ran out. */
    boolean awaitWritten(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        long target = queued.get();
        while (written < target) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }
        return true;
    }

    private void run() {
        List<LogRecord> batch = new ArrayList<>(BATCH);
        while (true) {
            try {
                batch.add(queue.take());
            } catch (InterruptedException e) {
                continue;
            }
            // Let a busy server's lines gather for a moment: while this thread is not waiting in
            // take(), a request queues its line without waking anyone.
            LockSupport.parkNanos(GATHER_NANOS);
            queue.drainTo(batch, BATCH - 1);
            for (LogRecord r : batch) {
                publish(r);
            }
            flush();
            written += batch.size();
            batch.clear();
        }
    }

    /** Flushes the handlers the logger's records reach, once per batch. */
    private void flush() {
        for (Logger l = logger; l != null; l = l.getUseParentHandlers() ? l.getParent() : null) {
            for (Handler h : l.getHandlers()) {
                try {
                    h.flush();
                } catch (RuntimeException e) {
                    System.err.println("signet: a log handler could not be flushed (" + e + ")");
                }
            }
        }
    }

    private void publish(LogRecord r) {
        try {
            logger.log(r);
        } catch (RuntimeException e) {
            // A handler failed: say so where an operator looks, and keep writing the others.
            System.err.println("signet: a log line could not be written (" + e + "): " + r.getMessage());
        }
    }
}
