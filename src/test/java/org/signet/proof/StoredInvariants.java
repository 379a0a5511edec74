package org.signet.proof;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What must hold in the database file whenever no transaction is open, read while Signet is down:
 * SQLite's own integrity, and that no change is half there (a signer's status without its audit
 * event, a document sent without its invitations, counters that disagree with the rows, a sealed
 * document without its mail). Each rule is a query for the rows that break it. The counts are
 * those of the crash test's workload, which never recalls, reminds or declines.
 */
final class StoredInvariants {
    private static final String INVITATIONS = "('invitation','approval_request','view_invitation')";

    /** Rule, and the query for the rows that break it. */
    private static final Map<String, String> RULES = new LinkedHashMap<>();

    static {
        RULES.put("the statistics counters match the documents",
                "SELECT owner_id, status, count(*) FROM documents GROUP BY 1, 2 "
                        + "EXCEPT SELECT owner_id, status, n FROM document_counts");
        RULES.put("no counter counts documents that are not there",
                "SELECT owner_id, status, n FROM document_counts WHERE status <> 'deleted' AND n <> 0 "
                        + "EXCEPT SELECT owner_id, status, count(*) FROM documents GROUP BY 1, 2");
        RULES.put("each audit event chains to the one before it",
                "SELECT document_id, id FROM (SELECT document_id, id, prev_hash, lag(hash, 1, '" + "0".repeat(64)
                        + "') OVER (PARTITION BY document_id ORDER BY id) AS before FROM audit_events) chained "
                        + "WHERE prev_hash <> before");
        RULES.put("a document's audit head is its newest event",
                "SELECT d.id FROM documents d WHERE d.audit_head IS DISTINCT FROM (SELECT hash FROM audit_events e "
                        + "WHERE e.document_id = d.id ORDER BY e.id DESC LIMIT 1)");
        RULES.put("a document's trail starts with document_created",
                "SELECT d.id FROM documents d WHERE (SELECT action FROM audit_events e WHERE e.document_id = d.id "
                        + "ORDER BY e.id LIMIT 1) IS DISTINCT FROM 'document_created'");
        RULES.put("a document's file hash is its original's",
                "SELECT d.id FROM documents d JOIN stored_files f ON f.id = d.original_file_id "
                        + "WHERE f.sha256 <> d.file_hash");
        RULES.put("a sealed document's hash is its signed file's",
                "SELECT d.id FROM documents d JOIN stored_files f ON f.id = d.signed_file_id "
                        + "WHERE f.sha256 IS DISTINCT FROM d.signed_file_hash OR d.status <> 'completed'");
        RULES.put("each signer was added with one signer_added event",
                "SELECT s.id FROM signers s WHERE " + events("'signer_added'", "e.detail = s.email") + " <> 1");
        RULES.put("a signer viewed exactly when its view is in the trail",
                "SELECT s.id FROM signers s WHERE " + events("'document_viewed'", "e.detail = s.email")
                        + " <> " + oneIf("s.status <> 'pending'") + " OR (s.viewed_at IS NULL) <> (s.status = 'pending')");
        RULES.put("a signer signed exactly when its signature is in the trail, with its image",
                "SELECT s.id FROM signers s WHERE " + events("'document_signed','document_approved'", "e.signer_id = s.id")
                        + " <> " + oneIf("s.status = 'signed'") + " OR (s.signed_at IS NULL) <> (s.status <> 'signed') "
                        + "OR (s.status = 'signed' AND s.role = 'signer' AND NOT EXISTS (SELECT 1 FROM signature_images i "
                        + "WHERE i.signer_id = s.id AND i.kind = 'signature'))");
        RULES.put("a signer was invited exactly when its invitation event and its one invitation mail are there",
                "SELECT s.id FROM signers s WHERE " + events("'invitation_sent'", "e.detail = s.email")
                        + " <> " + oneIf("s.invited_at IS NOT NULL") + " OR (SELECT count(*) FROM mail_outbox m WHERE "
                        + "m.document_id = s.document_id AND lower(m.recipient) = lower(s.email) AND m.template IN "
                        + INVITATIONS + ") <> " + oneIf("s.invited_at IS NOT NULL"));
        RULES.put("a document left draft exactly when document_sent is in its trail",
                "SELECT d.id FROM documents d WHERE " + documentEvents("'document_sent'")
                        + " <> " + oneIf("d.status <> 'draft'") + " OR (d.sent_at IS NULL) <> (d.status = 'draft')");
        RULES.put("a document completed exactly when every signer signed and document_completed is in its trail",
                "SELECT d.id FROM documents d WHERE " + documentEvents("'document_completed'")
                        + " <> " + oneIf("d.status = 'completed'") + " OR (d.completed_at IS NULL) <> (d.status <> 'completed') "
                        + "OR (d.status = 'completed') <> (EXISTS (SELECT 1 FROM signers s WHERE s.document_id = d.id) "
                        + "AND NOT EXISTS (SELECT 1 FROM signers s WHERE s.document_id = d.id AND s.role <> 'viewer' "
                        + "AND s.status <> 'signed'))");
        RULES.put("a signed value is there exactly when its signer signed",
                "SELECT f.id FROM fields f JOIN signers s ON s.id = f.signer_id WHERE (f.value <> '') <> (s.status = 'signed')");
        RULES.put("a sealed document has one completed mail, with the sealed PDF, for each party and the owner",
                "SELECT d.id FROM documents d WHERE (SELECT count(*) FROM mail_outbox m WHERE m.document_id = d.id "
                        + "AND m.template = 'completed' AND m.attachment_file_id IS NOT DISTINCT FROM d.signed_file_id) "
                        + "<> CASE WHEN d.signed_file_id IS NULL THEN 0 ELSE (SELECT count(*) FROM (SELECT lower(s.email) FROM "
                        + "signers s WHERE s.document_id = d.id UNION SELECT lower(u.email) FROM users u "
                        + "WHERE u.id = d.owner_id) parties) END");
        RULES.put("no message is queued twice",
                "SELECT document_id, template, lower(recipient) FROM mail_outbox WHERE template <> 'reminder' "
                        + "GROUP BY 1, 2, 3 HAVING count(*) > 1");
    }

