package org.signet.mail;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.signet.domain.Language;
import org.signet.domain.NewOutboxMessage;
import org.signet.domain.OutboxEntry;
import org.signet.domain.QueuedAttachment;
import org.signet.store.Database;
import org.signet.store.MailOutboxStore;

/**
 * The front of Signet's durable mail queue: renders a message and writes it to
 * {@code mail_outbox}. Called inside {@link Database#inTransaction}, the row joins that
 * transaction, so a message exists exactly when the change that caused it was committed; once it
 * has committed, the sender is woken to deliver it.
 */
public final class MailQueue {
    private final Database db;
    private final MailOutboxStore table;
    private final MessageTemplates templates;
    private final Clock clock;
    private final Runnable wakeSender;

    /** A queue whose messages wait for the sender's next periodic run. */
    public MailQueue(Database db, MessageTemplates templates, Clock clock) {
        this(db, templates, clock, () -> { });
    }

    /** A queue that runs {@code wakeSender} after each transaction that queued a message commits. */
    public MailQueue(Database db, MessageTemplates templates, Clock clock, Runnable wakeSender) {
        this.db = Objects.requireNonNull(db, "db");
        this.table = new MailOutboxStore(db);
        this.templates = Objects.requireNonNull(templates, "templates");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.wakeSender = Objects.requireNonNull(wakeSender, "wakeSender");
    }

    /**
     * Renders {@code template} in {@code language} with {@code vars} now, so a later change to the
     * templates does not alter a queued message, and queues it for delivery at once.
     *
     * @param toName the recipient's name, or null or empty when unknown
     * @param documentId the document the message is about, or null
     * @param attachment a stored file to attach, or null
     * @return the id of the queued message
     * @throws IllegalArgumentException for an unknown template, a missing variable or an empty recipient
     */
    public long enqueue(String template, Language language, Map<String, String> vars, String to, String toName,
                        Long documentId, QueuedAttachment attachment) {
        long id = insert(template, language, vars, to, toName, documentId, attachment);
        db.afterCommit(wakeSender);
        return id;
    }

    /**
     * Queues a message that its caller hands to the sender itself once the transaction has committed
     * (a reminder whose request reports what became of it); the sender is not woken, so the two never
     * race for it. Should the caller not get to it, the sender's next periodic run delivers it.
     */
    public long enqueueForDirectDelivery(String template, Language language, Map<String, String> vars, String to,
            String toName, Long documentId) {
        return insert(template, language, vars, to, toName, documentId, null);
    }

    private long insert(String template, Language language, Map<String, String> vars, String to, String toName,
            Long documentId, QueuedAttachment attachment) {
        Objects.requireNonNull(to, "to");
        if (to.isBlank()) {
            throw new IllegalArgumentException("Mail recipient is empty (template '" + template + "')");
        }
        // Rendering first: a template problem must abort the caller's transaction before anything is written.
        RenderedMessage message = templates.render(template, language, vars);
        return table.insert(new NewOutboxMessage(template, to.strip(), toName == null ? "" : toName.strip(),
                message.subject(), message.text(), message.html(), documentId, attachment),
                clock.instant().getEpochSecond());
    }

    public Optional<OutboxEntry> find(long id) {
        return table.find(id);
    }

    /** Up to {@code limit} messages in {@code status}, oldest first. */
    public List<OutboxEntry> list(OutboxEntry.Status status, int limit) {
        Objects.requireNonNull(status, "status");
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1, not " + limit);
        }
        return table.list(status, limit);
    }

    /** Messages still waiting for delivery, whether due now or later. */
    public int pendingCount() {
        return table.pendingCount();
    }
}
