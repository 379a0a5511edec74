package org.signet.service;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import org.signet.files.FileVault;
import org.signet.store.AccountEventStore;
import org.signet.store.AdminSessionStore;
import org.signet.store.AuthenticatorStore;
import org.signet.store.Database;
import org.signet.store.LoginFailureStore;
import org.signet.store.PasskeyStore;
import org.signet.store.SealedValues;
import org.signet.store.SignInChallengeStore;
import org.signet.store.UserStore;

/**
 * The administrator sign-in as the server wires it, over a real database and a vault in {@code dir}: the
 * password check and the second factors share one throttle of three failures per account and five per
 * address within 15 minutes.
 */
final class SignInStack {
    /** The site the passkeys belong to. */
    static final String SITE = "http://localhost:8080";

    final UserStore users;
    final LoginThrottle throttle;
    final SignInRecord record;
    final AuthenticatorApp app;
    final Passkeys passkeys;
    final SecondFactors factors;
    final AdminSessions sessions;

    SignInStack(Database db, java.nio.file.Path dir, Clock clock, boolean requireSecondFactor) throws IOException {
        users = new UserStore(db, clock);
        throttle = new LoginThrottle(new LoginFailureStore(db), clock,
                new LoginThrottle.Policy(3, Duration.ofMinutes(15), Duration.ofMinutes(15)),
                new LoginThrottle.Policy(5, Duration.ofMinutes(15), Duration.ofMinutes(10)));
        record = new SignInRecord(new AccountEventStore(db, clock));
        app = new AuthenticatorApp(new AuthenticatorStore(db, new SealedValues(FileVault.open(dir)), clock), record,
                clock);
        passkeys = new Passkeys(db, new PasskeyStore(db), users, () -> SITE, clock);
        factors = new SecondFactors(app, passkeys, throttle, users, record);
        sessions = new AdminSessions(users, new AdminSessionStore(db), new PasswordCheck(users, throttle), passkeys,
                clock, Duration.ofMinutes(30), new AdminSessions.SecondStep(factors, new SignInChallengeStore(db), record,
                        requireSecondFactor), true);
    }
}
