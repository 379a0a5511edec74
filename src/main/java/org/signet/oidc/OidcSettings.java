package org.signet.oidc;

import java.net.URI;
import java.util.Objects;

/**
 * How Signet is registered with its OpenID provider: the provider's issuer, the client's id and secret, and the
 * scopes asked for.
 */
public record OidcSettings(URI issuer, String clientId, String clientSecret, String scopes) {
    public OidcSettings {
        Objects.requireNonNull(issuer, "issuer");
        Objects.requireNonNull(clientId, "clientId");
        Objects.requireNonNull(clientSecret, "clientSecret");
        Objects.requireNonNull(scopes, "scopes");
    }

    /** The issuer as the ID token's {@code iss} must spell it: exactly as configured. */
    public String issuerText() {
        return issuer.toString();
    }

    /** Never the secret: settings end up in log lines and assertion messages. */
    @Override
    public String toString() {
        return "OidcSettings[issuer=" + issuer + ", clientId=" + clientId + "]";
    }
}
