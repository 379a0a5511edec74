package org.signet.service;

import java.time.Clock;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.signet.crypto.Tokens;

/**
 * Browser sessions that have passed a signer's PIN or login, kept in memory for 12 hours. A
 * restart forgets them: the signer enters the PIN again, which loses nothing.
 */
public final class UnlockSessions {
    private static final long LIFETIME_SECONDS = 12 * 3600;

    private final Clock clock;
    private final Map<String, Entry> sessions = new ConcurrentHashMap<>();

    private record Entry(long signerId, long expiresAt) {}

    public UnlockSessions(Clock clock) {
        this.clock = clock;
    }

    /** A new session id for this signer, to be set as an HttpOnly cookie. */
    public String open(long signerId) {
        String id = Tokens.base64Url(24);
        sessions.put(id, new Entry(signerId, now() + LIFETIME_SECONDS));
        return id;
    }

    public boolean unlocked(String sessionId, long signerId) {
        if (sessionId == null) {
            return false;
        }
        Entry e = sessions.get(sessionId);
        return e != null && e.signerId() == signerId && e.expiresAt() > now();
    }

    public void evictExpired() {
        long now = now();
        sessions.values().removeIf(e -> e.expiresAt() <= now);
    }

    private long now() {
        return clock.millis() / 1000;
    }
}
