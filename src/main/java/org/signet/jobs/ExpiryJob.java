package org.signet.jobs;

import java.time.Clock;
import java.util.List;
import org.signet.service.Workflow;
import org.signet.store.DocumentStore;

/** Expires due documents, with the same audit event as the expire endpoint; runs every 30 seconds. */
public final class ExpiryJob extends DueWork<Long> {

    public ExpiryJob(DocumentStore documents, Workflow workflow, Clock clock) {
        super(documents, workflow, clock);
    }

    @Override
    List<Long> due(long now, int limit) {
        return documents.dueForExpiry(now, limit);
    }

    @Override
    void act(Long documentId) {
        workflow.expireDue(documentId);
    }

    @Override
    String describe(Long documentId) {
        return "Expiry of document " + documentId;
    }
}
