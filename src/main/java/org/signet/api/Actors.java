package org.signet.api;

import org.signet.domain.Actor;
import org.signet.http.Request;

/** The audit actor of a REST request: its API key, client address and user agent. */
final class Actors {
    private Actors() {}

    static Actor of(Request req) {
        return Actor.apiKey(req.caller().keyId(), req.clientIp(), req.userAgent());
    }

}
