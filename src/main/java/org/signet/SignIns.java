package org.signet;

import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import org.signet.config.Config;
import org.signet.oidc.OidcSettings;
import org.signet.oidc.OpenIdProvider;
import org.signet.service.AdminSessions;
import org.signet.service.AuthenticatorApp;
import org.signet.service.Links;
import org.signet.service.LoginThrottle;
import org.signet.service.Passkeys;
import org.signet.service.PasswordCheck;
import org.signet.service.SecondFactors;
import org.signet.service.SignInRecord;
import org.signet.service.SingleSignOn;
import org.signet.store.OidcPendingStore;

/**
 * The ways into the administrator pages, wired from the configuration as a part of {@link Services}: a password
 * and its second factor (an authenticator app or a passkey), a passkey alone, and the site's OpenID provider when
 * {@code auth.oidc.issuer} names one; and the record each sign-in leaves.
 */
final class SignIns {
    /** An administrator-page session ends after this long without a request. */
    static final Duration ADMIN_IDLE = Duration.ofMinutes(30);

    final SignInRecord record;
    final AuthenticatorApp app;
    final Passkeys passkeys;
    final SecondFactors factors;
    final AdminSessions sessions;
    /** Sign-in through the site's OpenID provider, when {@code auth.oidc.issuer} names one. */
    final Optional<SingleSignOn> singleSignOn;

    /** {@code passwords} and {@code throttle} are the site's one check of passwords, shared with the links' gates. */
    SignIns(Config config, Stores stores, PasswordCheck passwords, LoginThrottle throttle, Links links) {
        record = new SignInRecord(stores.accountEvents);
        app = new AuthenticatorApp(stores.authenticators, record, stores.clock);
        passkeys = new Passkeys(stores.db, stores.passkeys, stores.users, links::site, stores.clock);
        factors = new SecondFactors(app, passkeys, throttle, stores.users, record);
        sessions = new AdminSessions(stores.users, stores.adminSessions, passwords, passkeys, stores.clock,
                ADMIN_IDLE, new AdminSessions.SecondStep(factors, stores.signInChallenges, record,
                        config.bool("auth.require_second_factor")), config.bool("auth.passwords"));
        singleSignOn = singleSignOn(config, stores, links);
    }

    private Optional<SingleSignOn> singleSignOn(Config config, Stores stores, Links links) {
        String issuer = config.string("auth.oidc.issuer");
        if (issuer.isEmpty()) {
            return Optional.empty();
        }
        OidcSettings settings = new OidcSettings(URI.create(issuer), config.string("auth.oidc.client_id"),
                config.string("auth.oidc.client_secret"), config.string("auth.oidc.scopes"));
        OpenIdProvider provider = new OpenIdProvider(settings, () -> URI.create(links.site() + "/admin/oidc/callback"),
                stores.clock);
        String group = config.string("auth.oidc.admin_group");
        SingleSignOn.Policy policy = new SingleSignOn.Policy(config.bool("auth.oidc.create_users"),
                group.isEmpty() ? Optional.empty() : Optional.of(group));
        return Optional.of(new SingleSignOn(provider, new OidcPendingStore(stores.db), stores.users, sessions,
                stores.clock, policy));
    }
}
