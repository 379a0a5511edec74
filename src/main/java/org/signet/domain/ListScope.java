package org.signet.domain;

/**
 * Whose items a listing shows: everyone's (an administrator's view), one person's ({@code personId}:
 * their own personal items and those of their teams in which their role is at least {@code least}), or
 * one team's ({@code teamId}).
 */
public record ListScope(Long personId, Long teamId, TeamRole least) {
    public static final ListScope EVERYONE = new ListScope(null, null, TeamRole.VIEWER);

    public ListScope {
        if (personId != null && teamId != null) {
            throw new IllegalArgumentException("a scope is a person's or a team's, not both");
        }
        // A person's scope without a role is their personal items alone (see personal).
        least = least == null && personId == null ? TeamRole.VIEWER : least;
    }

    /** {@code userId}'s personal items alone, none of any team's: a "Personal" list. */
    public static ListScope personal(long userId) {
        return new ListScope(userId, null, null);
    }

    /** Whether this is one person's personal items alone. */
    public boolean personalOnly() {
        return personId != null && least == null;
    }

    /** {@code userId}'s personal items and those of every team they are in with at least {@code least}. */
    public static ListScope person(long userId, TeamRole least) {
        return new ListScope(userId, null, least);
    }

    public static ListScope team(long teamId) {
        return new ListScope(null, teamId, TeamRole.VIEWER);
    }

    public boolean everyone() {
        return personId == null && teamId == null;
    }
}
