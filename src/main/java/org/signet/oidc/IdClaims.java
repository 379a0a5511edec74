package org.signet.oidc;

import java.util.List;
import java.util.Objects;

/**
 * What a checked ID token says about the person: who vouches ({@code issuer}) for whom ({@code subject}),
 * their email and whether the provider verified it, their name, and the groups the provider puts them in.
 */
public record IdClaims(String issuer, String subject, String email, boolean emailVerified, String name,
        List<String> groups) {
    public IdClaims {
        Objects.requireNonNull(issuer, "issuer");
        Objects.requireNonNull(subject, "subject");
        email = email == null ? "" : email.strip();
        name = name == null ? "" : name.strip();
        groups = List.copyOf(groups);
    }
}
