package org.signet.store;

import java.math.BigDecimal;
import java.sql.SQLException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.signet.domain.Backlog;
import org.signet.domain.Document;
import org.signet.domain.DocumentFile;
import org.signet.domain.DocumentList;
import org.signet.domain.DocumentQuery;
import org.signet.domain.DocumentStatus;
import org.signet.domain.ExternalRef;
import org.signet.domain.FileLayout;
import org.signet.domain.NewDocument;
import org.signet.domain.PageSize;
import org.signet.domain.SealLevel;
import org.signet.json.Json;
import org.signet.json.JsonSyntaxException;

/** Document rows: create, read, list with search and paging, update, status changes and deletion. */
public final class DocumentStore {
    private static final String COLUMNS = "id, owner_id, title, status, original_filename, media_type, total_pages, "
            + "page_sizes, original_file_id, pdf_file_id, signed_file_id, file_hash, signed_file_hash, expires_at, "
            + "completed_at, reminder_interval_days, sent_at, created_at, updated_at, template_id, seal_attempts, "
            + "seal_retry_at, seal_error, seal_level, sealed_at, external_id, metadata, allow_delegation, retention_days, team_id, send_message";

    private final Database db;
    private final Clock clock;

    public DocumentStore(Database db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    /** Inserts a draft and returns it as stored. */
    public Document insert(NewDocument d) {
        long now = now();
        Document made = db.queryOne("INSERT INTO documents(owner_id, title, status, original_filename, media_type, total_pages, "
                        + "page_sizes, original_file_id, pdf_file_id, file_hash, expires_at, reminder_interval_days, "
                        + "template_id, created_at, updated_at, external_id, metadata, allow_delegation, status_since, team_id) "
                        + "VALUES (?,?,'draft',?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?) RETURNING " + COLUMNS,
                DocumentStore::map, d.ownerId(), d.title(), d.originalFilename(), d.mediaType(), d.totalPages(), pagesJson(d.pages()),
                d.originalFileId(), d.pdfFileId(), d.fileHash(), d.expiresAt(), d.reminderIntervalDays(), d.templateId(), now,
                now, d.ref().externalId(), metadataJson(d.ref()), d.allowDelegation(), now, d.teamId())
                .orElseThrow();
        // Its first file, which more may follow while it is a draft (see DocumentFileStore).
        db.update("INSERT INTO document_files(document_id, position, original_filename, media_type, total_pages, "
                        + "page_sizes, original_file_id, pdf_file_id, file_hash, created_at) VALUES (?,1,?,?,?,?,?,?,?,?)",
                made.id(), d.originalFilename(), d.mediaType(), d.totalPages(), pagesJson(d.pages()),
                d.originalFileId(), d.pdfFileId(), d.fileHash(), now);
        return made;
    }

    /**
     * Records a draft's files as they now are: the first file's name, type, original and hash, and the
     * PDF its parties see ({@code pdfFileId}, the files joined) with every page's size.
     */
    public Document changeFiles(long id, FileLayout layout, long pdfFileId) {
        DocumentFile first = layout.first();
        return db.queryOne("UPDATE documents SET original_filename = ?, media_type = ?, original_file_id = ?, "
                        + "file_hash = ?, pdf_file_id = ?, total_pages = ?, page_sizes = ?, updated_at = ? WHERE id = ? "
                        + "RETURNING " + COLUMNS, DocumentStore::map, first.originalFilename(), first.mediaType(),
                first.originalFileId(), first.fileHash(), pdfFileId, layout.totalPages(), pagesJson(layout.pages()),
                now(), id).orElseThrow();
    }

    /**
     * The document; inside a write transaction on PostgreSQL its row is locked until that transaction
     * ends (see {@link #lock}), so whoever reads a document in order to change it reads it as it is after
     * every earlier change, and the next one waits. The audit head read with it is kept for the audit
     * store, which would otherwise read the locked row again to chain its next event.
     */
    public Optional<Document> find(long id) {
        if (!db.locksRowsNow()) {
            return db.queryOne("SELECT " + COLUMNS + " FROM documents WHERE id = ?", DocumentStore::map, id);
        }
        return db.queryOne("SELECT " + COLUMNS + ", audit_head FROM documents WHERE id = ?" + LOCK, r -> {
            AuditStore.rememberHead(db, id, r.string("audit_head"));
            return map(r);
        }, id);
    }

    /**
     * Locks document {@code id}'s row until the current write transaction ends, on PostgreSQL, where
     * transactions run side by side and two could otherwise both read a document's state (its signers,
     * its audit head) and both act on it. Taken first, before any of that state is read; several
     * documents are locked in id order, so that two transactions never wait for each other. The lock is
     * {@code FOR NO KEY UPDATE}, what an UPDATE of the row takes: it waits for every other such lock but
     * not for the rows that merely point at the document (audit events, signers). On SQLite the one
     * writer already runs write transactions one at a time: nothing is run.
     */
    public void lock(long id) {
        db.whereRowsLock(() -> db.query("SELECT id, audit_head FROM documents WHERE id = ?" + LOCK, this::rememberHead, id));
    }

    /** Locks the document whose signer holds {@code token}, as {@link #lock} does, before the link is read. */
    public void lockOfSignerToken(String token) {
        db.whereRowsLock(() -> db.query("SELECT id, audit_head FROM documents WHERE id = (SELECT document_id FROM "
                + "signers WHERE access_token = ?)" + LOCK, this::rememberHead, SignerTokens.hash(token)));
    }

    /** The locked row's audit head, kept for the audit store (see {@link AuditStore#rememberHead}); its id. */
    private long rememberHead(Row r) throws SQLException {
        long id = r.getLong("id");
        AuditStore.rememberHead(db, id, r.string("audit_head"));
        return id;
    }

    /** The lock {@link #lock} takes, to add to a query that reads the document row it is about to change. */
    static final String LOCK = " FOR NO KEY UPDATE";

    /** One page of a query, newest first, with the total; the count and the page come from one snapshot. */
    public DocumentList list(DocumentQuery q) {
        return db.read(() -> listInSnapshot(q));
    }

    private DocumentList listInSnapshot(DocumentQuery q) {
        List<Object> params = new ArrayList<>();
        StringBuilder where = new StringBuilder(" WHERE 1=1");
        if (q.ownerId() != null) {
            where.append(" AND owner_id = ?");
            params.add(q.ownerId());
        }
        where.append(Scopes.where(q.scope(), params));
        if (q.status() != null) {
            where.append(" AND status = ?");
            params.add(q.status().wire());
        }
        long offset = (long) (q.page() - 1) * q.perPage();
        if (q.externalId() != null) {
            // Index documents_external; the counters know nothing of external ids, so the rows are counted.
            where.append(" AND external_id = ?");
            params.add(q.externalId());
        }
        if (q.search() != null && !q.search().isEmpty()) {
            appendSearch(db.dialect(), where, params, q.search());
        }
        if (q.externalId() != null || q.search() != null && !q.search().isEmpty()) {
            return searched(where.toString(), params, offset, q.perPage());
        }
        long total = q.scope().everyone() ? countFromCounters(q)
                : q.scope().teamId() != null || q.scope().personalOnly()
                        ? db.queryLong("SELECT count(*) FROM documents" + where, params.toArray())
                : countForPerson(q);
        return new DocumentList(page(where.toString(), params, offset, q.perPage(), total), total);
    }

    private record Counted(Document document, long total) {}

    /**
     * A page of search results and their total from one statement: the search index is consulted
     * once, not once for the count and again for the page (at a million documents each consultation
     * is most of the request). Only a page past the end needs a count of its own.
     *
     * <p>The matches are found by a subquery of their own, apart from the page's order: its window
     * function keeps it whole, so it is planned for every match, which the count needs anyway. A plan
     * made once for any search (PostgreSQL makes one for a statement the driver has prepared a few
     * times) cannot know how rare the title is, and, offered "newest first, 20 rows" in one query, it
     * walked the whole table backwards by id testing every title.
     */
    private DocumentList searched(String where, List<Object> params, long offset, int limit) {
        List<Object> pageParams = new ArrayList<>(params);
        pageParams.add(limit);
        pageParams.add(offset);
        List<Counted> rows = db.query("SELECT * FROM (SELECT " + COLUMNS + ", count(*) OVER () AS matching FROM documents"
                + where + ") found ORDER BY id DESC LIMIT ? OFFSET ?", r -> new Counted(map(r), r.getLong("matching")),
                pageParams.toArray());
        long total = rows.isEmpty() ? (offset == 0 ? 0 : db.queryLong("SELECT count(*) FROM documents" + where,
                params.toArray())) : rows.get(0).total();
        return new DocumentList(rows.stream().map(Counted::document).toList(), total);
    }

    /**
     * The rows at {@code offset..offset+limit} of the newest-first order. An offset is a walk along the
     * index, and a B-tree keeps no counts to jump by; so a page past the middle is walked to from the
     * oldest end, in ascending order, and turned round: the cost is the distance from the nearer end,
     * and the last pages cost what the first do.
     */
    private List<Document> page(String where, List<Object> params, long offset, int limit, long total) {
        List<Object> pageParams = new ArrayList<>(params);
        if (offset <= total / 2 || offset >= total) {
            pageParams.add(limit);
            pageParams.add(offset);
            return db.query("SELECT " + COLUMNS + " FROM documents" + where + " ORDER BY id DESC LIMIT ? OFFSET ?",
                    DocumentStore::map, pageParams.toArray());
        }
        long rows = Math.min(limit, total - offset);
        pageParams.add(rows);
        pageParams.add(total - offset - rows);
        List<Document> ascending = new ArrayList<>(db.query("SELECT " + COLUMNS + " FROM documents" + where
                + " ORDER BY id ASC LIMIT ? OFFSET ?", DocumentStore::map, pageParams.toArray()));
        Collections.reverse(ascending);
        return ascending;
    }

    /**
     * Substring search on the title, ignoring case. Three characters or more use the trigram index
     * (on PostgreSQL pg_trgm's, which serves ILIKE); shorter strings cannot be indexed by trigrams
     * and fall back to a scan.
     */
    private static void appendSearch(Dialect dialect, StringBuilder where, List<Object> params, String search) {
        if (dialect == Dialect.POSTGRESQL) {
            where.append(" AND title ILIKE ? ESCAPE '\\'");
            params.add(Dialect.containing(search));
        } else if (search.codePointCount(0, search.length()) >= 3) {
            where.append(" AND id IN (SELECT rowid FROM documents_fts WHERE documents_fts MATCH ?)");
            params.add("\"" + search.replace("\"", "\"\"") + "\"");
        } else {
            // LIKE folds only ASCII case; the trigram index folds all. One pattern per case variant
            // of the (at most two) characters keeps "ä" finding "Ärztebrief" like "ärz" does.
            List<String> variants = caseVariants(search);
            where.append(" AND (").append(String.join(" OR ", Collections.nCopies(variants.size(),
                    "title LIKE ? ESCAPE '\\'"))).append(")");
            for (String v : variants) {
                params.add(Dialect.containing(v));
            }
        }
    }

    /** Every combination of lower, upper and title case of each character of a short string. */
    static List<String> caseVariants(String s) {
        List<String> out = List.of("");
        for (int cp : s.codePoints().toArray()) {
            Set<Integer> forms = new LinkedHashSet<>(List.of(cp, Character.toLowerCase(cp),
                    Character.toUpperCase(cp), Character.toTitleCase(cp)));
            List<String> next = new ArrayList<>();
            for (String prefix : out) {
                forms.forEach(f -> next.add(prefix + Character.toString(f)));
            }
            out = next;
        }
        return out;
    }

    /** Without a search the total is a sum of maintained counters rather than a count of rows. */
    private long countFromCounters(DocumentQuery q) {
        StringBuilder sql = new StringBuilder("SELECT COALESCE(SUM(n), 0) FROM document_counts WHERE status <> 'deleted'");
        List<Object> params = new ArrayList<>();
        if (q.ownerId() != null) {
            sql.append(" AND owner_id = ?");
            params.add(q.ownerId());
        }
        if (q.status() != null) {
            sql.append(" AND status = ?");
            params.add(q.status().wire());
        }
        return db.queryLong(sql.toString(), params.toArray());
    }

    /**
     * A person's total from the counters, which count by owner wherever a document is: the documents they
     * made for a team taken out, those of their teams put in; one statement, so one snapshot.
     */
    private long countForPerson(DocumentQuery q) {
        String status = q.status() == null ? "" : " AND status = ?";
        List<Object> params = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            params.add(q.scope().personId());
            if (q.status() != null) {
                params.add(q.status().wire());
            }
        }
        return db.queryLong("SELECT COALESCE((SELECT SUM(n) FROM document_counts WHERE status <> 'deleted' "
                + "AND owner_id = ?" + status + "), 0) - (SELECT count(*) FROM documents WHERE owner_id = ? "
                + "AND team_id IS NOT NULL" + status + ") + (SELECT count(*) FROM documents WHERE team_id IN "
                + "(SELECT team_id FROM team_members WHERE user_id = ?)" + status + ")", params.toArray());
    }

