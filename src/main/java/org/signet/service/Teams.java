package org.signet.service;

import java.util.List;
import java.util.Map;
import org.signet.domain.Membership;
import org.signet.domain.Principal;
import org.signet.domain.Team;
import org.signet.domain.TeamMember;
import org.signet.domain.TeamRole;
import org.signet.domain.User;
import org.signet.error.Refusal;
import org.signet.store.Database;
import org.signet.store.TeamStore;
import org.signet.store.UserStore;

/**
 * Teams and their members, for the REST interface and the administrator pages alike (see
 * docs/api/teams.md): anyone makes a team and is its owner; admins manage members, owners also name and
 * remove owners and delete the team; anyone may leave. A team always keeps at least one owner: every
 * change that could take the last one locks the team first and counts its owners inside the transaction.
 */
public final class Teams {
    /** The longest team name, in characters. */
    public static final int MAX_NAME = 100;

    private final Database db;
    private final TeamStore teams;
    private final UserStore users;
    private final Ownership ownership;

    public Teams(Database db, TeamStore teams, UserStore users) {
        this.db = db;
        this.teams = teams;
        this.users = users;
        this.ownership = new Ownership(teams);
    }

    /** A new team named {@code name}, with the caller its owner; a team's key makes no teams. */
    public Membership create(Principal p, String name) {
        if (p.actsForTeam()) {
            throw Refusal.forbidden("team");
        }
        Team t = teams.create(checkedName(name), p.userId());
        return new Membership(t, TeamRole.OWNER);
    }

    /** The teams the caller is in, each with the caller's role; for a team's key, its team. */
    public List<Membership> mine(Principal p) {
        return db.read(() -> {
            if (p.actsForTeam()) {
                return teams.find(p.teamId()).map(t -> List.of(new Membership(t, TeamRole.ADMIN))).orElse(List.of());
            }
            return teams.forUser(p.userId());
        });
    }

    /** One team with the caller's role in it: 404 when there is none, 403 for someone not in it. */
    public Membership get(Principal p, long teamId) {
        return db.read(() -> {
            Team t = find(teamId);
            return new Membership(t, ownership.requireRole(p, teamId, TeamRole.VIEWER, "Team"));
        });
    }

    /** Renames the team: an admin's or owner's. */
    public Membership rename(Principal p, long teamId, String name) {
        String checked = checkedName(name);
        return db.inTransaction(() -> {
            find(teamId);
            TeamRole role = managing(p, teamId, TeamRole.ADMIN);
            teams.rename(teamId, checked);
            return new Membership(find(teamId), role);
        });
    }

    /** Deletes the team, which must hold nothing any more: an owner's. Its keys are revoked. */
    public void delete(Principal p, long teamId) {
        db.inTransaction(() -> {
            find(teamId);
            managing(p, teamId, TeamRole.OWNER);
            long held = teams.holdings(teamId);
            if (held > 0) {
                throw new Refusal(Refusal.Kind.CONFLICT, "team_not_empty", "The team still holds documents, templates, "
                        + "webhooks or bulk sends: move or delete them first.", Map.of("items", held));
            }
            teams.delete(teamId);
        });
    }

    /** The team's members with their roles, for anyone in it. */
    public List<TeamMember> members(Principal p, long teamId) {
        return db.read(() -> {
            find(teamId);
            ownership.requireRole(p, teamId, TeamRole.VIEWER, "Team");
            return teams.members(teamId);
        });
    }

    /** One member: 404 when the team has no such member. */
    public TeamMember member(Principal p, long teamId, long userId) {
        return db.read(() -> {
            find(teamId);
            ownership.requireRole(p, teamId, TeamRole.VIEWER, "Team");
            return requireMember(teamId, userId);
        });
    }

    /**
     * Adds the person whose account has {@code email}, with {@code role}: an admin's, or an owner's for a
     * new owner. The person must have an account that is not disabled and not be in the team already.
     */
    public TeamMember add(Principal p, long teamId, String email, TeamRole role) {
        return db.inTransaction(() -> {
            find(teamId);
            managing(p, teamId, role == TeamRole.OWNER ? TeamRole.OWNER : TeamRole.ADMIN);
            User u = users.findByEmail(email == null ? "" : email)
                    .orElseThrow(() -> Refusal.invalidParam("email", "No account has this email address."));
            if (u.disabled()) {
                throw Refusal.conflict("user_disabled", "A disabled user cannot be added to a team.");
            }
            if (!teams.add(teamId, u.id(), role)) {
                throw Refusal.conflict("already_member", "This person is a member of the team already.");
            }
            return requireMember(teamId, u.id());
        });
    }

    /**
     * Gives a member another role: an admin's, or an owner's when an owner is lowered or someone is made
     * owner; the last owner is never lowered.
     */
    public TeamMember changeRole(Principal p, long teamId, long userId, TeamRole role) {
        return db.inTransaction(() -> {
            find(teamId);
            teams.lock(teamId);
            ownership.requireRole(p, teamId, TeamRole.VIEWER, "Team");
            TeamMember m = requireMember(teamId, userId);
            boolean touchesOwners = role == TeamRole.OWNER || m.role() == TeamRole.OWNER;
            managing(p, teamId, touchesOwners ? TeamRole.OWNER : TeamRole.ADMIN);
            if (m.role() == TeamRole.OWNER && role != TeamRole.OWNER) {
                keepAnOwner(teamId);
            }
            teams.setRole(teamId, userId, role);
            return requireMember(teamId, userId);
        });
    }

    /**
     * Removes a member: an admin's, or an owner's to remove an owner; anyone may remove themselves
     * (leave). The last owner is never removed.
     */
    public void remove(Principal p, long teamId, long userId) {
        db.inTransaction(() -> {
            find(teamId);
            teams.lock(teamId);
            ownership.requireRole(p, teamId, TeamRole.VIEWER, "Team");
            TeamMember m = requireMember(teamId, userId);
            boolean leaving = !p.actsForTeam() && p.userId() == userId;
            if (!leaving) {
                managing(p, teamId, m.role() == TeamRole.OWNER ? TeamRole.OWNER : TeamRole.ADMIN);
            }
            if (m.role() == TeamRole.OWNER) {
                keepAnOwner(teamId);
            }
            teams.remove(teamId, userId);
        });
    }

    /** The caller's role, when at least {@code needed}: the members and the team are managed by people, not by keys. */
    private TeamRole managing(Principal p, long teamId, TeamRole needed) {
        if (p.actsForTeam()) {
            ownership.requireRole(p, teamId, TeamRole.VIEWER, "Team");
            throw new Refusal(Refusal.Kind.FORBIDDEN, "forbidden", "A team's API key does not manage the team; "
                    + "its members do.", Map.of());
        }
        return ownership.requireRole(p, teamId, needed, "Team");
    }

    private void keepAnOwner(long teamId) {
        if (teams.owners(teamId) <= 1) {
            throw Refusal.conflict("last_owner", "A team keeps at least one owner: name another owner first.");
        }
    }

    private Team find(long teamId) {
        return teams.find(teamId).orElseThrow(() -> Refusal.notFound("Team"));
    }

    private TeamMember requireMember(long teamId, long userId) {
        return teams.member(teamId, userId).orElseThrow(() -> Refusal.notFound("Member"));
    }

    private static String checkedName(String name) {
        String n = name == null ? "" : name.strip();
        if (n.isEmpty() || n.length() > MAX_NAME) {
            throw Refusal.invalidParam("name", "name must be 1 to " + MAX_NAME + " characters.");
        }
        return n;
    }
}
