package org.signet.service;

import java.time.Clock;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import org.signet.store.LoginFailureStore;
import org.signet.store.LoginFailureStore.Standing;

/**
 * Locks out a host-site account's password after repeated failures, per account and per client
 * address, wherever the password is asked for (through {@link PasswordCheck}) and wherever a code of
 * its second factor is (through {@link SecondFactors}), a wrong code counting as a wrong password: the
 * account limit stops guessing one password (or code) from many places, the address limit stops one
 * place from trying many accounts. Counts live in the database, so a restart does not reset them, and each failure is one
 * atomic increment there, so failures at several instances at once add up exactly.
 */
public final class LoginThrottle {
    private final LoginFailureStore store;
    private final Clock clock;
    private final Policy account;
    private final Policy address;

    /** At most {@code maxFailures} within {@code window}; the next failure locks the subject for {@code lock}. */
    public record Policy(int maxFailures, Duration window, Duration lock) {}

    /** Five wrong passwords for an account, or twenty from an address, within 15 minutes lock it for 15. */
    public static final Policy ACCOUNT = new Policy(5, Duration.ofMinutes(15), Duration.ofMinutes(15));
    public static final Policy ADDRESS = new Policy(20, Duration.ofMinutes(15), Duration.ofMinutes(15));

    public LoginThrottle(LoginFailureStore store, Clock clock, Policy account, Policy address) {
        this.store = store;
        this.clock = clock;
        this.account = account;
        this.address = address;
    }

    /** Seconds until sign-in for this account or from this address is allowed again, when either is locked. */
    public Optional<Long> lockedFor(String email, String ip) {
        long now = now();
        long wait = Math.max(remaining(accountKey(email), now), remaining(addressKey(ip), now));
        return wait > 0 ? Optional.of(wait) : Optional.empty();
    }

    public void failed(String email, String ip) {
        long now = now();
        count(accountKey(email), account, now);
        count(addressKey(ip), address, now);
    }

    /** A successful sign-in forgets the account's failures; the address's stay until their window ends. */
    public void succeeded(String email) {
        store.clear(accountKey(email));
    }

    /** Forgets subjects whose window and lock are long over. */
    public void evictStale() {
        long longest = Math.max(account.window().plus(account.lock()).toSeconds(),
                address.window().plus(address.lock()).toSeconds());
        store.deleteStale(now() - longest);
    }

    private long remaining(String subject, long now) {
        return store.find(subject).map(Standing::lockedUntil).map(until -> until - now).orElse(0L);
    }

    private void count(String subject, Policy policy, long now) {
        store.countFailure(subject, now, policy.maxFailures(), policy.window().toSeconds(), policy.lock().toSeconds());
    }

    private static String accountKey(String email) {
        return "account:" + email.strip().toLowerCase(Locale.ROOT);
    }

    private static String addressKey(String ip) {
        return "ip:" + ip;
    }

    private long now() {
        return clock.millis() / 1000;
    }
}
