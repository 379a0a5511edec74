package org.signet.store;

import java.util.List;
import org.signet.domain.ListScope;
import org.signet.domain.TeamRole;

/**
 * The one WHERE clause for a {@link ListScope} over a table with {@code owner_id} and {@code team_id}: a
 * person's own items are their personal ones, and a team's item is seen through a membership read in the
 * same statement, so someone removed from a team stops seeing its items at once.
 */
final class Scopes {
    private Scopes() {}

    /** " AND ..." narrowing to {@code scope}, its parameters added to {@code params}; empty for everyone. */
    static String where(ListScope scope, List<Object> params) {
        if (scope.teamId() != null) {
            params.add(scope.teamId());
            return " AND team_id = ?";
        }
        if (scope.personId() == null) {
            return "";
        }
        params.add(scope.personId());
        if (scope.personalOnly()) {
            return " AND owner_id = ? AND team_id IS NULL";
        }
        params.add(scope.personId());
        return " AND (owner_id = ? AND team_id IS NULL OR team_id IN (SELECT team_id FROM team_members "
                + "WHERE user_id = ?" + roles(scope.least()) + "))";
    }

    /** The roles at least {@code least}, as a condition on team_members.role; nothing for any role. */
    private static String roles(TeamRole least) {
        if (least == TeamRole.VIEWER) {
            return "";
        }
        StringBuilder in = new StringBuilder();
        for (TeamRole r : TeamRole.values()) {
            if (r.atLeast(least)) {
                in.append(in.length() == 0 ? "" : ", ").append('\'').append(r.wire()).append('\'');
            }
        }
        return " AND role IN (" + in + ")";
    }
}
