package org.signet.service;

import java.time.Clock;
import java.util.Arrays;
import java.util.Map;
import java.util.function.Predicate;
import org.signet.crypto.Passwords;
import org.signet.domain.Actor;
import org.signet.domain.Signer;
import org.signet.domain.User;
import org.signet.error.Refusal;
import org.signet.store.AuditStore;
import org.signet.store.Database;
import org.signet.store.DocumentStore;
import org.signet.store.SignerStore;
import org.signet.store.UserStore;

/**
 * The host-site login, PIN and emailed code that stand before a protected link, asked in that order; a
 * link that asks for several needs each. Five wrong tries (PINs, passwords and codes together) lock the
 * link for 15 minutes, and the count starts again only when a browser passes the last gate or the lock
 * begins (which also ends the code waiting), so that each code gets five tries at most; the count is kept in the database so a restart does not reset it, and each wrong
 * try is one atomic increment there, so tries at several instances at once count exactly. Each gate
 * passed is a {@code signer_verified} audit event naming it. The login's password is checked by
 * {@link PasswordCheck} on top of that, so its failures also count against the account and the address
 * wherever else the password is asked for; the gate answers a locked account or address exactly as a
 * wrong password.
 */
public final class LinkUnlock {
    static final int MAX_TRIES = 5;
    static final long LOCK_SECONDS = 15 * 60;
    static final String PIN = "pin";
    static final String LOGIN = "login";
    /** The emailed-code gate, as the session and a 403 name it. */
    public static final String EMAIL_CODE = "email_code";

    private final Database db;
    private final SignerStore signers;
    private final DocumentStore documents;
    private final UserStore users;
    private final PasswordCheck passwords;
    private final UnlockSessions sessions;
    private final EmailCodes codes;
    private final AuditStore audit;
    private final Clock clock;
    /** Attempts on one link run one at a time, so parallel guesses cannot outrun the failure count. */
    private final Object[] stripes = new Object[64];

    public LinkUnlock(DocumentStores s, UserStore users, PasswordCheck passwords, UnlockSessions sessions,
            EmailCodes codes, Clock clock) {
        this.db = s.db();
        this.signers = s.signers();
        this.documents = s.documents();
        this.users = users;
        this.passwords = passwords;
        this.sessions = sessions;
        this.codes = codes;
        this.audit = s.audit();
        this.clock = clock;
        for (int i = 0; i < stripes.length; i++) {
            stripes[i] = new Object();
        }
    }

    /** What this browser session still has to pass: login first, then PIN, then the emailed code; null when nothing. */
    public String pending(SignerLink link, String sessionId) {
        return pending(link, sessionId, null);
    }

    /** As {@link #pending(SignerLink, String)} with {@code passing} counted as passed: null when passing it opens the link. */
    private String pending(SignerLink link, String sessionId, String passing) {
        Signer s = link.signer();
        Predicate<String> has = factor -> factor.equals(passing) || sessions.passed(sessionId, s, factor);
        if (s.requireLogin() && !has.test(LOGIN)) {
            return LOGIN;
        }
        if (s.pinHash() != null && !has.test(PIN)) {
            return PIN;
        }
        if (s.verification() == Signer.Verification.EMAIL_CODE && !has.test(EMAIL_CODE)) {
            return EMAIL_CODE;
        }
        return null;
    }

    /** The link, if this browser session has passed its gates; 403 naming what is still needed otherwise. */
    public SignerLink requirePassed(SignerLink link, String sessionId) {
        String pending = pending(link, sessionId);
        if (pending != null) {
            throw unlockFirst(pending);
        }
        return link;
    }

    private static Refusal unlockFirst(String pending) {
        return new Refusal(Refusal.Kind.FORBIDDEN, "forbidden", "Unlock this link first.", Map.of("requires", pending));
    }

    /** Checks a PIN; returns the session id that now has it, or throws 400 invalid_pin / 429 pin_locked. */
    public String pin(SignerLink link, String pin, Visit visit) {
        if (link.signer().pinHash() == null) {
            throw Refusal.invalid("invalid_pin", "This signing link has no PIN.");
        }
        synchronized (stripe(link.signer())) {
            Signer s = fresh(link.signer());
            requireNotLocked(s);
            if (pin != null && pin.matches("\\d{4,8}") && Passwords.verify(pin.toCharArray(), s.pinHash())) {
                verified(link, s, PIN, visit, () -> { });
                return sessions.pass(visit.sessionId(), s, PIN);
            }
            throw failed(s, "invalid_pin", Refusal.Kind.INVALID, "The PIN is not correct.");
        }
    }

    /**
     * Mails the signer a new code once the gates before it are passed: 403 forbidden naming the gate
     * still to pass, 429 pin_locked while the link is locked, else as {@link EmailCodes#send}.
     */
    public EmailCodes.Sent sendCode(SignerLink link, Visit visit) {
        requireCodeGate(link);
        String pending = pending(link, visit.sessionId());
        if (pending != null && !pending.equals(EMAIL_CODE)) {
            throw unlockFirst(pending);
        }
        synchronized (stripe(link.signer())) {
            requireNotLocked(fresh(link.signer()));
            return codes.send(link, visit);
        }
    }

