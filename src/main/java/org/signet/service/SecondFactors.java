package org.signet.service;

import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Logger;
import org.signet.domain.FactorChange;
import org.signet.domain.Principal;
import org.signet.domain.SignInMethod;
import org.signet.domain.User;
import org.signet.error.Refusal;
import org.signet.store.UserStore;
import org.signet.webauthn.Ceremonies.Assertion;

/**
 * The one place that knows an account's second factors: whether it has one, whether a code given at
 * sign-in satisfies it, and removing them all (by the user with a code, or by an administrator or the
 * operator for a user who lost theirs). A wrong code counts in the same {@link LoginThrottle} as a wrong
 * password, per account and per address, and while either is locked even the right code is refused.
 * Removing the factors ends every session of the account, as any change of access does.
 */
public final class SecondFactors {
    private static final Logger LOG = Logger.getLogger("signet");

    private final AuthenticatorApp app;
    private final Passkeys passkeys;
    private final LoginThrottle throttle;
    private final UserStore users;
    private final SignInRecord record;

    public SecondFactors(AuthenticatorApp app, Passkeys passkeys, LoginThrottle throttle, UserStore users,
            SignInRecord record) {
        this.app = app;
        this.passkeys = passkeys;
        this.throttle = throttle;
        this.users = users;
        this.record = record;
    }

    /** Whether the account has an authenticator app on or a passkey. */
    public boolean has(long userId) {
        return app.has(userId) || passkeys.has(userId);
    }

    public boolean hasApp(long userId) {
        return app.has(userId);
    }

    public boolean hasPasskey(long userId) {
        return passkeys.has(userId);
    }

    /** The accounts that have a second factor, for the Users page. */
    public Set<Long> usersWithFactor() {
        Set<Long> with = new HashSet<>(app.usersWithApp());
        with.addAll(passkeys.usersWithPasskey());
        return with;
    }

    /**
     * Checks a passkey given as the second factor of {@code user}'s sign-in: refused, and counted as a wrong
     * code, unless it is a passkey of that same account.
     */
    public SignInMethod satisfiedByPasskey(User user, Assertion assertion, String ip) {
        throwIfLocked(user, ip);
        Optional<Passkeys.Verified> verified;
        try {
            verified = Optional.of(passkeys.verifyAssertion(assertion)).filter(v -> v.userId() == user.id());
        } catch (Refusal r) {
            verified = Optional.empty();
        }
        if (verified.isEmpty()) {
            throttle.failed(user.email(), ip);
            throwIfLocked(user, ip);
            throw Passkeys.refused();
        }
        throttle.succeeded(user.email());
        return SignInMethod.PASSWORD_PASSKEY;
    }

    /**
     * The method by which {@code code} satisfies the user's second factor, or empty for a wrong code (which
     * is counted against the account and the address); refused with a lock while either is locked.
     */
    public Optional<SignInMethod> satisfied(User user, String code, String ip) {
        throwIfLocked(user, ip);
        Optional<SignInMethod> method = app.check(user.id(), code);
        if (method.isEmpty()) {
            throttle.failed(user.email(), ip);
            throwIfLocked(user, ip);
        } else {
            throttle.succeeded(user.email());
        }
        return method;
    }

    /** How many recovery codes the user has left. */
    public long recoveryCodesLeft(Principal p) {
        return app.recoveryCodesLeft(p.userId());
    }

    /** Turns off the caller's app, given one of its codes or a recovery code; a wrong code changes nothing. */
    public void turnOffApp(Principal p, String code, String ip) {
        User user = users.find(p.userId()).orElseThrow(() -> Refusal.notFound("User"));
        if (!has(user.id())) {
            throw Refusal.conflict("no_app", "No authenticator app is on.");
        }
        if (satisfied(user, code, ip).isEmpty()) {
            throw AuthenticatorApp.wrongCode();
        }
        users.removeApp(user.id());
        record.factorChanged(user.id(), FactorChange.APP_REMOVED, ip, null);
    }

    /** An administrator removes another user's second factors, for one who lost them; recorded with who did it. */
    public void reset(Principal admin, long userId, String ip) {
        if (!admin.admin()) {
            throw Refusal.forbidden("page");
        }
        if (admin.userId() == userId) {
            throw Refusal.conflict("own_account", "Turn off your own authenticator app on My account.");
        }
        User user = users.find(userId).orElseThrow(() -> Refusal.notFound("User"));
        users.removeSecondFactors(user.id());
        record.factorChanged(user.id(), FactorChange.RESET, ip, admin.userId());
        LOG.info("Second factors of user " + user.id() + " reset by administrator " + admin.userId());
    }

    private void throwIfLocked(User user, String ip) {
        Optional<Long> locked = throttle.lockedFor(user.email(), ip);
        if (locked.isPresent()) {
            throw Refusal.tooMany("login_locked", "Too many failed sign-ins.", locked.get());
        }
    }
}
