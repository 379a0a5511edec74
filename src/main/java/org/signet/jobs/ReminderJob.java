package org.signet.jobs;

import java.time.Clock;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.signet.error.Refusal;
import org.signet.service.Workflow;
import org.signet.store.DocumentStore;

/** Automatic reminders: every N days after invitation or the last reminder, until the document is finished. */
public final class ReminderJob implements Runnable {
    private static final Logger LOG = Logger.getLogger("signet.jobs");
    private static final int BATCH = 500;

    private final DocumentStore documents;
    private final Workflow workflow;
    private final Clock clock;

    public ReminderJob(DocumentStore documents, Workflow workflow, Clock clock) {
        this.documents = documents;
        this.workflow = workflow;
        this.clock = clock;
    }

    @Override
    public void run() {
        runOnce();
    }

    /** Queues the reminders that are due, found by one query; returns how many. */
    public int runOnce() {
        int sent = 0;
        for (DocumentStore.DueReminder due : documents.dueForReminder(clock.millis() / 1000, BATCH)) {
            if (remind(due)) {
                sent++;
            }
        }
        return sent;
    }

    private boolean remind(DocumentStore.DueReminder due) {
        try {
            workflow.remindDue(due.documentId(), due.signerId());
            return true;
        } catch (Refusal e) {
            // The document or the signer moved on since the query (recalled, signed, deleted).
            LOG.fine("Reminder to signer " + due.signerId() + " of document " + due.documentId() + " not needed: "
                    + e.getMessage());
            return false;
        } catch (RuntimeException e) {
            // One signer's trouble must not hold up the reminders of every other document until the next run.
            LOG.log(Level.WARNING, "Reminder to signer " + due.signerId() + " of document " + due.documentId()
                    + " not queued", e);
            return false;
        }
    }
}
