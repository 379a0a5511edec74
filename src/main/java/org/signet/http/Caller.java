package org.signet.http;

import org.signet.domain.Principal;

/**
 * The authenticated party of a REST request: the API key and the user it belongs to; for a team's key,
 * the team it acts for ({@code teamId}), the user being the person who made the key.
 */
public record Caller(long userId, String userName, String userEmail, boolean admin, long keyId,
        boolean readOnly, int rateLimit, Long teamId) {

    /** Whom the request acts for, in the services' terms: a team's key acts for its team alone. */
    public Principal principal() {
        return teamId != null ? Principal.forTeam(userId, teamId) : new Principal(userId, admin);
    }
}
