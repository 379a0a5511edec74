package org.signet.service;

import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.signet.crypto.Tokens;
import org.signet.domain.ApiKey;
import org.signet.store.ApiKeyStore.Credential;
import org.signet.store.ApiKeyStore;

/**
 * Checks an API key and secret against the database on every request (S3), so a key revoked or a
 * user disabled from the command line stops working at once (S1).
 */
public final class KeyAuthentication {
    /** last_used_at is a convenience, not an audit record: one write a minute per key is plenty. */
    private static final long TOUCH_INTERVAL_SECONDS = 60;
    private static final byte[] NO_SUCH_SECRET = Tokens.sha256("no such key");

    private final ApiKeyStore keys;
    private final Clock clock;
    private final ConcurrentHashMap<Long, Long> lastTouched = new ConcurrentHashMap<>();

    /** A live key with a matching secret, and the user it acts for. */
    public record KeyHolder(ApiKey key, String userName, String userEmail, boolean admin) {}

    public KeyAuthentication(ApiKeyStore keys, Clock clock) {
        this.keys = keys;
        this.clock = clock;
    }

    /** The key's holder when the pair is right, the key live and its user enabled; empty for every failure alike. */
    public Optional<KeyHolder> authenticate(String key, String secret) {
        Optional<Credential> found = keys.credential(key);
        // Hash and compare even for an unknown key, so timing does not tell which keys exist.
        byte[] expected = found.map(Credential::secretHash).orElse(NO_SUCH_SECRET);
        boolean secretMatches = Tokens.constantTimeEquals(expected, Tokens.sha256(secret));
        if (found.isEmpty() || !secretMatches || found.get().key().revoked() || found.get().userDisabled()) {
            return Optional.empty();
        }
        Credential c = found.get();
        touch(c.key().id());
        return Optional.of(new KeyHolder(c.key(), c.userName(), c.userEmail(), c.admin()));
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
