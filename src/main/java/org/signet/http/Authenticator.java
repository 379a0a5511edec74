package org.signet.http;

import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.signet.crypto.Tokens;
import org.signet.domain.ApiKey;
import org.signet.store.ApiKeyStore;
import org.signet.store.ApiKeyStore.Credential;

/**
 * Checks the {@code X-WPS-API-Key}/{@code X-WPS-API-Secret} pair against the database on every
 * request, so a key revoked from the command line stops working at once (S1).
 */
final class Authenticator {
    /** last_used_at is a convenience, not an audit record: one write a minute per key is plenty. */
    private static final long TOUCH_INTERVAL_SECONDS = 60;
    private static final byte[] NO_SUCH_SECRET = Tokens.sha256("no such key");

    private final ApiKeyStore keys;
    private final Clock clock;
    private final ConcurrentHashMap<Long, Long> lastTouched = new ConcurrentHashMap<>();

    Authenticator(ApiKeyStore keys, Clock clock) {
        this.keys = keys;
        this.clock = clock;
    }

    Caller authenticate(String key, String secret) {
        if (key == null || secret == null || key.length() > 100 || secret.length() > 100) {
            throw ApiException.unauthorized();
        }
        Optional<Credential> found = keys.credential(key);
        // Hash and compare even for an unknown key, so timing does not tell which keys exist.
        byte[] expected = found.map(Credential::secretHash).orElse(NO_SUCH_SECRET);
        boolean secretMatches = Tokens.constantTimeEquals(expected, Tokens.sha256(secret));
        if (found.isEmpty() || !secretMatches || found.get().key().revoked() || found.get().userDisabled()) {
            throw ApiException.unauthorized();
        }
        Credential c = found.get();
        touch(c.key().id());
        ApiKey k = c.key();
        return new Caller(k.userId(), c.userName(), c.userEmail(), c.admin(), k.id(),
                k.permission() == ApiKey.Permission.READ, k.rateLimit());
    }

    private void touch(long keyId) {
        long now = clock.millis() / 1000;
        Long previous = lastTouched.get(keyId);
        if (previous == null || now - previous >= TOUCH_INTERVAL_SECONDS) {
            lastTouched.put(keyId, now);
            keys.touch(keyId, now);
        }
    }
}
