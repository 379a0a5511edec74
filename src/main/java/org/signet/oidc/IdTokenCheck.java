package org.signet.oidc;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.KeySourceException;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.text.ParseException;
import java.time.Clock;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Set;

/**
 * The checks an ID token must pass before anyone is signed in with it (OpenID Connect Core 1.0, section
 * 3.1.3.7): signed by one of the provider's keys with an asymmetric algorithm of the allow-list ({@code none}
 * and HMAC are never accepted, so a provider's public key cannot be used as an HMAC secret), issued by the
 * configured issuer for this client ({@code aud}, and {@code azp} when there are several audiences or it is
 * given), not expired and not issued in the future beyond {@value #SKEW_SECONDS} s of clock skew, and
 * carrying the nonce this sign-in sent.
 */
public final class IdTokenCheck {
    static final int SKEW_SECONDS = 60;
    /** RSA and ECDSA, which every provider offers; EdDSA would need another library. */
    static final Set<JWSAlgorithm> ALLOWED = Set.of(JWSAlgorithm.RS256, JWSAlgorithm.RS384, JWSAlgorithm.RS512,
            JWSAlgorithm.PS256, JWSAlgorithm.PS384, JWSAlgorithm.PS512, JWSAlgorithm.ES256, JWSAlgorithm.ES384,
            JWSAlgorithm.ES512);

    private final String issuer;
    private final String clientId;
    private final Clock clock;
    private final DefaultJWTProcessor<SecurityContext> processor = new DefaultJWTProcessor<>();

    /** Checks tokens against {@code keys}, which fetches the provider's key set again for a key it does not know. */
    public IdTokenCheck(String issuer, String clientId, JWKSource<SecurityContext> keys, Clock clock) {
        this.issuer = issuer;
        this.clientId = clientId;
        this.clock = clock;
        processor.setJWSKeySelector(new JWSVerificationKeySelector<>(ALLOWED, keys));
        DefaultJWTClaimsVerifier<SecurityContext> claims = new DefaultJWTClaimsVerifier<>(clientId,
                new JWTClaimsSet.Builder().issuer(issuer).build(), Set.of("sub", "iat", "exp", "nonce")) {
            @Override
            protected Date currentTime() {
                return Date.from(clock.instant());
            }
        };
        claims.setMaxClockSkew(SKEW_SECONDS);
        processor.setJWTClaimsSetVerifier(claims);
    }

    /** The token's claims when it passes every check for a sign-in that sent {@code nonce}. */
    public IdClaims check(String idToken, String nonce) throws OidcException {
        JWTClaimsSet c = verified(idToken);
        try {
            String azp = c.getStringClaim("azp");
            if ((c.getAudience().size() > 1 || azp != null) && !clientId.equals(azp)) {
                throw invalid("azp is " + azp + ", not this client");
            }
            if (!MessageDigest.isEqual(nonce.getBytes(StandardCharsets.UTF_8),
                    String.valueOf(c.getStringClaim("nonce")).getBytes(StandardCharsets.UTF_8))) {
                throw invalid("the nonce is not the one this sign-in sent");
            }
            if (c.getIssueTime().toInstant().isAfter(Instant.now(clock).plusSeconds(SKEW_SECONDS))) {
                throw invalid("issued in the future: iat " + c.getIssueTime().toInstant());
            }
            return new IdClaims(issuer, c.getSubject(), c.getStringClaim("email"), verifiedEmail(c),
                    c.getStringClaim("name"), groups(c));
        } catch (ParseException e) {
            throw invalid("a claim has the wrong type: " + e.getMessage());
        }
    }

    private JWTClaimsSet verified(String idToken) throws OidcException {
        try {
            return processor.process(idToken, null);
        } catch (KeySourceException e) {
            throw new OidcException(OidcException.Reason.UNREACHABLE, "the provider's keys: " + e.getMessage(), e);
        } catch (ParseException | BadJOSEException | JOSEException e) {
            throw invalid(e.getMessage());
        }
    }

    /** Some providers write {@code email_verified} as the string "true". */
    private static boolean verifiedEmail(JWTClaimsSet c) {
        Object v = c.getClaim("email_verified");
        return Boolean.TRUE.equals(v) || "true".equals(v);
    }

    /** {@code groups} as a list of names, or one name alone; other shapes are no groups. */
    private static List<String> groups(JWTClaimsSet c) {
        Object g = c.getClaim("groups");
        if (g instanceof List<?> list) {
            return list.stream().filter(String.class::isInstance).map(String.class::cast).toList();
        }
        return g instanceof String one ? List.of(one) : List.of();
    }

    private static OidcException invalid(String why) {
        return new OidcException(OidcException.Reason.INVALID_TOKEN, why);
    }
}
