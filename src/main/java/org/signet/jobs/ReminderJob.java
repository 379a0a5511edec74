package org.signet.jobs;

import java.time.Clock;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.signet.domain.Signer;
import org.signet.service.Workflow;
import org.signet.store.DocumentStore;

/** Automatic reminders (S5): every N days after invitation, until the document is finished. */
public final class ReminderJob implements Runnable {
    private static final Logger LOG = Logger.getLogger("signet.jobs");
    private static final long DAY = 86_400;

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

    /** Queues the reminders that are due; returns how many. */
    public int runOnce() {
        long now = clock.millis() / 1000;
        int sent = 0;
        for (long[] doc : documents.withReminders()) {
            for (Signer s : workflow.remindable(doc[0])) {
                long since = s.lastRemindedAt() != null ? s.lastRemindedAt() : s.invitedAt();
                if (now - since >= doc[1] * DAY && remind(doc[0], s)) {
                    sent++;
                }
            }
        }
        return sent;
    }

    private boolean remind(long documentId, Signer s) {
        try {
            workflow.remindDue(documentId, s.id());
            return true;
        } catch (RuntimeException e) {
            // One signer's trouble (the document recalled meanwhile, a message that cannot be queued)
            // must not hold up the reminders of every other document until the next run.
            LOG.log(Level.WARNING, "Reminder to signer " + s.id() + " of document " + documentId + " not queued", e);
            return false;
        }
    }
}
