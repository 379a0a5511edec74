package org.signet.http;

import org.signet.domain.ApiKey;
import org.signet.service.KeyAuthentication;

/** Turns the {@code X-WPS-API-Key}/{@code X-WPS-API-Secret} headers into the request's {@link Caller}, or one 401 for any failure. */
final class Authenticator {
    private final KeyAuthentication keys;

    Authenticator(KeyAuthentication keys) {
        this.keys = keys;
    }

    Caller authenticate(String key, String secret) {
        if (key == null || secret == null || key.length() > 100 || secret.length() > 100) {
            throw ApiException.unauthorized();
        }
        KeyAuthentication.KeyHolder h = keys.authenticate(key, secret).orElseThrow(ApiException::unauthorized);
        ApiKey k = h.key();
        return new Caller(k.userId(), h.userName(), h.userEmail(), h.admin(), k.id(),
                k.permission() == ApiKey.Permission.READ, k.rateLimit());
    }
}
