package org.signet.jobs;

import java.time.Clock;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.signet.error.Refusal;
import org.signet.service.Workflow;
import org.signet.store.DocumentStore;

/**
 * A job that acts on what is due in the documents now, found by one query of at most {@link #BATCH} items: each
 * item is acted on alone, so one item's trouble holds up none of the others until the next run. A refusal means
 * the item moved on since the query (finished, recalled, deleted) and needs nothing; any other failure is logged
 * and the next run tries again.
 */
abstract class DueWork<T> implements Runnable {
    private static final Logger LOG = Logger.getLogger("signet.jobs");
    static final int BATCH = 500;

    final DocumentStore documents;
    final Workflow workflow;
    private final Clock clock;

    DueWork(DocumentStore documents, Workflow workflow, Clock clock) {
        this.documents = documents;
        this.workflow = workflow;
        this.clock = clock;
    }

    /** What is due at {@code now} (seconds since the epoch), at most {@code limit} items. */
    abstract List<T> due(long now, int limit);

    /** Acts on one due item; a {@link Refusal} when it no longer needs it. */
    abstract void act(T item);

    /** The item as the log names it, e.g. "expiry of document 7". */
    abstract String describe(T item);

    @Override
    public final void run() {
        runOnce();
    }

    /** Acts on everything due now; returns on how many items it acted. */
    public final int runOnce() {
        int done = 0;
        for (T item : due(clock.millis() / 1000, BATCH)) {
            try {
                act(item);
                done++;
            } catch (Refusal e) {
                LOG.fine(describe(item) + " not needed: " + e.getMessage());
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, describe(item) + " failed; the next run tries again", e);
            }
        }
        return done;
    }
}
