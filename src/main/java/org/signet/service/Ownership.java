package org.signet.service;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToLongFunction;
import org.signet.domain.ListScope;
import org.signet.domain.Owned;
import org.signet.domain.Principal;
import org.signet.domain.TeamRole;
import org.signet.error.Refusal;
import org.signet.store.TeamStore;

/**
 * The one rule for who may use what a person or a team holds (documents, templates, webhooks, API keys,
 * bulk sends, teams themselves; see docs/api/teams.md): 404 {@code not_found} when it does not exist,
 * checked first, then 403 {@code forbidden} when it is another user's, or a team's the caller is not in,
 * and the caller is no administrator; inside a team, 403 when the caller's role is below what the
 * operation needs. {@code what} names the thing as its messages do: "Template not found.", "You are not
 * allowed to access this template.". A role is read from the database at each check, so a member
 * removed or lowered by any instance is refused at their next request.
 */
final class Ownership {
    private final TeamStore teams;

    Ownership(TeamStore teams) {
        this.teams = teams;
    }

    /** The thing {@code found} holds, when there is one and {@code p} may use it. */
    static <T> T require(Principal p, Optional<T> found, ToLongFunction<T> owner, String what) {
        return check(p, found.orElseThrow(() -> Refusal.notFound(what)), owner, what);
    }

    /** {@code thing} itself, when {@code p} may use it; 403 when it is another user's. */
    static <T> T check(Principal p, T thing, ToLongFunction<T> owner, String what) {
        if (!p.mayAccess(owner.applyAsLong(thing))) {
            throw forbidden(what);
        }
        return thing;
    }

    /** The thing {@code found} holds, when there is one and {@code p} may do with it what {@code needed} may. */
    <T extends Owned> T require(Principal p, Optional<T> found, TeamRole needed, String what) {
        return check(p, found.orElseThrow(() -> Refusal.notFound(what)), needed, what);
    }

    /**
     * {@code thing} itself, when {@code p} may do with it what {@code needed} may: a personal one by the
     * personal rule, a team's one by the caller's role in the team.
     */
    <T extends Owned> T check(Principal p, T thing, TeamRole needed, String what) {
        if (thing.teamId() == null) {
            return check(p, thing, Owned::ownerId, what);
        }
        requireRole(p, thing.teamId(), needed, what);
        return thing;
    }

    /** Whether {@code p} may do with {@code thing} what {@code needed} may, as {@link #check} decides, without refusing. */
    <T extends Owned> boolean allows(Principal p, T thing, TeamRole needed) {
        if (thing.teamId() == null) {
            return p.mayAccess(thing.ownerId());
        }
        return roleIn(p, thing.teamId()).map(role -> role.atLeast(needed)).orElse(false);
    }

    /** 403 unless {@code p} has at least {@code needed} in the team: naming the thing for an outsider, the role for a member. */
    TeamRole requireRole(Principal p, long teamId, TeamRole needed, String what) {
        TeamRole role = roleIn(p, teamId).orElseThrow(() -> forbidden(what));
        if (!role.atLeast(needed)) {
            throw new Refusal(Refusal.Kind.FORBIDDEN, "forbidden", "Your role in this team (" + role.wire()
                    + ") does not allow this.", Map.of("role", role.wire()));
        }
        return role;
    }

    /**
     * {@code p}'s role in the team, as stored now: an administrator of the site is as its owner, a team's
     * key as an admin of its own team (and a stranger to every other); empty for someone not in it.
     */
    Optional<TeamRole> roleIn(Principal p, long teamId) {
        if (p.admin()) {
            return Optional.of(TeamRole.OWNER);
        }
        if (p.actsForTeam()) {
            return p.teamId() == teamId ? Optional.of(TeamRole.ADMIN) : Optional.empty();
        }
        return teams.role(teamId, p.userId());
    }

    /**
     * What a listing shows for {@code p} asking for team {@code teamId} (or null): that team's items, for a
     * member of it with at least {@code least}; else a team key's own team, everyone's for an administrator,
     * or a person's own personal items and those of their teams where their role is at least {@code least}.
     */
    ListScope scope(Principal p, Long teamId, TeamRole least) {
        if (teamId != null) {
            requireTeam(p, teamId, least);
            return ListScope.team(teamId);
        }
        if (p.actsForTeam()) {
            return ListScope.team(p.teamId());
        }
        return p.admin() ? ListScope.EVERYONE : ListScope.person(p.userId(), least);
    }

    /**
     * The team a new item of {@code p}'s goes to: the one asked for ({@code teamId}), where {@code p} has at
     * least {@code needed}; else a team key's own team, or none (a personal item). 404 for a team that does
     * not exist, 403 as for any team item.
     */
    Long teamForNew(Principal p, Long teamId, TeamRole needed) {
        if (teamId == null) {
            return p.actsForTeam() ? p.teamId() : null;
        }
        requireTeam(p, teamId, needed);
        return teamId;
    }

    /** 404 when team {@code teamId} does not exist, then 403 unless {@code p} has at least {@code needed} in it. */
    TeamRole requireTeam(Principal p, long teamId, TeamRole needed) {
        if (teams.find(teamId).isEmpty()) {
            throw Refusal.notFound("Team");
        }
        return requireRole(p, teamId, needed, "Team");
    }

    private static Refusal forbidden(String what) {
        return Refusal.forbidden(what.toLowerCase(Locale.ROOT));
    }
}
