package org.signet.store;

import java.sql.SQLException;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.signet.domain.Membership;
import org.signet.domain.Team;
import org.signet.domain.TeamMember;
import org.signet.domain.TeamRole;

/**
 * Teams and their members. Roles are read from here on every request that needs one, never kept in
 * memory, so a member removed or lowered by any instance is refused at their next request. Changes
 * that must keep a team's last owner lock the team's row first ({@link #lock}), so two owners lowering
 * each other at once on PostgreSQL run one after the other and the second sees the first's change.
 */
public final class TeamStore {
    private static final String MEMBER_COLUMNS = "m.team_id, m.user_id, u.email, u.name, m.role, m.added_at";

    private final Database db;
    private final Clock clock;

    public TeamStore(Database db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    /** A new team named {@code name} with {@code ownerId} its one owner. */
    public Team create(String name, long ownerId) {
        return db.inTransaction(() -> {
            long now = clock.millis() / 1000;
            long id = db.insert("INSERT INTO teams(name, created_at) VALUES (?,?)", name, now);
            db.update("INSERT INTO team_members(team_id, user_id, role, added_at) VALUES (?,?,?,?)", id, ownerId,
                    TeamRole.OWNER.wire(), now);
            return find(id).orElseThrow();
        });
    }

    public Optional<Team> find(long id) {
        return db.queryOne("SELECT id, name, created_at FROM teams WHERE id = ?", TeamStore::team, id);
    }

    /** Takes the team's row lock until the transaction ends, where rows lock (see {@link Database#locksRowsNow}). */
    public void lock(long teamId) {
        db.whereRowsLock(() -> db.query("SELECT id FROM teams WHERE id = ? FOR UPDATE", r -> r.getLong("id"), teamId));
    }

    public boolean rename(long id, String name) {
        return db.update("UPDATE teams SET name = ? WHERE id = ?", name, id) == 1;
    }

    /** Deletes the team and its memberships, and revokes its keys, which stay for the audit trails naming them. */
    public boolean delete(long id) {
        return db.inTransaction(() -> {
            db.update("UPDATE api_keys SET revoked_at = ? WHERE team_id = ? AND revoked_at IS NULL",
                    clock.millis() / 1000, id);
            return db.update("DELETE FROM teams WHERE id = ?", id) == 1;
        });
    }

    /** How many documents, templates, webhooks and bulk sends the team holds: a team is deleted only empty. */
    public long holdings(long teamId) {
        return db.queryLong("SELECT (SELECT COUNT(*) FROM documents WHERE team_id = ?) "
                + "+ (SELECT COUNT(*) FROM templates WHERE team_id = ?) "
                + "+ (SELECT COUNT(*) FROM webhooks WHERE team_id = ?) "
                + "+ (SELECT COUNT(*) FROM bulk_sends WHERE team_id = ?)", teamId, teamId, teamId, teamId);
    }

    /** The teams {@code userId} is a member of, with their role in each, by name. */
    public List<Membership> forUser(long userId) {
        return db.query("SELECT t.id, t.name, t.created_at, m.role FROM team_members m JOIN teams t ON t.id = m.team_id "
                + "WHERE m.user_id = ? ORDER BY t.name, t.id", r -> new Membership(team(r), role(r)), userId);
    }

    /** {@code userId}'s role in the team, as stored now; empty for someone who is not a member. */
    public Optional<TeamRole> role(long teamId, long userId) {
        return db.queryOne("SELECT role FROM team_members WHERE team_id = ? AND user_id = ?", TeamStore::role, teamId,
                userId);
    }

    /** The team's members, owners first, then by address. */
    public List<TeamMember> members(long teamId) {
        return db.query("SELECT " + MEMBER_COLUMNS + " FROM team_members m JOIN users u ON u.id = m.user_id "
                + "WHERE m.team_id = ? ORDER BY CASE m.role WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 "
                + "WHEN 'member' THEN 2 ELSE 3 END, u.email", TeamStore::member, teamId);
    }

    public Optional<TeamMember> member(long teamId, long userId) {
        return db.queryOne("SELECT " + MEMBER_COLUMNS + " FROM team_members m JOIN users u ON u.id = m.user_id "
                + "WHERE m.team_id = ? AND m.user_id = ?", TeamStore::member, teamId, userId);
    }

    /** Adds {@code userId} with {@code role}; false when they are a member already. */
    public boolean add(long teamId, long userId, TeamRole role) {
        return db.update("INSERT INTO team_members(team_id, user_id, role, added_at) VALUES (?,?,?,?) "
                + "ON CONFLICT (team_id, user_id) DO NOTHING", teamId, userId, role.wire(), clock.millis() / 1000) == 1;
    }

    public boolean setRole(long teamId, long userId, TeamRole role) {
        return db.update("UPDATE team_members SET role = ? WHERE team_id = ? AND user_id = ?", role.wire(), teamId,
                userId) == 1;
    }

    public boolean remove(long teamId, long userId) {
        return db.update("DELETE FROM team_members WHERE team_id = ? AND user_id = ?", teamId, userId) == 1;
    }

    public long owners(long teamId) {
        return db.queryLong("SELECT COUNT(*) FROM team_members WHERE team_id = ? AND role = 'owner'", teamId);
    }

    private static Team team(Row r) throws SQLException {
        return new Team(r.getLong("id"), r.string("name"), r.getLong("created_at"));
    }

    private static TeamRole role(Row r) throws SQLException {
        return TeamRole.fromWire(r.string("role"));
    }

    private static TeamMember member(Row r) throws SQLException {
        return new TeamMember(r.getLong("team_id"), r.getLong("user_id"), r.string("email"), r.string("name"), role(r),
                r.getLong("added_at"));
    }
}
