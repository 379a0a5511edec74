package org.signet.service;

import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.signet.crypto.Tokens;
import org.signet.domain.ApiKey;
import org.signet.store.ApiKeyStore.Credential;
import org.signet.store.ApiKeyStore;

/**
 * Checks an API key and secret. What it has read of a key, and that a key does not exist, is
 * kept in memory with the auth_changes counter it was read at, and the database's commit mark then.
 * While the mark stands still nothing has been committed anywhere, so the key is as it was without
 * a query; after any commit the request reads that counter, one small row, instead of the key and
 * its user. A key created, changed or revoked, or a user disabled, from the command line moves both,
 * so the change takes effect at once.
 */
public final class KeyAuthentication {
    /** last_used_at is a convenience, not an audit record: one write a minute per key is plenty. */
    private static final long TOUCH_INTERVAL_SECONDS = 60;
    private static final byte[] NO_SUCH_SECRET = Tokens.sha256("no such key");
    /** Far more keys than a site has; past it (someone trying made-up keys) the memory starts over. */
    private static final int MAX_REMEMBERED = 10_000;

    private final ApiKeyStore keys;
    private final Clock clock;
    private final ConcurrentHashMap<Long, Long> lastTouched = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Remembered> remembered = new ConcurrentHashMap<>();

    /** A live key with a matching secret, and the user it acts for. */
    public record KeyHolder(ApiKey key, String userName, String userEmail, boolean admin) {}

    /** A key as read (or its absence), the counter's value when it was read, and the commit mark before that. */
    private record Remembered(Optional<Credential> credential, long version, long commitMark) {}

    public KeyAuthentication(ApiKeyStore keys, Clock clock) {
        this.keys = keys;
        this.clock = clock;
    }

    /** The key's holder when the pair is right, the key live and its user enabled; empty for every failure alike. */
    public Optional<KeyHolder> authenticate(String key, String secret) {
        Optional<Credential> found = credential(key);
        // Hash and compare even for an unknown key, so timing does not tell which keys exist; an
        // unknown key is remembered like a known one, so only a first try of either reads the store.
        byte[] expected = found.map(Credential::secretHash).orElse(NO_SUCH_SECRET);
        boolean secretMatches = Tokens.constantTimeEquals(expected, Tokens.sha256(secret));
        if (found.isEmpty() || !secretMatches || found.get().key().revoked() || found.get().userDisabled()) {
            return Optional.empty();
        }
        Credential c = found.get();
        touch(c.key().id());
        return Optional.of(new KeyHolder(c.key(), c.userName(), c.userEmail(), c.admin()));
    }

    /** The key as stored now: from memory while nothing was committed, or while the counter has not moved since it was read. */
    private Optional<Credential> credential(String key) {
        // Each reading comes before what it vouches for: a change committed in between leaves the key
        // newer than the mark and the counter it is remembered with, so a later request reads again.
        long mark = keys.commitMark();
        Remembered r = remembered.get(key);
        if (r != null && r.commitMark() == mark) {
            return r.credential();
        }
        long version = keys.authVersion();
        if (r != null && r.version() == version) {
            remembered.put(key, new Remembered(r.credential(), version, mark));
            return r.credential();
        }
        Optional<Credential> found = keys.credential(key);
        if (remembered.size() >= MAX_REMEMBERED) {
            remembered.clear();
        }
        remembered.put(key, new Remembered(found, version, mark));
        return found;
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
