package org.signet.mail;

import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import org.signet.store.Database;
import org.signet.store.Row;

/**
 * The SQL of the {@code mail_outbox} table, shared by the queue that writes messages and the
 * sender that delivers them. Every state change applies only to a pending row, so a message
 * that is sent or failed stays that way.
 */
final class OutboxTable {
    private static final String COLUMNS = "id, template, recipient, recipient_name, subject, text_body, html_body, "
            + "document_id, attachment_name, attachment_type, attachment_file_id, status, attempts, "
            + "next_attempt_at, last_error, created_at, sent_at";

    private final Database db;

    OutboxTable(Database db) {
        this.db = db;
    }

    long insert(String template, String to, String toName, RenderedMessage message, Long documentId,
                QueuedAttachment attachment, long now) {
        return db.insert("INSERT INTO mail_outbox(template, recipient, recipient_name, subject, text_body, "
                        + "html_body, document_id, attachment_name, attachment_type, attachment_file_id, status, "
                        + "attempts, next_attempt_at, created_at) VALUES (?,?,?,?,?,?,?,?,?,?,'pending',0,?,?)",
                template, to, toName, message.subject(), message.text(), message.html(), documentId,
                attachment == null ? null : attachment.filename(),
                attachment == null ? null : attachment.contentType(),
                attachment == null ? null : attachment.storedFileId(), now, now);
    }

    Optional<OutboxEntry> find(long id) {
        return db.queryOne("SELECT " + COLUMNS + " FROM mail_outbox WHERE id = ?", OutboxTable::map, id);
    }

    List<OutboxEntry> list(OutboxEntry.Status status, int limit) {
        return db.query("SELECT " + COLUMNS + " FROM mail_outbox WHERE status = ? ORDER BY id LIMIT ?",
                OutboxTable::map, status.wire(), limit);
    }

    /** Pending messages due by {@code now}, first due first (for new messages: the order they were queued). */
    List<OutboxEntry> due(long now, int limit) {
        return db.query("SELECT " + COLUMNS + " FROM mail_outbox WHERE status = 'pending' AND next_attempt_at <= ? "
                + "ORDER BY next_attempt_at, id LIMIT ?", OutboxTable::map, now, limit);
    }

    int pendingCount() {
        return (int) db.queryLong("SELECT count(*) FROM mail_outbox WHERE status = 'pending'");
    }

    void markSent(long id, int attempts, long now) {
        db.update("UPDATE mail_outbox SET status = 'sent', attempts = ?, sent_at = ?, last_error = NULL "
                + "WHERE id = ? AND status = 'pending'", attempts, now, id);
    }

    void markRetry(long id, int attempts, long nextAttemptAt, String error) {
        db.update("UPDATE mail_outbox SET attempts = ?, next_attempt_at = ?, last_error = ? "
                + "WHERE id = ? AND status = 'pending'", attempts, nextAttemptAt, error, id);
    }

    void markFailed(long id, int attempts, String error) {
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
