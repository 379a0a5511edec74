package org.signet.domain;

/**
 * Whom a request acts for: a host-site user and whether they administer the site, or, for a team's API
 * key, the team ({@code teamId}), with {@code userId} the key's maker, who gives it no rights of their own.
 */
public record Principal(long userId, boolean admin, Long teamId) {

    /** A person (or a person's key). */
    public Principal(long userId, boolean admin) {
        this(userId, admin, null);
    }

    /** A team's key, made by {@code makerId}: it acts for the team alone, never as an administrator. */
    public static Principal forTeam(long makerId, long teamId) {
        return new Principal(makerId, false, teamId);
    }

    /** Whether this is a team's key rather than a person. */
    public boolean actsForTeam() {
        return teamId != null;
    }

    /** The ownership rule for a personal item: its owner or an administrator; never a team's key. */
    public boolean mayAccess(long ownerId) {
        return admin || (teamId == null && ownerId == userId);
    }
}