    /** Moves the document into team {@code teamId}, or out of its team to {@code ownerId} for null; as it now is. */
    public Document moveTo(long id, Long teamId, long ownerId) {
        return db.queryOne("UPDATE documents SET team_id = ?, owner_id = ?, updated_at = ? WHERE id = ? RETURNING "
                + COLUMNS, DocumentStore::map, teamId, ownerId, now(), id).orElseThrow();
    }

    /** Sets the client-set details and returns the row as it now is (RETURNING: no second read). */
    public Document updateDetails(long id, String title, Long expiresAt, Integer reminderIntervalDays,
            boolean allowDelegation) {
        return db.queryOne("UPDATE documents SET title = ?, expires_at = ?, reminder_interval_days = ?, "
                + "allow_delegation = ?, updated_at = ? WHERE id = ? RETURNING " + COLUMNS, DocumentStore::map, title,
                expiresAt, reminderIntervalDays, allowDelegation, now(), id)
                .orElseThrow(() -> new StoreException("document " + id + " vanished inside its transaction", null));
    }

    /** Sets the client's own handle on the document and returns the row as it now is. */
    public Document updateRef(long id, ExternalRef ref) {
        return db.queryOne("UPDATE documents SET external_id = ?, metadata = ?, updated_at = ? WHERE id = ? RETURNING "
                + COLUMNS, DocumentStore::map, ref.externalId(), metadataJson(ref), now(), id)
                .orElseThrow(() -> new StoreException("document " + id + " vanished inside its transaction", null));
    }

