package org.signet.store;

import java.sql.SQLException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.signet.domain.DocumentStatus;
import org.signet.domain.LegalHold;
import org.signet.domain.PurgeRecord;
import org.signet.domain.RetentionPolicy;
import org.signet.domain.SealLevel;

/**
 * The rows of data that leaves on time: which documents are due to be purged, the legal holds that keep them,
 * the purge itself as far as the rows that do not follow a document by foreign key, the records purged
 * documents leave, and the claim that runs the daily purge once across instances.
 */
public final class RetentionStore {
    private static final String SINCE = "COALESCE(d.status_since, d.updated_at)";
    private static final List<DocumentStatus> ENDED = List.of(DocumentStatus.COMPLETED, DocumentStatus.DECLINED,
            DocumentStatus.EXPIRED, DocumentStatus.DRAFT);

    private final Database db;
    private final Clock clock;

    public RetentionStore(Database db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    /** A document whose retention has run out: what decides it, and the hold that keeps it, if any. */
    public record Due(long id, long ownerId, DocumentStatus status, long since, Integer ownDays,
            Optional<LegalHold> hold) {}

    /**
     * Documents whose period under {@code policy} has run out by {@code asOf}, after id {@code afterId}, in id
     * order, at most {@code limit}; held ones too, with their hold. A completed document still in line to be
     * sealed waits for its seal.
     */
    public List<Due> due(RetentionPolicy policy, long asOf, long afterId, int limit) {
        List<Object> params = new ArrayList<>(List.of(afterId, asOf));
        StringBuilder site = new StringBuilder("1 = 0");
        for (DocumentStatus s : ENDED) {
            if (policy.daysFor(s) > 0) {
                site.append(" OR (d.status = ? AND " + SINCE + " <= ?)");
                params.add(s.wire());
                params.add(asOf - policy.daysFor(s) * 86_400L);
            }
        }
        params.add(limit);
        return db.query("SELECT d.id, d.owner_id, d.status, " + SINCE + " AS since, d.retention_days, h.reason, "
                + "h.placed_at FROM documents d LEFT JOIN legal_holds h ON h.document_id = d.id "
                + "WHERE d.status IN ('draft', 'completed', 'declined', 'expired') AND d.id > ? "
                + "AND NOT (d.status = 'completed' AND d.signed_file_id IS NULL AND d.seal_retry_at IS NOT NULL) "
                + "AND ((d.retention_days > 0 AND " + SINCE + " + d.retention_days * 86400 <= ?) "
                + "OR (d.retention_days IS NULL AND (" + site + "))) ORDER BY d.id LIMIT ?", RetentionStore::due,
                params.toArray());
    }

    /** Document {@code id} as {@link #due} reads it, whether due or not; empty when it no longer exists. */
    public Optional<Due> find(long id) {
        return db.queryOne("SELECT d.id, d.owner_id, d.status, " + SINCE + " AS since, d.retention_days, h.reason, "
                + "h.placed_at FROM documents d LEFT JOIN legal_holds h ON h.document_id = d.id WHERE d.id = ?",
                RetentionStore::due, id);
    }

    /** Places a hold on document {@code id}, or replaces its reason; false when one was already placed. */
    public boolean hold(long id, String reason) {
        boolean placed = db.update("UPDATE legal_holds SET reason = ? WHERE document_id = ?", reason, id) == 0;
        if (placed) {
            db.update("INSERT INTO legal_holds(document_id, reason, placed_at) VALUES (?,?,?)", id, reason, now());
        }
        return placed;
    }

    /** Releases the hold on document {@code id}; false when there was none. */
    public boolean release(long id) {
        return db.update("DELETE FROM legal_holds WHERE document_id = ?", id) == 1;
    }

    public Optional<LegalHold> holdOf(long id) {
        return db.queryOne("SELECT document_id, reason, placed_at FROM legal_holds WHERE document_id = ?",
                r -> new LegalHold(r.getLong("document_id"), r.string("reason"), r.getLong("placed_at")), id);
    }

    /**
     * Writes the record document {@code id} leaves (its times, seal, number of parties, audit head and every
     * sealed revision), read from its rows before they go. Run inside the purge's transaction, the document locked.
     */
    public void record(long id) {
        db.update("INSERT INTO purged_documents(id, owner_id, status, created_at, sent_at, completed_at, status_since, "
                + "seal_level, sealed_at, parties, audit_head, purged_at) SELECT d.id, d.owner_id, d.status, d.created_at, "
                + "d.sent_at, d.completed_at, " + SINCE + ", d.seal_level, d.sealed_at, "
                + "(SELECT count(*) FROM signers s WHERE s.document_id = d.id), d.audit_head, ? FROM documents d "
                + "WHERE d.id = ?", now(), id);
        db.update("INSERT INTO purged_revisions(sha256, document_id, created_at) SELECT sha256, document_id, created_at "
                + "FROM sealed_revisions WHERE document_id = ?", id);
    }

    /** The stored files of document {@code id}'s files, each original and its PDF: the purge destroys them too. */
    public List<Long> filesOfDocument(long id) {
        return db.query("SELECT original_file_id AS f FROM document_files WHERE document_id = ? UNION "
                + "SELECT pdf_file_id FROM document_files WHERE document_id = ?", r -> r.getLong("f"), id, id);
    }

    /**
     * Removes what names document {@code id}'s people without a foreign key to it: its queued and sent mail,
     * its webhook deliveries (and their attempts), and the row of a bulk send that made it. Run inside the purge.
     */
    public void scrubUnlinked(long id) {
        db.update("DELETE FROM mail_outbox WHERE document_id = ?", id);
        db.update("DELETE FROM webhook_deliveries WHERE document_id = ?", id);
        db.update("UPDATE bulk_send_rows SET request = '{}', error = NULL WHERE document_id = ?", id);
    }

    /** The record a purged document left, with its sealed revisions oldest first. */
    public Optional<PurgeRecord> purged(long id) {
        List<String> revisions = db.query("SELECT sha256 FROM purged_revisions WHERE document_id = ? "
                + "ORDER BY created_at, sha256", r -> r.string("sha256"), id);
        return db.queryOne("SELECT id, owner_id, status, created_at, sent_at, completed_at, status_since, "
                + "seal_level, sealed_at, parties, audit_head, purged_at FROM purged_documents WHERE id = ?", r -> record(r, revisions), id);
    }

    /** The purged document one of whose sealed revisions has this SHA-256. */
    public Optional<Long> purgedRevisionOwner(String sha256) {
        return db.queryOne("SELECT document_id FROM purged_revisions WHERE sha256 = ?", r -> r.getLong("document_id"),
                sha256);
    }

    /** How many documents have been purged, ever: their records are never removed. */
    public long purgedCount() {
        return db.queryLong("SELECT count(*) FROM purged_documents");
    }

    /**
     * Claims today's run of {@code job} for {@code holder} until {@code until}, compare-and-set: false when
     * another's claim still holds at {@code now}, or a run finished less than {@code everySeconds} ago.
     */
    public boolean claimDailyRun(String job, String holder, long now, long until, long everySeconds) {
        return db.update("UPDATE daily_runs SET claimed_by = ?, claimed_until = ? WHERE job = ? "
                + "AND (claimed_until IS NULL OR claimed_until <= ?) AND (finished_at IS NULL OR finished_at <= ?)",
                holder, until, job, now, now - everySeconds) == 1;
    }

    /** Records that {@code holder}'s run of {@code job} finished at {@code now}, and lets go of its claim. */
    public void finishDailyRun(String job, String holder, long now) {
        db.update("UPDATE daily_runs SET claimed_by = NULL, claimed_until = NULL, finished_at = ? WHERE job = ? "
                + "AND claimed_by = ?", now, job, holder);
    }

    private long now() {
        return clock.millis() / 1000;
    }

    private static Due due(Row r) throws SQLException {
        String reason = r.string("reason");
        Optional<LegalHold> hold = reason == null ? Optional.empty()
                : Optional.of(new LegalHold(r.getLong("id"), reason, r.getLong("placed_at")));
        return new Due(r.getLong("id"), r.getLong("owner_id"), DocumentStatus.fromWire(r.string("status")).orElseThrow(),
                r.getLong("since"), r.nullableInt("retention_days"), hold);
    }

    private static PurgeRecord record(Row r, List<String> revisions) throws SQLException {
        String level = r.string("seal_level");
        return new PurgeRecord(r.getLong("id"), r.getLong("owner_id"),
                DocumentStatus.fromWire(r.string("status")).orElseThrow(), r.getLong("created_at"),
                r.nullableLong("sent_at"), r.nullableLong("completed_at"), r.getLong("status_since"),
                level == null ? null : SealLevel.fromWire(level).orElseThrow(), r.nullableLong("sealed_at"),
                r.getInt("parties"), r.string("audit_head"), r.getLong("purged_at"), revisions);
    }
}
