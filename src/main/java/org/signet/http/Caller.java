package org.signet.http;

import org.signet.domain.Principal;

/** The authenticated party of a REST request: the API key and the user it belongs to. */
public record Caller(long userId, String userName, String userEmail, boolean admin, long keyId,
        boolean readOnly, int rateLimit) {

    /** Whom the request acts for, in the services' terms. */
    public Principal principal() {
        return new Principal(userId, admin);
    }
}