    /** Keeps the sender's message for the invitations of the send about to be made; null for none. */
    public void setSendMessage(long id, String message) {
        db.update("UPDATE documents SET send_message = ? WHERE id = ?", message, id);
    }

    /**
     * Moves a document from one status to another, compare-and-set, stamping sent_at or completed_at
     * when it is sent or completed; the row as it now is, or empty when it was no longer in {@code from}.
     * The flags are bound as 1 or 0 and compared, since PostgreSQL takes no integer as a condition.
     */
    public Optional<Document> changeStatus(long id, DocumentStatus from, DocumentStatus to) {
        long now = now();
        boolean completes = to == DocumentStatus.COMPLETED;
        return db.queryOne("UPDATE documents SET status = ?, updated_at = ?, status_since = ?, "
                + "sent_at = CASE WHEN ? = 1 THEN ? ELSE sent_at END, "
                + "completed_at = CASE WHEN ? = 1 THEN ? ELSE completed_at END, "
                + "seal_retry_at = CASE WHEN ? = 1 THEN ? ELSE seal_retry_at END "
                + "WHERE id = ? AND status = ? RETURNING " + COLUMNS, DocumentStore::map, to.wire(), now, now,
                to == DocumentStatus.SENT, now, completes, now, completes, now, id, from.wire());
    }

