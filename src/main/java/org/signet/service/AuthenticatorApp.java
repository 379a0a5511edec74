package org.signet.service;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.signet.crypto.Base32;
import org.signet.crypto.Tokens;
import org.signet.crypto.Totp;
import org.signet.domain.FactorChange;
import org.signet.domain.Principal;
import org.signet.domain.SignInMethod;
import org.signet.error.Refusal;
import org.signet.store.AuthenticatorStore;

/**
 * An account's authenticator app (RFC 6238, see {@link Totp}): set up by showing a new secret, confirmed
 * with a code from the app, which also makes {@value #RECOVERY_CODES} recovery codes that are shown then
 * only; afterwards a code of the app, or one recovery code, each usable once, stands as the second factor.
 * How a code counts towards a sign-in, and turning the app off, go through {@link SecondFactors}.
 */
public final class AuthenticatorApp {
    static final int RECOVERY_CODES = 10;
    /** A recovery code: 10 base32 characters, 50 random bits, written as two groups of five. */
    private static final int RECOVERY_BYTES = 10 * 5 / 8 + 1;

    private final AuthenticatorStore store;
    private final SignInRecord record;
    private final Clock clock;

    public AuthenticatorApp(AuthenticatorStore store, SignInRecord record, Clock clock) {
        this.store = store;
        this.record = record;
        this.clock = clock;
    }

    /** Begins setting up an app for the caller: a new secret, in base32, replacing one not yet confirmed. */
    public String begin(Principal p) {
        byte[] secret = Totp.newSecret();
        if (!store.begin(p.userId(), secret)) {
            throw Refusal.conflict("app_exists", "An authenticator app is on already; turn it off first.");
        }
        return Base32.encode(secret);
    }

    /** The secret, in base32, of the app the caller is setting up; empty when none is being set up. */
    public Optional<String> pendingSecret(Principal p) {
        return store.find(p.userId()).filter(a -> !a.confirmed()).map(a -> Base32.encode(a.secret()));
    }

    /**
     * Confirms the app being set up with a code from it, and returns the new recovery codes, in clear this
     * once. A wrong code is refused and changes nothing.
     */
    public List<String> confirm(Principal p, String code, String ip) {
        AuthenticatorStore.App app = store.find(p.userId()).filter(a -> !a.confirmed())
                .orElseThrow(() -> Refusal.conflict("no_app_set_up", "No authenticator app is being set up."));
        OptionalLong step = Totp.matchingStep(app.secret(), code, now());
        List<String> codes = recoveryCodes();
        if (step.isEmpty() || !store.confirm(p.userId(), step.getAsLong(), codes.stream().map(AuthenticatorApp::hash)
                .toList())) {
            throw wrongCode();
        }
        record.factorChanged(p.userId(), FactorChange.APP_ADDED, ip, null);
        return codes;
    }

    public boolean has(long userId) {
        return store.has(userId);
    }

    Set<Long> usersWithApp() {
        return store.usersWithApp();
    }

    /**
     * The method {@code code} proves for the account's confirmed app: one of its codes, each step once, or
     * one of its recovery codes, each once; empty when it is neither.
     */
    Optional<SignInMethod> check(long userId, String code) {
        Optional<AuthenticatorStore.App> app = store.find(userId).filter(AuthenticatorStore.App::confirmed);
        if (app.isEmpty() || code == null) {
            return Optional.empty();
        }
        String given = code.replaceAll("[\\s-]", "");
        if (given.length() == Totp.DIGITS) {
            OptionalLong step = Totp.matchingStep(app.get().secret(), given, now());
            return step.isPresent() && store.useStep(userId, step.getAsLong(), true)
                    ? Optional.of(SignInMethod.PASSWORD_APP) : Optional.empty();
        }
        return store.useRecoveryCode(userId, hash(given)) ? Optional.of(SignInMethod.PASSWORD_RECOVERY_CODE)
                : Optional.empty();
    }

    long recoveryCodesLeft(long userId) {
        return store.recoveryCodesLeft(userId);
    }

    static Refusal wrongCode() {
        return new Refusal(Refusal.Kind.INVALID, "invalid_code", "The code is not correct.",
                Map.of("params", Map.of("code", "The code is not correct.")));
    }

    private static List<String> recoveryCodes() {
        List<String> codes = new ArrayList<>();
        for (int i = 0; i < RECOVERY_CODES; i++) {
            String c = Base32.encode(Tokens.randomBytes(RECOVERY_BYTES)).substring(0, 10).toLowerCase(Locale.ROOT);
            codes.add(c.substring(0, 5) + "-" + c.substring(5));
        }
        return codes;
    }

    /** A recovery code as kept: its SHA-256, of the code without case, spaces or hyphen. */
    private static String hash(String code) {
        return Tokens.sha256Hex(code.replaceAll("[\\s-]", "").toLowerCase(Locale.ROOT));
    }

    private long now() {
        return clock.millis() / 1000;
    }
}
