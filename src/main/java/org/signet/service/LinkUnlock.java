package org.signet.service;

import java.time.Clock;
import java.util.Arrays;
import java.util.Map;
import org.signet.crypto.Passwords;
import org.signet.domain.Signer;
import org.signet.domain.User;
import org.signet.error.Refusal;
import org.signet.store.SignerStore;
import org.signet.store.UserStore;

/**
 * The PIN and host-site login that stand before a protected link; a link that asks for both needs
 * both. Five wrong tries lock the link for 15 minutes; the count is kept in the database so a restart
 * does not reset it. The login's password is checked by {@link PasswordCheck} on top of that, so its
 * failures also count against the account and the address wherever else the password is asked for;
 * the gate answers a locked account or address exactly as a wrong password.
 */
public final class LinkUnlock {
    static final int MAX_TRIES = 5;
    static final long LOCK_SECONDS = 15 * 60;
    static final String PIN = "pin";
    static final String LOGIN = "login";

    private final SignerStore signers;
    private final UserStore users;
    private final PasswordCheck passwords;
    private final UnlockSessions sessions;
    private final Clock clock;
    /** Attempts on one link run one at a time, so parallel guesses cannot outrun the failure count. */
    private final Object[] stripes = new Object[64];

    public LinkUnlock(SignerStore signers, UserStore users, PasswordCheck passwords, UnlockSessions sessions,
            Clock clock) {
        this.signers = signers;
        this.users = users;
        this.passwords = passwords;
        this.sessions = sessions;
        this.clock = clock;
        for (int i = 0; i < stripes.length; i++) {
            stripes[i] = new Object();
        }
    }

    /** What this browser session still has to pass, login first, then PIN; null when nothing. */
    public String pending(SignerLink link, String sessionId) {
        Signer s = link.signer();
        if (s.requireLogin() && !sessions.passed(sessionId, s.id(), LOGIN)) {
            return LOGIN;
        }
        if (s.pinHash() != null && !sessions.passed(sessionId, s.id(), PIN)) {
            return PIN;
        }
        return null;
    }

    /** The link, if this browser session has passed its PIN and login; 403 naming what is still needed otherwise. */
    public SignerLink requirePassed(SignerLink link, String sessionId) {
        String pending = pending(link, sessionId);
        if (pending != null) {
            throw new Refusal(Refusal.Kind.FORBIDDEN, "forbidden", "Unlock this link first.", Map.of("requires", pending));
        }
        return link;
    }

    /** Checks a PIN; returns the session id that now has it, or throws 400 invalid_pin / 429 pin_locked. */
    public String pin(SignerLink link, String pin, String sessionId) {
        if (link.signer().pinHash() == null) {
            throw Refusal.invalid("invalid_pin", "This signing link has no PIN.");
        }
        synchronized (stripe(link.signer())) {
            Signer s = fresh(link.signer());
            requireNotLocked(s);
            if (pin != null && pin.matches("\\d{4,8}") && Passwords.verify(pin.toCharArray(), s.pinHash())) {
                signers.recordPinFailure(s.id(), 0, null);
                return sessions.pass(sessionId, s.id(), PIN);
            }
            throw failed(s, "invalid_pin", Refusal.Kind.INVALID, "The PIN is not correct.");
        }
    }

    /**
     * Logs in as the host-site account with the signer's email; 401 invalid_login otherwise, alike for
     * a wrong password, another or unknown account, and an account or address locked by failures
     * here or at the administrator sign-in.
     */
    public String login(SignerLink link, String email, String password, String clientIp, String sessionId) {
        if (!link.signer().requireLogin()) {
            throw Refusal.invalid("invalid_login", "This signing link does not ask for a login.");
        }
        char[] typed = password == null ? new char[0] : password.toCharArray();
        try {
            synchronized (stripe(link.signer())) {
                Signer s = fresh(link.signer());
                requireNotLocked(s);
                PasswordCheck.Outcome checked = passwords.check(email, typed, clientIp,
                        u -> u.email().equalsIgnoreCase(s.email()) && u.passwordAskableBy(ownerIsAdmin(link)));
                if (checked.accepted()) {
                    signers.recordPinFailure(s.id(), 0, null);
                    return sessions.pass(sessionId, s.id(), LOGIN,
                            new UnlockSessions.Account(checked.user().id(), checked.credentialVersion()));
                }
                throw failed(s, "invalid_login", Refusal.Kind.UNAUTHORIZED,
                        "The email or password is not correct for this signing link.");
            }
        } finally {
            Arrays.fill(typed, '\0');
        }
    }

    /** Whether the document's owner is an administrator now: only then may it ask for an administrator's password. */
    private boolean ownerIsAdmin(SignerLink link) {
        return users.find(link.document().ownerId()).map(User::admin).orElse(false);
    }

    private Object stripe(Signer s) {
        return stripes[(int) Math.floorMod(s.id(), (long) stripes.length)];
    }

    /** The signer's failure count as stored now, not as it was when the link was resolved. */
    private Signer fresh(Signer s) {
        return signers.find(s.id()).orElseThrow(() -> Refusal.notFound("Signing link"));
    }

    /** Locked by too many wrong tries right now, so the page can say so before anyone types. */
    public boolean locked(SignerLink link) {
        Long until = link.signer().pinLockedUntil();
        return until != null && until > clock.millis() / 1000;
    }

    private void requireNotLocked(Signer s) {
        long now = clock.millis() / 1000;
        if (s.pinLockedUntil() != null && s.pinLockedUntil() > now) {
            throw locked(s.pinLockedUntil() - now);
        }
    }

    private Refusal failed(Signer s, String code, Refusal.Kind kind, String message) {
        int failures = s.pinFailures() + 1;
        if (failures >= MAX_TRIES) {
            signers.recordPinFailure(s.id(), 0, clock.millis() / 1000 + LOCK_SECONDS);
            return locked(LOCK_SECONDS);
        }
        signers.recordPinFailure(s.id(), failures, null);
        return new Refusal(kind, code, message, Map.of("attempts_left", MAX_TRIES - failures));
    }

    private static Refusal locked(long seconds) {
        return Refusal.tooMany("pin_locked", "Too many wrong attempts; this link is locked for 15 minutes.", seconds);
    }
}