    /** What a sealed file is: its stored file, its SHA-256, its level, when it was sealed, when its evidence expires. */
    public record SealedFile(long fileId, String sha256, SealLevel level, long sealedAt, Long evidenceExpiresAt) {}

    /** Stores the first sealed file; sealing is over, whatever earlier attempts said. Run inside a transaction. */
    public void markCompleted(long id, SealedFile sealed) {
        db.update("UPDATE documents SET signed_file_id = ?, signed_file_hash = ?, seal_level = ?, sealed_at = ?, "
                + "evidence_expires_at = ?, seal_retry_at = NULL, seal_error = NULL, seal_claimed_until = NULL, "
                + "seal_claimed_by = NULL, "
                + "updated_at = ? WHERE id = ?",
                sealed.fileId(), sealed.sha256(), sealed.level().wire(), sealed.sealedAt(), sealed.evidenceExpiresAt(),
                now(), id);
        recordSealedRevision(id, sealed.sha256());
    }

    /**
     * Replaces the sealed file of document {@code id} by its renewal, compare-and-set on the file it
     * replaces; false (nothing written) when another renewal replaced that first. Run inside a transaction.
     */
    public boolean replaceSealedFile(long id, long replacedFileId, SealedFile renewed) {
        if (db.update("UPDATE documents SET signed_file_id = ?, signed_file_hash = ?, seal_level = ?, "
                + "evidence_expires_at = ?, updated_at = ? WHERE id = ? AND signed_file_id = ?", renewed.fileId(),
                renewed.sha256(), renewed.level().wire(), renewed.evidenceExpiresAt(), now(), id, replacedFileId) == 0) {
            return false;
        }
        recordSealedRevision(id, renewed.sha256());
        return true;
    }

