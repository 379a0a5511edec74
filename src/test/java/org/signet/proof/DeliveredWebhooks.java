package org.signet.proof;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.signet.support.WebhookReceiver.Received;

/**
 * The webhook queue in the database against what a real receiver got: every delivery arrived, each
 * document's deliveries arrived in the order they were queued, and no delivery came more often
 * than once plus one for each kill (its {@code X-WPS-Delivery} names the queued row, so a
 * duplicate is the same value twice).
 */
final class DeliveredWebhooks {
    /** The queue's rows, the requests received, the copies beyond the first, and what is wrong. */
    record Findings(int queued, int received, int extraCopies, List<String> problems) {}

    private record Queued(long id, Long documentId, String event, String status) {}

    private DeliveredWebhooks() {}

    static Findings check(Connection db, List<Received> arrived, int kills) throws SQLException {
        Map<Long, Queued> queued = queued(db);
        Map<Long, Integer> copies = new HashMap<>();
        Map<Long, Long> lastPerDocument = new HashMap<>();
        List<String> problems = new ArrayList<>();
        for (Received r : arrived) {
            long id = Long.parseLong(r.delivery());
            Queued q = queued.get(id);
            if (q == null) {
                problems.add("delivery " + id + " (" + r.event() + ") arrived but was never queued");
                continue;
            }
            if (copies.merge(id, 1, Integer::sum) > 1) {
                continue; // a repeat of one already seen does not reorder anything
            }
            Long key = q.documentId() == null ? -1L : q.documentId();
            Long before = lastPerDocument.put(key, id);
            if (before != null && before > id) {
                problems.add("document " + q.documentId() + ": delivery " + id + " (" + q.event() + ") arrived after "
                        + before + ", which was queued later");
            }
        }
        int extra = 0;
        for (Queued q : queued.values()) {
            int n = copies.getOrDefault(q.id(), 0);
            extra += Math.max(0, n - 1);
            if (n == 0 || !"delivered".equals(q.status())) {
                problems.add("delivery " + q.id() + " (" + q.event() + " of document " + q.documentId() + ") is "
                        + q.status() + " and arrived " + n + " time(s)");
            }
        }
        if (extra > kills) {
            problems.add(extra + " duplicate webhook deliveries after " + kills + " kills; each kill may cause at most one");
        }
        return new Findings(queued.size(), arrived.size(), extra, problems);
    }

    private static Map<Long, Queued> queued(Connection db) throws SQLException {
        Map<Long, Queued> out = new LinkedHashMap<>();
        try (Statement s = db.createStatement(); ResultSet rs = s.executeQuery(
                "SELECT id, document_id, event, status FROM webhook_deliveries ORDER BY id")) {
            while (rs.next()) {
                long documentId = rs.getLong("document_id");
                out.put(rs.getLong("id"), new Queued(rs.getLong("id"), rs.wasNull() ? null : documentId,
                        rs.getString("event"), rs.getString("status")));
            }
        }
        return out;
    }
}
