package org.signet.store;

import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import org.signet.domain.Backlog;
import org.signet.domain.OutboxEntry;
import org.signet.domain.QueuedAttachment;

/**
 * The durable mail queue's table, {@code mail_outbox}, shared by the queue that writes messages and
 * the sender that delivers them. Every state change applies only to a pending row, so a message
 * that is sent or failed stays that way.
 */
public final class MailOutboxStore {
    private static final String COLUMNS = "id, template, recipient, recipient_name, subject, text_body, html_body, "
            + "document_id, attachment_name, attachment_type, attachment_file_id, status, attempts, "
            + "next_attempt_at, last_error, created_at, sent_at";

    private final Database db;

    public MailOutboxStore(Database db) {
        this.db = db;
    }

    /** Queues a rendered message; joins the caller's transaction, so it exists exactly when the change does. */
    public long insert(String template, String to, String toName, String subject, String text, String html,
            Long documentId, QueuedAttachment attachment, long now) {
        return db.insert("INSERT INTO mail_outbox(template, recipient, recipient_name, subject, text_body, "
                        + "html_body, document_id, attachment_name, attachment_type, attachment_file_id, status, "
                        + "attempts, next_attempt_at, created_at) VALUES (?,?,?,?,?,?,?,?,?,?,'pending',0,?,?)",
                template, to, toName, subject, text, html, documentId,
                attachment == null ? null : attachment.filename(),
                attachment == null ? null : attachment.contentType(),
                attachment == null ? null : attachment.storedFileId(), now, now);
    }

    /**
     * Points the messages not yet sent that attach stored file {@code from} at {@code to} instead
     * (a sealed PDF replaced by its renewal); joins the caller's transaction.
     */
    public int moveAttachments(long from, long to) {
        return db.update("UPDATE mail_outbox SET attachment_file_id = ? WHERE attachment_file_id = ? "
                + "AND status = 'pending'", to, from);
    }

    public Optional<OutboxEntry> find(long id) {
        return db.queryOne("SELECT " + COLUMNS + " FROM mail_outbox WHERE id = ?", MailOutboxStore::map, id);
    }

    public List<OutboxEntry> list(OutboxEntry.Status status, int limit) {
        return db.query("SELECT " + COLUMNS + " FROM mail_outbox WHERE status = ? ORDER BY id LIMIT ?",
                MailOutboxStore::map, status.wire(), limit);
    }

    /** Pending messages due by {@code now}, first due first (for new messages: the order they were queued). */
    public List<OutboxEntry> due(long now, int limit) {
        return db.query("SELECT " + COLUMNS + " FROM mail_outbox WHERE status = 'pending' AND next_attempt_at <= ? "
                + "ORDER BY next_attempt_at, id LIMIT ?", MailOutboxStore::map, now, limit);
    }

    /** The messages still to be handed over, and when the oldest was queued. */
    public Backlog backlog() {
        return db.queryOne("SELECT count(*) AS depth, min(created_at) AS oldest FROM mail_outbox WHERE status = 'pending'",
                r -> new Backlog(r.getLong("depth"), r.nullableLong("oldest"))).orElseThrow();
    }

    public int pendingCount() {
        return (int) db.queryLong("SELECT count(*) FROM mail_outbox WHERE status = 'pending'");
    }

    /** Deletes up to {@code limit} messages sent before {@code before}; returns how many. */
    public int deleteSentBefore(long before, int limit) {
        return db.update("DELETE FROM mail_outbox WHERE id IN (SELECT id FROM mail_outbox WHERE status = 'sent' "
                + "AND sent_at < ? LIMIT ?)", before, limit);
    }

    public void markSent(long id, int attempts, long now) {
        db.update("UPDATE mail_outbox SET status = 'sent', attempts = ?, sent_at = ?, last_error = NULL "
                + "WHERE id = ? AND status = 'pending'", attempts, now, id);
    }

    public void markRetry(long id, int attempts, long nextAttemptAt, String error) {
        db.update("UPDATE mail_outbox SET attempts = ?, next_attempt_at = ?, last_error = ? "
                + "WHERE id = ? AND status = 'pending'", attempts, nextAttemptAt, error, id);
    }

    public void markFailed(long id, int attempts, String error) {
        db.update("UPDATE mail_outbox SET status = 'failed', attempts = ?, last_error = ? "
                + "WHERE id = ? AND status = 'pending'", attempts, error, id);
    }

    private static OutboxEntry map(Row r) throws SQLException {
        Long fileId = r.nullableLong("attachment_file_id");
        QueuedAttachment attachment = fileId == null ? null
                : new QueuedAttachment(r.string("attachment_name"), r.string("attachment_type"), fileId);
        return new OutboxEntry(r.getLong("id"), r.string("template"), r.string("recipient"),
                r.string("recipient_name"), r.string("subject"), r.string("text_body"), r.string("html_body"),
                r.nullableLong("document_id"), attachment, OutboxEntry.Status.fromWire(r.string("status")),
                r.getInt("attempts"), r.getLong("next_attempt_at"), r.string("last_error"),
                r.getLong("created_at"), r.nullableLong("sent_at"));
    }
}
