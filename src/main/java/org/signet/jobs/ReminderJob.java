package org.signet.jobs;

import java.time.Clock;
import java.util.List;
import org.signet.service.Workflow;
import org.signet.store.DocumentStore;

/** Automatic reminders: every N days after invitation or the last reminder, until the document is finished. */
public final class ReminderJob extends DueWork<DocumentStore.DueReminder> {

    public ReminderJob(DocumentStore documents, Workflow workflow, Clock clock) {
        super(documents, workflow, clock);
    }

    @Override
    List<DocumentStore.DueReminder> due(long now, int limit) {
        return documents.dueForReminder(now, limit);
    }

    @Override
    void act(DocumentStore.DueReminder due) {
        workflow.remindDue(due.documentId(), due.signerId());
    }

    @Override
    String describe(DocumentStore.DueReminder due) {
        return "Reminder to signer " + due.signerId() + " of document " + due.documentId();
    }
}