    private StoredInvariants() {}

    /** 1 when {@code condition} holds, else 0: a count compared with a condition, in SQL both databases accept. */
    private static String oneIf(String condition) {
        return "CASE WHEN " + condition + " THEN 1 ELSE 0 END";
    }

    private static String events(String actions, String match) {
        return "(SELECT count(*) FROM audit_events e WHERE e.document_id = s.document_id AND e.action IN (" + actions
                + ") AND " + match + ")";
    }

    private static String documentEvents(String action) {
        return "(SELECT count(*) FROM audit_events e WHERE e.document_id = d.id AND e.action = " + action + ")";
    }

    /**
     * Every broken rule of a SQLite file, with up to five of the rows that break it; empty when all
     * hold: the file's own integrity and foreign keys, then {@link #rules}.
     */
    static List<String> check(Connection db) throws SQLException {
        List<String> broken = new ArrayList<>();
        String integrity = firstColumn(db, "PRAGMA integrity_check");
        if (!"ok".equals(integrity)) {
            broken.add("PRAGMA integrity_check answered: " + integrity);
        }
        List<String> orphans = rows(db, "PRAGMA foreign_key_check", 5);
        if (!orphans.isEmpty()) {
            broken.add("foreign keys hold: broken by " + orphans);
        }
        broken.addAll(rules(db));
        return broken;
    }

    /** Every broken rule of the stored data, in SQL that SQLite and PostgreSQL both run. */
    static List<String> rules(Connection db) throws SQLException {
        List<String> broken = new ArrayList<>();
        for (Map.Entry<String, String> rule : RULES.entrySet()) {
            List<String> rows = rows(db, rule.getValue(), 5);
            if (!rows.isEmpty()) {
                broken.add(rule.getKey() + ": broken by " + rows);
            }
        }
        return broken;
    }

    static String firstColumn(Connection db, String sql) throws SQLException {
        List<String> rows = rows(db, sql, 100);
        return rows.isEmpty() ? null : String.join("; ", rows);
    }

    static List<String> rows(Connection db, String sql, int limit) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Statement s = db.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            ResultSetMetaData meta = rs.getMetaData();
            while (rs.next() && out.size() < limit) {
                List<String> values = new ArrayList<>();
                for (int c = 1; c <= meta.getColumnCount(); c++) {
                    values.add(rs.getString(c));
                }
                out.add(values.size() == 1 ? values.get(0) : values.toString());
            }
        }
        return out;
    }
}
