package org.signet.store;

import java.sql.SQLException;
import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.signet.crypto.Tokens;
import org.signet.domain.Actor;
import org.signet.domain.AuditEvent;

/**
 * The append-only audit trail. Each event stores the hash of the previous event of its
 * document and a hash over that and its own content; the document row keeps the newest hash, so
 * an edited, removed or reordered event (even the last one) breaks the chain.
 */
public final class AuditStore {
    static final String GENESIS = "0".repeat(64);
    private static final String COLUMNS = "id, document_id, action, signer_id, signer_name, api_key_id, user_id, "
            + "ip_address, user_agent, detail, created_at, prev_hash, hash";

    private final Database db;
    private final Clock clock;

    public AuditStore(Database db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    /**
     * Keeps {@code head} (null: the document has no event yet) as document {@code documentId}'s audit
     * head for the rest of this write transaction, read with the lock on its row: no other writer can
     * move the head before this one commits, so {@link #record} need not read the row again.
     */
    static void rememberHead(Database db, long documentId, String head) {
        db.remember(headKey(documentId), head == null ? GENESIS : head);
    }

    private static String headKey(long documentId) {
        return "audit_head:" + documentId;
    }

    /** Appends an event; must run inside the transaction of the change it records. */
    public void record(long documentId, String action, Actor actor, String detail) {
        db.inTransaction(() -> {
            String key = headKey(documentId);
            // Read under the document's lock: two transactions reading one head would fork the chain.
            String prevHash = db.readOnce(key, () -> db.queryOne("SELECT audit_head FROM documents WHERE id = ?"
                    + db.lockingNow(DocumentStore.LOCK), r -> r.string("audit_head"), documentId)
                    .orElse(GENESIS));
            long now = clock.millis() / 1000;
            AuditEvent e = new AuditEvent(0, documentId, action, actor.signerId(), actor.signerName(),
                    actor.apiKeyId(), actor.userId(), actor.ipAddress(), actor.userAgent(), detail, now, prevHash, null);
            String hash = hash(e);
            db.update("INSERT INTO audit_events(document_id, action, signer_id, signer_name, api_key_id, user_id, "
                            + "ip_address, user_agent, detail, created_at, prev_hash, hash) "
                            + "VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                    documentId, action, actor.signerId(), actor.signerName(), actor.apiKeyId(), actor.userId(),
                    actor.ipAddress(), actor.userAgent(), detail, now, prevHash, hash);
            db.update("UPDATE documents SET audit_head = ? WHERE id = ?", hash, documentId);
            db.remember(key, hash);
        });
    }

    public List<AuditEvent> list(long documentId) {
        return db.query("SELECT " + COLUMNS + " FROM audit_events WHERE document_id = ? ORDER BY id",
                AuditStore::map, documentId);
    }

    /** Recomputes the chain from the first event to the document's recorded head. */
    public boolean chainValid(long documentId) {
        String expectedPrev = GENESIS;
        for (AuditEvent e : list(documentId)) {
            if (!e.prevHash().equals(expectedPrev) || !hash(e).equals(e.hash())) {
                return false;
            }
            expectedPrev = e.hash();
        }
        String head = db.queryOne("SELECT audit_head FROM documents WHERE id = ?", r -> r.string("audit_head"),
                documentId).orElse(null);
        return Objects.equals(head == null ? GENESIS : head, expectedPrev);
    }

    /**
     * Takes a person out of document {@code documentId}'s trail, for their erasure from a document that can
     * still change (a draft): the events they acted in lose their name, address and user agent, and an event
     * whose detail names them ({@code values}: their name and email, any case) loses its detail; the trail is
     * then chained again from its first event, so that it verifies, and the caller records why it was rewritten.
     * Returns how many events changed. Run inside the transaction that holds the document's lock.
     */
    public int redact(long documentId, long signerId, List<String> values) {
        String prev = GENESIS;
        int changed = 0;
        for (AuditEvent e : list(documentId)) {
            boolean acted = Objects.equals(e.signerId(), signerId);
            boolean named = mentions(e.detail(), values) || mentions(e.signerName(), values);
            AuditEvent now = new AuditEvent(e.id(), e.documentId(), e.action(), e.signerId(),
                    acted || named ? null : e.signerName(), e.apiKeyId(), e.userId(), acted ? null : e.ipAddress(),
                    acted ? null : e.userAgent(), named ? null : e.detail(), e.createdAt(), prev, null);
            String hash = hash(now);
            changed += acted || named ? 1 : 0;
            db.update("UPDATE audit_events SET signer_name = ?, ip_address = ?, user_agent = ?, detail = ?, prev_hash = ?, "
                    + "hash = ? WHERE id = ?", now.signerName(), now.ipAddress(), now.userAgent(), now.detail(), prev,
                    hash, e.id());
            prev = hash;
        }
        db.update("UPDATE documents SET audit_head = ? WHERE id = ?", prev, documentId);
        db.remember(headKey(documentId), prev);
        return changed;
    }

    private static boolean mentions(String text, List<String> values) {
        return text != null && values.stream().anyMatch(v -> text.toLowerCase(Locale.ROOT)
                .contains(v.toLowerCase(Locale.ROOT)));
    }

    /** How many documents' audit chains were checked, and the documents whose chain does not hold. */
    public record Chains(int checked, List<Long> broken) {}

    /** Checks the audit chain of every document, as {@link #chainValid} does one. */
    public Chains checkAll() {
        List<Long> ids = db.query("SELECT id FROM documents ORDER BY id", r -> r.getLong("id"));
        List<Long> broken = ids.stream().filter(id -> !chainValid(id)).toList();
        return new Chains(ids.size(), broken);
    }

    /**
     * Hashes an event over its predecessor's hash and every column. Each value is length-prefixed and
     * NULL has its own mark, so no edit can pass by moving text between columns or by replacing a
     * NULL with the text "null". The acting user came later: it is appended only when there is one, so
     * the events written before keep their hashes, while adding or removing a user still changes the
     * hash (the values read back one by one, so their number is part of what is hashed).
     */
    static String hash(AuditEvent e) {
        StringBuilder content = new StringBuilder();
        for (Object v : new Object[] {e.prevHash(), e.documentId(), e.action(), e.signerId(), e.signerName(),
                e.apiKeyId(), e.ipAddress(), e.userAgent(), e.detail(), e.createdAt()}) {
            append(content, v);
        }
        if (e.userId() != null) {
            append(content, e.userId());
        }
        return Tokens.sha256Hex(content.toString());
    }

    private static void append(StringBuilder content, Object v) {
        String text = v == null ? null : v.toString();
        content.append(text == null ? "-" : text.length() + ":" + text).append('\n');
    }

    private static AuditEvent map(Row r) throws SQLException {
        return new AuditEvent(r.getLong("id"), r.getLong("document_id"), r.string("action"), r.nullableLong("signer_id"),
                r.string("signer_name"), r.nullableLong("api_key_id"), r.nullableLong("user_id"), r.string("ip_address"),
                r.string("user_agent"), r.string("detail"), r.getLong("created_at"), r.string("prev_hash"), r.string("hash"));
    }
}
