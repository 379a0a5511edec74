package org.signet.service;

import java.time.Clock;
import java.util.Map;
import org.signet.crypto.Passwords;
import org.signet.domain.Signer;
import org.signet.domain.User;
import org.signet.http.ApiException;
import org.signet.store.SignerStore;
import org.signet.store.UserStore;

/**
 * The PIN or host-site login that stands before a protected link (S7). Five wrong tries lock the
 * link for 15 minutes; the count is kept in the database so a restart does not reset it.
 */
public final class LinkUnlock {
    static final int MAX_TRIES = 5;
    static final long LOCK_SECONDS = 15 * 60;

    private final SignerStore signers;
    private final UserStore users;
    private final UnlockSessions sessions;
    private final Clock clock;

    public LinkUnlock(SignerStore signers, UserStore users, UnlockSessions sessions, Clock clock) {
        this.signers = signers;
        this.users = users;
        this.sessions = sessions;
        this.clock = clock;
    }

    /** True when the link needs nothing, or this browser session has passed its PIN or login. */
    public boolean unlocked(SignerLink link, String sessionId) {
        return link.requires() == null || sessions.unlocked(sessionId, link.signer().id());
    }

    /** Checks a PIN; returns a new session id, or throws 400 invalid_pin / 429 pin_locked. */
    public String pin(SignerLink link, String pin) {
        Signer s = link.signer();
        if (s.pinHash() == null) {
            return sessions.open(s.id());
        }
        requireNotLocked(s);
        if (pin != null && pin.matches("\\d{4,8}") && Passwords.verify(pin.toCharArray(), s.pinHash())) {
            signers.recordPinFailure(s.id(), 0, null);
            return sessions.open(s.id());
        }
        throw failed(s, "invalid_pin", 400, "The PIN is not correct.");
    }

    /** Logs in as the host-site account with the signer's email; 401 invalid_login otherwise. */
    public String login(SignerLink link, String email, String password) {
        Signer s = link.signer();
        requireNotLocked(s);
        User u = email == null ? null : users.findByEmail(email).orElse(null);
        boolean ok = u != null && !u.disabled() && u.email().equalsIgnoreCase(s.email()) && password != null
                && Passwords.verify(password.toCharArray(), users.passwordHash(u.id()).orElse(null));
        if (ok) {
            signers.recordPinFailure(s.id(), 0, null);
            return sessions.open(s.id());
        }
        throw failed(s, "invalid_login", 401, "The email or password is not correct for this signing link.");
    }

    private void requireNotLocked(Signer s) {
        long now = clock.millis() / 1000;
        if (s.pinLockedUntil() != null && s.pinLockedUntil() > now) {
            throw locked(s.pinLockedUntil() - now);
        }
    }

    private ApiException failed(Signer s, String code, int status, String message) {
        int failures = s.pinFailures() + 1;
        if (failures >= MAX_TRIES) {
            signers.recordPinFailure(s.id(), 0, clock.millis() / 1000 + LOCK_SECONDS);
            return locked(LOCK_SECONDS);
        }
        signers.recordPinFailure(s.id(), failures, null);
        return new ApiException(status, code, message, Map.of("attempts_left", MAX_TRIES - failures));
    }

    private static ApiException locked(long seconds) {
        return new ApiException(429, "pin_locked", "Too many wrong attempts; this link is locked for 15 minutes.",
                Map.of("retry_after", seconds)).header("Retry-After", Long.toString(seconds));
    }
}
