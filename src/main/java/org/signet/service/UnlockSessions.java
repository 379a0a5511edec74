package org.signet.service;

import java.time.Clock;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.signet.crypto.Tokens;

/**
 * Browser sessions that have passed a signer's PIN, login or both, kept in memory for 12 hours. A
 * restart forgets them: the signer enters the PIN again, which loses nothing.
 */
public final class UnlockSessions {
    private static final long LIFETIME_SECONDS = 12 * 3600;

    private final Clock clock;
    private final Map<String, Entry> sessions = new ConcurrentHashMap<>();

    private record Entry(long signerId, Set<String> passed, long expiresAt) {}

    public UnlockSessions(Clock clock) {
        this.clock = clock;
    }

    /**
     * Records that this browser passed {@code factor} ("pin" or "login") for the signer and returns
     * the session id to set as an HttpOnly cookie. The id is new each time (so a planted cookie is
     * worth nothing) and keeps the factors the old session had already passed for the same signer.
     */
    public String pass(String sessionId, long signerId, String factor) {
        Set<String> passed = new HashSet<>();
        Entry old = sessionId == null ? null : sessions.remove(sessionId);
        if (old != null && old.signerId() == signerId && old.expiresAt() > now()) {
            passed.addAll(old.passed());
        }
        passed.add(factor);
        String id = Tokens.base64Url(24);
        sessions.put(id, new Entry(signerId, Set.copyOf(passed), now() + LIFETIME_SECONDS));
        return id;
    }

    /** Whether this browser session has passed {@code factor} for the signer. */
    public boolean passed(String sessionId, long signerId, String factor) {
        if (sessionId == null) {
            return false;
        }
        Entry e = sessions.get(sessionId);
        return e != null && e.signerId() == signerId && e.expiresAt() > now() && e.passed().contains(factor);
    }

    public void evictExpired() {
        long now = now();
        sessions.values().removeIf(e -> e.expiresAt() <= now);
    }

    private long now() {
        return clock.millis() / 1000;
    }
}
