package org.signet.jobs;

import java.time.Clock;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.signet.error.Refusal;
import org.signet.service.Workflow;
import org.signet.store.DocumentStore;

/** Expires due documents, with the same audit event as the expire endpoint; runs every 30 seconds. */
public final class ExpiryJob implements Runnable {
    private static final Logger LOG = Logger.getLogger("signet.jobs");

    private final DocumentStore documents;
    private final Workflow workflow;
    private final Clock clock;

    public ExpiryJob(DocumentStore documents, Workflow workflow, Clock clock) {
        this.documents = documents;
        this.workflow = workflow;
        this.clock = clock;
    }

    @Override
    public void run() {
        runOnce();
    }

    /** Expires every document due now; returns how many. */
    public int runOnce() {
        int expired = 0;
        for (long id : documents.dueForExpiry(clock.millis() / 1000, 500)) {
            try {
                workflow.expireDue(id);
                expired++;
            } catch (Refusal e) {
                // Completed, declined or deleted since it was listed: nothing to do for this one.
                LOG.fine("document " + id + " not expired: " + e.getMessage());
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "document " + id + " could not be expired; the next run tries again", e);
            }
        }
        return expired;
    }
}
