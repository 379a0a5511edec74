package org.signet.store;

import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.signet.domain.Backlog;
import org.signet.domain.NewOutboxMessage;
import org.signet.domain.OutboxEntry;
import org.signet.domain.QueuedAttachment;

/**
 * The durable mail queue's table, {@code mail_outbox}, shared by the queue that writes messages and
 * the sender that delivers them. Every state change applies only to a pending row, so a message
 * that is sent or failed stays that way; a sender claims messages with a {@link Lease} before it
 * delivers them, and records an outcome only while it holds that lease.
 */
public final class MailOutboxStore {
    private static final String COLUMNS = "id, template, recipient, recipient_name, subject, text_body, html_body, "
            + "document_id, attachment_name, attachment_type, attachment_file_id, status, attempts, "
            + "next_attempt_at, last_error, created_at, sent_at";

    /** The end of an outcome's UPDATE: the lease let go, for the pending message (id, holder) the lease holds. */
    private static final String RELEASED = "claimed_by = NULL, claimed_until = NULL "
            + "WHERE id = ? AND status = 'pending' AND claimed_by = ?";

    private final Database db;

    public MailOutboxStore(Database db) {
        this.db = db;
    }

    /** Queues a rendered message; joins the caller's transaction, so it exists exactly when the change does. */
    public long insert(NewOutboxMessage m, long now) {
        QueuedAttachment attachment = m.attachment();
        return db.insert("INSERT INTO mail_outbox(template, recipient, recipient_name, subject, text_body, "
                        + "html_body, document_id, attachment_name, attachment_type, attachment_file_id, status, "
                        + "attempts, next_attempt_at, created_at) VALUES (?,?,?,?,?,?,?,?,?,?,'pending',0,?,?)",
                m.template(), m.recipient(), m.recipientName(), m.subject(), m.textBody(), m.htmlBody(),
                m.documentId(),
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

    /**
     * Claims up to {@code limit} pending messages due by {@code cutoff} that no unexpired lease holds at
     * {@code now}, first due first (for new messages: the order they were queued), for {@code lease}:
     * one statement, so two instances claiming at once take different messages.
     */
    public List<OutboxEntry> claimDue(long cutoff, long now, int limit, Lease lease) {
        List<OutboxEntry> claimed = new ArrayList<>(db.query("UPDATE mail_outbox SET claimed_by = ?, claimed_until = ? "
                + "WHERE id IN (SELECT id FROM mail_outbox WHERE status = 'pending' AND next_attempt_at <= ? "
                + "AND (claimed_until IS NULL OR claimed_until <= ?) ORDER BY next_attempt_at, id LIMIT ?"
                + db.dialect().skipLocked("mail_outbox") + ") RETURNING " + COLUMNS,
                MailOutboxStore::map, lease.holder(), lease.until(), cutoff, now, limit));
        // RETURNING gives the rows in no promised order
        claimed.sort(Comparator.comparingLong(OutboxEntry::nextAttemptAt).thenComparingLong(OutboxEntry::id));
        return claimed;
    }

    /** Whether {@link #claimDue} would claim anything: a read, so an idle queue costs no write transaction. */
    public boolean anyDue(long cutoff, long now) {
        return db.queryOne("SELECT 1 FROM mail_outbox WHERE status = 'pending' AND next_attempt_at <= ? "
                + "AND (claimed_until IS NULL OR claimed_until <= ?) LIMIT 1", r -> true, cutoff, now).isPresent();
    }

    /** Claims one pending message, due or not, for {@code lease}; empty when it is not pending or another lease holds it. */
    public Optional<OutboxEntry> claim(long id, long now, Lease lease) {
        return db.queryOne("UPDATE mail_outbox SET claimed_by = ?, claimed_until = ? WHERE id = ? AND status = 'pending' "
                + "AND (claimed_until IS NULL OR claimed_until <= ?) RETURNING " + COLUMNS, MailOutboxStore::map,
                lease.holder(), lease.until(), id, now);
    }

    /** A new claim of this instance's ({@link Database#instance()}) from {@code now} for {@code length}. */
    public Lease newLease(long now, Duration length) {
        return Lease.from(db.instance(), now, length);
    }

    /** Lets go of what a stopped run of this instance still held, at its start (see {@link Lease#releaseStoppedRun}). */
    public int releaseStoppedRun() {
        return Lease.releaseStoppedRun(db, "mail_outbox");
    }

    /** Lets go of the messages {@code lease} still holds, untried, so any run may take them at once. */
    public void release(Lease lease) {
        db.update("UPDATE mail_outbox SET claimed_by = NULL, claimed_until = NULL WHERE claimed_by = ?", lease.holder());
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

    /**
     * Records a message as sent, and so on below: only by the holder of its lease, which it lets go;
     * false, changing nothing, when the lease is no longer held (it ran out and another run took the message).
     */
    public boolean markSent(long id, Lease lease, int attempts, long now) {
        return db.update("UPDATE mail_outbox SET status = 'sent', attempts = ?, sent_at = ?, last_error = NULL, "
                + RELEASED, attempts, now, id, lease.holder()) == 1;
    }

    public boolean markRetry(long id, Lease lease, int attempts, long nextAttemptAt, String error) {
        return db.update("UPDATE mail_outbox SET attempts = ?, next_attempt_at = ?, last_error = ?, " + RELEASED,
                attempts, nextAttemptAt, error, id, lease.holder()) == 1;
    }

    public boolean markFailed(long id, Lease lease, int attempts, String error) {
        return db.update("UPDATE mail_outbox SET status = 'failed', attempts = ?, last_error = ?, " + RELEASED,
                attempts, error, id, lease.holder()) == 1;
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