    /**
     * Records that {@code sha256} is (or was) document {@code id}'s sealed file. Every writer of
     * signed_file_hash goes through here, so the table holds each sealed file the document has had.
     */
    public void recordSealedRevision(long id, String sha256) {
        db.update("INSERT INTO sealed_revisions(sha256, document_id, created_at) VALUES (?,?,?) "
                + "ON CONFLICT (sha256) DO NOTHING",
                sha256, id, now());
    }

    /** The SHA-256 of every sealed file document {@code id} has had, oldest first. */
    public List<String> sealedRevisions(long id) {
        return db.query("SELECT sha256 FROM sealed_revisions WHERE document_id = ? ORDER BY created_at, id",
                r -> r.string("sha256"), id);
    }

    /**
     * Sealed documents whose newest document timestamp's certificate expires by {@code expiringBy},
     * leaving out those renewed after {@code renewedSince} (an authority whose own certificate is
     * about to expire is not asked again and again). Index documents_renewing.
     */
    public List<Long> dueForRenewal(long expiringBy, long renewedSince, int limit) {
        return db.query("SELECT id FROM documents d" + db.dialect().indexedBy("documents_renewing")
                + "WHERE evidence_expires_at <= ? "
                + "AND signed_file_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM sealed_revisions r "
                + "WHERE r.document_id = d.id AND r.created_at > ?) ORDER BY evidence_expires_at LIMIT ?",
                r -> r.getLong("id"), expiringBy, renewedSince, limit);
    }

    /** The document one of whose sealed files has this SHA-256 (lower-case hex). */
    public Optional<Long> sealedRevisionOwner(String sha256) {
        return db.queryOne("SELECT document_id FROM sealed_revisions WHERE sha256 = ?", r -> r.getLong("document_id"),
                sha256);
    }

    /** Puts a completed, unsealed document back in line for sealing now, its count and error cleared. */
    public boolean retrySealing(long id) {
        return db.update("UPDATE documents SET seal_attempts = 0, seal_error = NULL, seal_retry_at = ? "
                + "WHERE id = ? AND status = 'completed' AND signed_file_id IS NULL", now(), id) == 1;
    }

    /**
     * Counts a failed sealing attempt: the next one is due at {@code retryAt}, or never (null: retries
     * are used up and the document shows seal_status "failed"). Returns the attempts made so far.
     */
    public int sealFailed(long id, String error, Long retryAt) {
        return db.queryOne("UPDATE documents SET seal_attempts = seal_attempts + 1, seal_error = ?, seal_retry_at = ?, "
                + "seal_claimed_until = NULL, seal_claimed_by = NULL WHERE id = ? AND signed_file_id IS NULL "
                + "RETURNING seal_attempts", r -> r.getInt("seal_attempts"),
                error, retryAt, id).orElse(0);
    }

    /**
     * Removes the row and leaves a content-free tombstone for statistics; run inside a transaction.
     * False when the row was already gone (a concurrent delete): then nothing is written.
     */
    public boolean delete(Document d) {
        if (db.update("DELETE FROM documents WHERE id = ?", d.id()) == 0) {
            return false;
        }
        db.update("INSERT INTO document_tombstones(document_id, owner_id, deleted_at) VALUES (?,?,?)",
                d.id(), d.ownerId(), now());
        return true;
    }

    /**
     * Removes the row of a document being purged, and with it (by their foreign keys) its signers, fields,
     * signature images, attachments, audit trail, sealed revisions, codes and sessions; no tombstone, since
     * the purge leaves its own record. Run inside the purge's transaction.
     */
    public boolean deletePurged(long id) {
        return db.update("DELETE FROM documents WHERE id = ?", id) == 1;
    }

    /** A purged document as far as its owner's requests need to know: whose it was and when it was purged. */
    public record Purged(long id, long ownerId, long purgedAt) {}

