package org.signet.jobs;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.signet.service.BulkSends;

/**
 * Makes the rows of running bulk sends a batch at a time. A full batch hands the next one back to the
 * scheduler rather than looping on, so that a stop waits for one batch at most and the rows left wait
 * in the database for the next start. One run at a time: a wake-up while a batch runs is dropped, the
 * running one goes on.
 */
public final class BulkSendJob implements Runnable {
    /** Rows per run: about a second or two of work. */
    static final int BATCH = 20;

    private final BulkSends bulkSends;
    private final Consumer<Runnable> resubmit;
    private final AtomicBoolean running = new AtomicBoolean();

    public BulkSendJob(BulkSends bulkSends, Consumer<Runnable> resubmit) {
        this.bulkSends = bulkSends;
        this.resubmit = resubmit;
    }

    @Override
    public void run() {
        if (runOnce() == BATCH) {
            resubmit.accept(this);
        }
    }

    /** Makes up to one batch of rows; returns how many (0 when another run is going on). */
    public int runOnce() {
        if (!running.compareAndSet(false, true)) {
            return 0;
        }
        try {
            return bulkSends.runOnce(BATCH);
        } finally {
            running.set(false);
        }
    }
}
