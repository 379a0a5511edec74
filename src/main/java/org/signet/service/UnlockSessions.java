package org.signet.service;

import java.time.Clock;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.signet.crypto.Tokens;
import org.signet.domain.Signer;
import org.signet.store.UnlockSessionStore;
import org.signet.store.UserStore;

/**
 * Browser sessions that have passed a signer's PIN, login or emailed code, kept for 12 hours: in memory
 * where Signet is the database's only process (SQLite), in the database where several instances share
 * it (PostgreSQL), since a browser's next request may reach any of them. A restart of the only process
 * forgets them: the signer enters the PIN again, which loses nothing. A session holds for the signer's
 * place as it was when the gate was passed, its gate version: it ends once the place is handed to
 * another person, the document is recalled or the gates change. A session that passed
 * the login keeps the account's credential version it was passed at and ends once that moves (a new
 * password, a disabled account, administrator rights granted or withdrawn), even when the change was
 * made by another process such as the command line.
 */
public final class UnlockSessions {
    private static final long LIFETIME_SECONDS = 12 * 3600;

    private final UserStore users;
    private final Clock clock;
    private final Kept sessions;

    /** The host-site account a login was passed with, and its credential version at the time. */
    public record Account(long userId, long credentialVersion) {}

    /** {@code account} is null until the session has passed a login. */
    private record Entry(long signerId, long gateVersion, Set<String> passed, long expiresAt, Account account) {}

    /** Sessions kept in this process's memory: for the database's only process. */
    public UnlockSessions(UserStore users, Clock clock) {
        this(users, clock, new InMemory());
    }

    /** Sessions kept in the database through {@code store}, for instances that share it. */
    public UnlockSessions(UserStore users, Clock clock, UnlockSessionStore store) {
        this(users, clock, new InDatabase(store));
    }

    private UnlockSessions(UserStore users, Clock clock, Kept sessions) {
        this.users = users;
        this.clock = clock;
        this.sessions = sessions;
    }

    /** As {@link #pass(String, Signer, String, Account)} for a factor that is no host-site account (a PIN, a code). */
    public String pass(String sessionId, Signer signer, String factor) {
        return pass(sessionId, signer, factor, null);
    }

    /**
     * Records that this browser passed {@code factor} ("pin", "email_code" or "login", the latter with
     * the {@code account} it was passed with) for the signer as it is now and returns the session id to
     * set as an HttpOnly cookie. The id is new each time (so a planted cookie is worth nothing) and keeps
     * the factors the old session had already passed for the same signer at the same gate version.
     */
    public String pass(String sessionId, Signer signer, String factor, Account account) {
        Set<String> passed = new HashSet<>();
        Entry old = sessionId == null ? null : sessions.take(sessionId);
        Account kept = account;
        if (old != null && live(old, signer)) {
            passed.addAll(old.passed());
            kept = account != null ? account : old.account();
        }
        passed.add(factor);
        String id = Tokens.base64Url(24);
        sessions.put(id, new Entry(signer.id(), signer.gateVersion(), Set.copyOf(passed), now() + LIFETIME_SECONDS,
                kept));
        return id;
    }

    /** Whether this browser session has passed {@code factor} for the signer; a session found ended is forgotten. */
    public boolean passed(String sessionId, Signer signer, String factor) {
        if (sessionId == null) {
            return false;
        }
        Entry e = sessions.get(sessionId);
        if (e == null) {
            return false;
        }
        if (!live(e, signer)) {
            if (e.signerId() == signer.id()) {
                sessions.remove(sessionId);
            }
            return false;
        }
        return e.passed().contains(factor);
    }

    /**
     * For this signer at the gate version it was passed at (the same person, link and gates), not
     * expired, and its account (if any) unchanged since the login.
     */
    private boolean live(Entry e, Signer signer) {
        return e.signerId() == signer.id() && e.gateVersion() == signer.gateVersion() && e.expiresAt() > now()
                && (e.account() == null || users.credentialVersion(e.account().userId()).orElse(-1L)
                        == e.account().credentialVersion());
    }

    public void evictExpired() {
        long now = now();
        sessions.evictExpired(now);
    }

    private long now() {
        return clock.millis() / 1000;
    }

    /** Where the sessions are kept, by session id. */
    private interface Kept {
        /** Removes the session and returns it, or null when there is none. */
        Entry take(String id);

        Entry get(String id);

        void put(String id, Entry e);

        void remove(String id);

        void evictExpired(long now);
    }

    private static final class InMemory implements Kept {
        private final Map<String, Entry> entries = new ConcurrentHashMap<>();

        @Override
        public Entry take(String id) {
            return entries.remove(id);
        }

        @Override
        public Entry get(String id) {
            return entries.get(id);
        }

        @Override
        public void put(String id, Entry e) {
            entries.put(id, e);
        }

        @Override
        public void remove(String id) {
            entries.remove(id);
        }

        @Override
        public void evictExpired(long now) {
            entries.values().removeIf(e -> e.expiresAt() <= now);
        }
    }

    /** By the SHA-256 of the id, as the administrators' sessions: the database never holds a cookie's value. */
    private static final class InDatabase implements Kept {
        private final UnlockSessionStore store;

        InDatabase(UnlockSessionStore store) {
            this.store = store;
        }

        @Override
        public Entry take(String id) {
            return store.take(Tokens.sha256Hex(id)).map(InDatabase::entry).orElse(null);
        }

        @Override
        public Entry get(String id) {
            return store.find(Tokens.sha256Hex(id)).map(InDatabase::entry).orElse(null);
        }

        @Override
        public void put(String id, Entry e) {
            store.put(Tokens.sha256Hex(id), new UnlockSessionStore.Stored(e.signerId(), e.gateVersion(),
                    String.join(",", e.passed()), e.expiresAt(), e.account() == null ? null : e.account().userId(),
                    e.account() == null ? null : e.account().credentialVersion()));
        }

        @Override
        public void remove(String id) {
            store.delete(Tokens.sha256Hex(id));
        }

        @Override
        public void evictExpired(long now) {
            store.deleteExpired(now);
        }

        private static Entry entry(UnlockSessionStore.Stored s) {
            Account account = s.userId() == null ? null : new Account(s.userId(), s.credentialVersion());
            return new Entry(s.signerId(), s.gateVersion(), Set.of(s.passed().split(",")), s.expiresAt(), account);
        }
    }
}