    /** The purge record of document {@code id}, when it was purged rather than never there or deleted. */
    public Optional<Purged> purged(long id) {
        return db.queryOne("SELECT id, owner_id, purged_at FROM purged_documents WHERE id = ?",
                r -> new Purged(r.getLong("id"), r.getLong("owner_id"), r.getLong("purged_at")), id);
    }

    /** Whether a legal hold keeps document {@code id}. */
    public boolean held(long id) {
        return db.queryLong("SELECT count(*) FROM legal_holds WHERE document_id = ?", id) > 0;
    }

    /** The document's own retention period in days (null: the site's for its status; 0: for ever). */
    public Optional<Integer> retentionDays(long id) {
        return db.queryOne("SELECT retention_days FROM documents WHERE id = ?",
                r -> Optional.ofNullable(r.nullableInt("retention_days")), id).flatMap(days -> days);
    }

    /** Sets the document's own retention period (null: the site's). Run inside a transaction. */
    public void setRetentionDays(long id, Integer days) {
        db.update("UPDATE documents SET retention_days = ?, updated_at = ? WHERE id = ?", days, now(), id);
    }

    /**
     * Completed documents whose next sealing attempt is due by {@code now}. The job queries name their
     * index: with few rows the planner may prefer another, and a missing index should fail loudly.
     */
    public List<Long> dueForSealing(long now, int limit) {
        return db.query("SELECT id FROM documents" + db.dialect().indexedBy("documents_unsealed") + "WHERE status = 'completed' "
                + "AND signed_file_id IS NULL "
                + "AND seal_retry_at <= ? ORDER BY seal_retry_at LIMIT ?", r -> r.getLong("id"), now, limit);
    }

    /**
     * Completed documents still waiting for a sealing attempt, and when the oldest was completed; a
     * document whose attempts are used up waits for someone to seal it again, not in this queue.
     */
    public Backlog sealBacklog() {
        return db.queryOne("SELECT count(*) AS depth, min(completed_at) AS oldest FROM documents"
                + db.dialect().indexedBy("documents_unsealed")
                + "WHERE status = 'completed' AND signed_file_id IS NULL AND seal_retry_at IS NOT NULL",
                r -> new Backlog(r.getLong("depth"), r.nullableLong("oldest"))).orElseThrow();
    }

    /**
     * Takes completed, unsealed document {@code id} for sealing until {@code until}, compare-and-set, so
     * that no other instance builds its seal meanwhile; false when it is sealed or no longer completed,
     * when another's claim still holds at {@code now}, or (with {@code dueBy}) when no attempt is due by
     * then. A claim that runs out is an instance that stopped while sealing: then another takes it.
     */
    public boolean claimSealing(long id, long now, long until, Long dueBy) {
        String claim = "UPDATE documents SET seal_claimed_until = ?, seal_claimed_by = ? WHERE id = ? "
                + "AND status = 'completed' AND signed_file_id IS NULL "
                + "AND (seal_claimed_until IS NULL OR seal_claimed_until <= ?)";
        return dueBy == null ? db.update(claim, until, db.instance(), id, now) == 1
                : db.update(claim + " AND seal_retry_at <= ?", until, db.instance(), id, now, dueBy) == 1;
    }

    /**
     * Lets go of the seal claims a stopped run of this instance held, at its start: on SQLite every claim
     * (a folder has one process), on PostgreSQL those of this instance ({@link Database#instance()}).
     */
    public int releaseStoppedSealClaims() {
        String release = "UPDATE documents SET seal_claimed_until = NULL, seal_claimed_by = NULL WHERE ";
        return db.deployment().sharedByInstances() ? db.update(release + "seal_claimed_by = ?", db.instance())
                : db.update(release + "seal_claimed_by IS NOT NULL");
    }

    /** The condition of a due reminder, on documents {@code d} joined to signers {@code s}, with the time bound last. */
    private static final String REMINDER_DUE = "d.reminder_interval_days IS NOT NULL AND d.status IN ('sent','viewed') "
            + "AND s.invited_at IS NOT NULL AND s.role <> 'viewer' AND s.status IN ('pending','viewed') "
            + "AND ? - COALESCE(s.last_reminded_at, s.invited_at) >= d.reminder_interval_days * 86400 ";

    /** A signer of a document with automatic reminders whose next reminder is due. */
    public record DueReminder(long documentId, long signerId) {}