    /**
     * Checks a mailed code (six digits, the caller has seen to that); returns the session id that now
     * has it, or throws 400 invalid_code / code_expired, 429 pin_locked.
     */
    public String emailCode(SignerLink link, String code, Visit visit) {
        requireCodeGate(link);
        synchronized (stripe(link.signer())) {
            Signer s = fresh(link.signer());
            requireNotLocked(s);
            if (codes.matches(s, code)) {
                verified(link, s, EMAIL_CODE, visit, () -> codes.end(s));
                return sessions.pass(visit.sessionId(), s, EMAIL_CODE);
            }
            throw failed(s, "invalid_code", Refusal.Kind.INVALID, "The code is not correct.");
        }
    }

    /** Whether a mailed code is waiting to be typed at this link, so its gate asks for the code. */
    public boolean codeWaiting(SignerLink link) {
        return codes.waiting(link.signer());
    }

    private static void requireCodeGate(SignerLink link) {
        if (link.signer().verification() != Signer.Verification.EMAIL_CODE) {
            throw Refusal.invalid("invalid_code", "This signing link does not ask for a code.");
        }
    }

    /**
     * A gate passed, and the audit trail says who passed which gate. The failure count starts again only
     * when this opens the link: a gate passed again in a fresh session, with another still to pass,
     * must not buy more tries at that one (a known PIN would otherwise reset the tries at the code).
     */
    private void verified(SignerLink link, Signer s, String method, Visit visit, Runnable also) {
        boolean opens = pending(link, visit.sessionId(), method) == null;
        db.inTransaction(() -> {
            documents.lock(link.document().id());
            long now = clock.millis() / 1000;
            // Locked by wrong tries elsewhere while this one was checked?
            if (opens ? !signers.clearWrongTries(s.id(), now) : lockedAt(fresh(s), now)) {
                throw lockedNow(s, now);
            }
            also.run();
            audit.record(link.document().id(), "signer_verified",
                    Actor.signer(s.id(), s.name(), visit.ip(), visit.userAgent()), method);
        });
    }

    /**
     * Logs in as the host-site account with the signer's email; 401 invalid_login otherwise, alike for
     * a wrong password, another or unknown account, and an account or address locked by failures
     * here or at the administrator sign-in.
     */
    public String login(SignerLink link, String email, String password, Visit visit) {
        if (!link.signer().requireLogin()) {
            throw Refusal.invalid("invalid_login", "This signing link does not ask for a login.");
        }
        char[] typed = password == null ? new char[0] : password.toCharArray();
        try {
            synchronized (stripe(link.signer())) {
                Signer s = fresh(link.signer());
                requireNotLocked(s);
                PasswordCheck.Outcome checked = passwords.check(email, typed, visit.ip(),
                        u -> u.email().equalsIgnoreCase(s.email()) && u.passwordAskableBy(ownerIsAdmin(link)));
                if (checked.accepted()) {
                    verified(link, s, LOGIN, visit, () -> { });
                    return sessions.pass(visit.sessionId(), s, LOGIN,
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
        return lockedAt(link.signer(), clock.millis() / 1000);
    }

    private static boolean lockedAt(Signer s, long now) {
        return s.pinLockedUntil() != null && s.pinLockedUntil() > now;
    }

    private void requireNotLocked(Signer s) {
        long now = clock.millis() / 1000;
        if (lockedAt(s, now)) {
            throw locked(s.pinLockedUntil() - now);
        }
    }

    /** Counts the wrong try where every instance counts, so tries at several at once lock the link at exactly five. */
    private Refusal failed(Signer s, String code, Refusal.Kind kind, String message) {
        long now = clock.millis() / 1000;
        SignerStore.WrongTry counted = signers.countWrongTry(s.id(), MAX_TRIES, now, now + LOCK_SECONDS).orElse(null);
        if (counted == null) {
            return lockedNow(s, now);
        }
        if (counted.lockedUntil() != null) {
            codes.end(s); // a code is worth five tries at most, whatever happens to the count later
            return locked(LOCK_SECONDS);
        }
        return new Refusal(kind, code, message, Map.of("attempts_left", MAX_TRIES - counted.failures()));
    }

    /** The link was locked by tries at another instance (or thread) while this one was checked. */
    private Refusal lockedNow(Signer s, long now) {
        Long until = fresh(s).pinLockedUntil();
        return locked(until == null ? LOCK_SECONDS : Math.max(1, until - now));
    }

    private static Refusal locked(long seconds) {
        return Refusal.tooMany("pin_locked", "Too many wrong attempts; this link is locked for 15 minutes.", seconds);
    }
}
