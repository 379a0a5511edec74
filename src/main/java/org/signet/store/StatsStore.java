package org.signet.store;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.signet.domain.ListScope;

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
        return counts(ownerId == null ? ListScope.EVERYONE : new ListScope(ownerId, null, null), false);
    }

    /**
     * Counters of the documents in {@code scope}: everyone's from the counters; a person's from their
     * counters (which count what they made, wherever it is), less what they made for a team, plus their
     * teams' documents; a team's by counting its rows. Deleted documents are counted by owner alone.
     */
    public Map<String, Long> countsIn(ListScope scope) {
        return counts(scope, true);
    }

    private Map<String, Long> counts(ListScope scope, boolean withTeams) {
        Map<String, Long> byStatus = new LinkedHashMap<>();
        COUNTERS.forEach(c -> byStatus.put(c, 0L));
        List<Object> params = new ArrayList<>();
        String sql;
        if (scope.teamId() != null) {
            params.add(scope.teamId());
            sql = "SELECT status, count(*) AS n FROM documents WHERE team_id = ? GROUP BY status";
        } else if (scope.personId() != null && withTeams) {
            params.addAll(List.of(scope.personId(), scope.personId(), scope.personId()));
            sql = "SELECT status, SUM(n) AS n FROM (SELECT status, n FROM document_counts WHERE owner_id = ? "
                    + "UNION ALL SELECT status, -count(*) AS n FROM documents WHERE owner_id = ? AND team_id IS NOT NULL "
                    + "GROUP BY status UNION ALL SELECT status, count(*) AS n FROM documents WHERE team_id IN "
                    + "(SELECT team_id FROM team_members WHERE user_id = ?) GROUP BY status) c GROUP BY status";
        } else {
            if (scope.personId() != null) {
                params.add(scope.personId());
            }
            sql = "SELECT status, SUM(n) AS n FROM document_counts" + (scope.personId() == null ? "" : " WHERE owner_id = ?")
                    + " GROUP BY status";
        }
        db.query(sql, r -> Map.entry(r.string("status"), r.getLong("n")), params.toArray())
                .forEach(e -> byStatus.put(e.getKey(), e.getValue()));
        Map<String, Long> out = new LinkedHashMap<>();
        out.put("total", byStatus.entrySet().stream().filter(e -> !e.getKey().equals("deleted"))
                .mapToLong(Map.Entry::getValue).sum());
        out.putAll(byStatus);
        return out;
    }

    /**
     * When each document in {@code scope} completed at or after {@code since} (Unix seconds) was completed;
     * the caller groups them into days of its time zone.
     */
    public List<Long> completedSince(ListScope scope, long since) {
        List<Object> params = new ArrayList<>(List.of(since));
        String sql = "SELECT completed_at FROM documents WHERE status = 'completed' AND completed_at >= ?"
                + Scopes.where(scope, params);
        return db.query(sql, r -> r.getLong("completed_at"), params.toArray());
    }
}
