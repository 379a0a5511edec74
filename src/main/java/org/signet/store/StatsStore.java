package org.signet.store;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Statistics counters, read from {@code document_counts}, which triggers keep current in the
 * same transaction as every change, so a read costs a handful of rows even at a million documents.
 */
public final class StatsStore {
    public static final List<String> COUNTERS =
            List.of("draft", "sent", "viewed", "completed", "declined", "expired", "deleted");

    private final Database db;

    public StatsStore(Database db) {
        this.db = db;
    }

    /** Counters of one owner, or of everyone when {@code ownerId} is null; {@code total} excludes deleted. */
    public Map<String, Long> counts(Long ownerId) {
        Map<String, Long> byStatus = new LinkedHashMap<>();
        COUNTERS.forEach(c -> byStatus.put(c, 0L));
        String sql = "SELECT status, SUM(n) AS n FROM document_counts"
                + (ownerId == null ? "" : " WHERE owner_id = ?") + " GROUP BY status";
        Object[] params = ownerId == null ? new Object[0] : new Object[] {ownerId};
        db.query(sql, r -> Map.entry(r.string("status"), r.getLong("n")), params)
                .forEach(e -> byStatus.put(e.getKey(), e.getValue()));
        Map<String, Long> out = new LinkedHashMap<>();
        out.put("total", byStatus.entrySet().stream().filter(e -> !e.getKey().equals("deleted"))
                .mapToLong(Map.Entry::getValue).sum());
        out.putAll(byStatus);
        return out;
    }

    /**
     * When each document completed at or after {@code since} (Unix seconds) was completed, for one
     * owner or everyone; the caller groups them into days of its time zone.
     */
    public List<Long> completedSince(Long ownerId, long since) {
        String sql = "SELECT completed_at FROM documents WHERE status = 'completed' AND completed_at >= ?"
                + (ownerId == null ? "" : " AND owner_id = ?");
        Object[] params = ownerId == null ? new Object[] {since} : new Object[] {since, ownerId};
        return db.query(sql, r -> r.getLong("completed_at"), params);
    }
}