    /**
     * Every invited signer or approver still to act on a sent or viewed document with automatic
     * reminders, whose interval has passed since the invitation or the last reminder, in one query
     * (index documents_reminding, then signers_document).
     */
    public List<DueReminder> dueForReminder(long now, int limit) {
        return db.query("SELECT s.document_id, s.id FROM documents d" + db.dialect().indexedBy("documents_reminding")
                + "JOIN signers s ON s.document_id = d.id WHERE " + REMINDER_DUE
                + "ORDER BY s.document_id, s.id LIMIT ?",
                r -> new DueReminder(r.getLong("document_id"), r.getLong("id")), now, limit);
    }

    /** Whether signer {@code signerId} of document {@code documentId} is still due a reminder at {@code now}, as {@link #dueForReminder} finds them. */
    public boolean reminderStillDue(long documentId, long signerId, long now) {
        return db.queryLong("SELECT count(*) FROM documents d JOIN signers s ON s.document_id = d.id "
                + "WHERE d.id = ? AND s.id = ? AND " + REMINDER_DUE, documentId, signerId, now) > 0;
    }

    /** Documents not yet terminal whose expiry time has passed (index documents_due). */
    public List<Long> dueForExpiry(long now, int limit) {
        return db.query("SELECT id FROM documents" + db.dialect().indexedBy("documents_due") + "WHERE expires_at IS NOT NULL "
                + "AND expires_at <= ? "
                + "AND status IN ('draft','sent','viewed') ORDER BY expires_at LIMIT ?", r -> r.getLong("id"), now, limit);
    }

    public long now() {
        return clock.millis() / 1000;
    }

    /** Page sizes as stored: a JSON array of [width, height] pairs in points. */
    static String pagesJson(List<PageSize> pages) {
        return Json.write(pages.stream().map(p -> List.of(p.width(), p.height())).toList());
    }

    static List<PageSize> pages(String json) {
        try {
            List<PageSize> out = new ArrayList<>();
            for (Object o : (List<?>) Json.parse(json)) {
                List<?> wh = (List<?>) o;
                out.add(new PageSize(((BigDecimal) wh.get(0)).doubleValue(), ((BigDecimal) wh.get(1)).doubleValue()));
            }
            return out;
        } catch (JsonSyntaxException | ClassCastException e) {
            throw new IllegalStateException("page sizes column is not valid JSON", e);
        }
    }

    /** Metadata as stored: a JSON object of strings, or NULL when there is none. */
    static String metadataJson(ExternalRef ref) {
        return ref.metadata().isEmpty() ? null : Json.write(ref.metadata());
    }

    static ExternalRef ref(String externalId, String metadataJson) {
        if (metadataJson == null) {
            return externalId == null ? ExternalRef.NONE : new ExternalRef(externalId, Map.of());
        }
        try {
            Map<String, String> metadata = new LinkedHashMap<>();
            ((Map<?, ?>) Json.parse(metadataJson)).forEach((k, v) -> metadata.put((String) k, (String) v));
            return new ExternalRef(externalId, metadata);
        } catch (JsonSyntaxException | ClassCastException e) {
            throw new IllegalStateException("metadata column is not a JSON object of strings", e);
        }
    }

    private static Document map(Row r) throws SQLException {
        return new Document(r.getLong("id"), r.getLong("owner_id"), r.string("title"),
                DocumentStatus.fromWire(r.string("status")).orElseThrow(), r.string("original_filename"),
                r.string("media_type"), r.nullableInt("total_pages"), pages(r.string("page_sizes")),
                r.getLong("original_file_id"), r.getLong("pdf_file_id"), r.nullableLong("signed_file_id"),
                r.string("file_hash"), r.string("signed_file_hash"), r.nullableLong("expires_at"),
                r.nullableLong("completed_at"), r.nullableInt("reminder_interval_days"), r.nullableLong("sent_at"),
                r.getLong("created_at"), r.getLong("updated_at"), r.nullableLong("template_id"), new Document.Seal(r.getInt("seal_attempts"),
                r.string("seal_error"), r.nullableLong("seal_retry_at") == null && r.string("seal_error") != null,
                r.string("seal_level") == null ? null : SealLevel.fromWire(r.string("seal_level")).orElseThrow(),
                r.nullableLong("sealed_at"), r.nullableLong("seal_retry_at")), ref(r.string("external_id"), r.string("metadata")),
                r.bool("allow_delegation"), r.nullableInt("retention_days"), r.nullableLong("team_id"),
                r.string("send_message"));
    }
}
