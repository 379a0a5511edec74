package org.signet.service;

import java.util.Optional;
import java.util.function.Predicate;
import org.signet.crypto.Passwords;
import org.signet.domain.User;
import org.signet.store.UserStore;

/**
 * The one place a host-site account's password is checked, for the administrator sign-in and a
 * signing link's login gate alike. Every attempt goes through the {@link LoginThrottle}, so failures
 * anywhere count against the account and the client address together, and while either is locked
 * even the right password is refused. An attempt the throttle lets through costs one password hash,
 * whether the account exists or may be used there, so that timing tells neither apart. One it refuses
 * costs none: a flood at a locked account or address would otherwise keep every core hashing, and the
 * lock tells nothing about the account that the sign-in's 429 does not say anyway (an unknown name
 * locks as a known one does).
 */
public final class PasswordCheck {
    /**
     * Checked against when there is no usable account. Made at the first such attempt, not at start:
     * 310,000 rounds on a cold JVM took 0.75 s of start-up.
     */
    private static final class Decoy {
        static final String HASH = Passwords.hash("decoy password".toCharArray());
    }

    private final UserStore users;
    private final LoginThrottle throttle;

    /** How an attempt ended. */
    public enum Verdict { ACCEPTED, REFUSED, LOCKED }

    /**
     * The verdict; when accepted, the account and its credential version as checked; when locked, the
     * seconds until the account or address may try again.
     */
    public record Outcome(Verdict verdict, User user, long credentialVersion, long retryAfterSeconds) {
        private static final Outcome REFUSED = new Outcome(Verdict.REFUSED, null, 0, 0);

        static Outcome locked(long seconds) {
            return new Outcome(Verdict.LOCKED, null, 0, seconds);
        }

        public boolean accepted() {
            return verdict == Verdict.ACCEPTED;
        }
    }

    public PasswordCheck(UserStore users, LoginThrottle throttle) {
        this.users = users;
        this.throttle = throttle;
    }

    /**
     * Checks {@code password} for the account with {@code email}. An unknown, disabled or password-less
     * account, or one that {@code usable} turns down, is refused exactly as a wrong password is and
     * counts as a failure; a locked account or address is refused whatever the password.
     */
    public Outcome check(String email, char[] password, String clientIp, Predicate<User> usable) {
        return check(email, password, clientIp, usable, u -> true);
    }

    /**
     * As {@link #check(String, char[], String, Predicate)}, for a sign-in that a right password completes
     * only when {@code completes} says so; otherwise the account's failures are kept, to be forgotten when
     * the rest (a second factor) succeeds too: a right password must not wipe out the wrong codes counted
     * since, or the codes could be guessed without end, a few between each password.
     */
    public Outcome check(String email, char[] password, String clientIp, Predicate<User> usable,
            Predicate<User> completes) {
        String name = email == null ? "" : email.strip();
        Optional<Long> locked = throttle.lockedFor(name, clientIp);
        if (locked.isPresent()) {
            return Outcome.locked(locked.get());
        }
        Optional<UserStore.Login> account = (name.isEmpty() ? Optional.<UserStore.Login>empty() : users.login(name))
                .filter(l -> !l.user().disabled() && l.passwordHash() != null && usable.test(l.user()));
        String hash = account.map(UserStore.Login::passwordHash).orElseGet(() -> Decoy.HASH);
        boolean right = Passwords.verify(password, hash) && account.isPresent();
        if (!right) {
            throttle.failed(name, clientIp);
            return throttle.lockedFor(name, clientIp).map(Outcome::locked).orElse(Outcome.REFUSED);
        }
        if (completes.test(account.get().user())) {
            throttle.succeeded(name);
        }
        return new Outcome(Verdict.ACCEPTED, account.get().user(), account.get().credentialVersion(), 0);
    }

    /** Forgets failure counts whose window and lock are long over. */
    public void evictStale() {
        throttle.evictStale();
    }
}
