package org.signet.service;

import java.time.Clock;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.signet.crypto.Tokens;
import org.signet.store.UserStore;

/**
 * Browser sessions that have passed a signer's PIN, login or both, kept in memory for 12 hours. A
 * restart forgets them: the signer enters the PIN again, which loses nothing. A session that passed
 * the login keeps the account's credential version it was passed at and ends once that moves (a new
 * password, a disabled account, administrator rights granted or withdrawn), even when the change was
 * made by another process such as the command line.
 */
public final class UnlockSessions {
    private static final long LIFETIME_SECONDS = 12 * 3600;

    private final UserStore users;
    private final Clock clock;
    private final Map<String, Entry> sessions = new ConcurrentHashMap<>();

    /** The host-site account a login was passed with, and its credential version at the time. */
    public record Account(long userId, long credentialVersion) {}

    /** {@code account} is null until the session has passed a login. */
    private record Entry(long signerId, Set<String> passed, long expiresAt, Account account) {}

    public UnlockSessions(UserStore users, Clock clock) {
        this.users = users;
        this.clock = clock;
    }

    /** As {@link #pass(String, long, String, Account)} for a factor that is no host-site account (a PIN). */
    public String pass(String sessionId, long signerId, String factor) {
        return pass(sessionId, signerId, factor, null);
    }

    /**
     * Records that this browser passed {@code factor} ("pin" or "login", the latter with the
     * {@code account} it was passed with) for the signer and returns the session id to set as an
     * HttpOnly cookie. The id is new each time (so a planted cookie is worth nothing) and keeps the
     * factors the old session had already passed for the same signer.
     */
    public String pass(String sessionId, long signerId, String factor, Account account) {
        Set<String> passed = new HashSet<>();
        Entry old = sessionId == null ? null : sessions.remove(sessionId);
        Account kept = account;
        if (old != null && live(old, signerId)) {
            passed.addAll(old.passed());
            kept = account != null ? account : old.account();
        }
        passed.add(factor);
        String id = Tokens.base64Url(24);
        sessions.put(id, new Entry(signerId, Set.copyOf(passed), now() + LIFETIME_SECONDS, kept));
        return id;
    }

    /** Whether this browser session has passed {@code factor} for the signer; a session found ended is forgotten. */
    public boolean passed(String sessionId, long signerId, String factor) {
        if (sessionId == null) {
            return false;
        }
        Entry e = sessions.get(sessionId);
        if (e == null) {
            return false;
        }
        if (!live(e, signerId)) {
            if (e.signerId() == signerId) {
                sessions.remove(sessionId, e);
            }
            return false;
        }
        return e.passed().contains(factor);
    }

    /** For this signer, not expired, and its account (if any) unchanged since the login. */
    private boolean live(Entry e, long signerId) {
        return e.signerId() == signerId && e.expiresAt() > now() && (e.account() == null
                || users.credentialVersion(e.account().userId()).orElse(-1L) == e.account().credentialVersion());
    }

    public void evictExpired() {
        long now = now();
        sessions.values().removeIf(e -> e.expiresAt() <= now);
    }

    private long now() {
        return clock.millis() / 1000;
    }
}
