package org.signet.oidc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.PlainHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.jwk.source.JWKSourceBuilder;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import java.net.URI;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.Date;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.signet.support.MutableClock;
import org.signet.support.SignetFixture;
import org.signet.support.TestOpenIdProvider;

/**
 * The ID token checks against tokens signed by a provider of the test's own, whose key set a real HTTP server
 * serves: each claim that is wrong is refused as an invalid token, and so are {@code alg: none} and HMAC keyed with
 * the provider's public key; a key the provider rotated in is fetched again.
 */
class IdTokenCheckTest {
    private final MutableClock clock = new MutableClock(SignetFixture.START, ZoneOffset.UTC);
    private TestOpenIdProvider provider;
    private IdTokenCheck check;

    @BeforeEach
    void start() throws Exception {
        provider = TestOpenIdProvider.start(clock);
        check = new IdTokenCheck(provider.issuer(), TestOpenIdProvider.CLIENT_ID,
                JWKSourceBuilder.<SecurityContext>create(URI.create(provider.issuer() + "/jwks").toURL()).build(), clock);
    }

    @AfterEach
    void stop() {
        provider.close();
    }

    private JWTClaimsSet.Builder good() {
        return provider.claims("ann@example.com", "n-1");
    }

    private void assertRefused(String token, String why) {
        OidcException e = assertThrows(OidcException.class, () -> check.check(token, "n-1"), why);
        assertEquals(OidcException.Reason.INVALID_TOKEN, e.reason(), why + ": " + e.getMessage());
    }

    @Test
    void check_goodToken_claims() throws Exception {
        IdClaims c = check.check(provider.sign(good().claim("groups", List.of("staff", "admins"))), "n-1");
        assertEquals(new IdClaims(provider.issuer(), "ann@example.com", "ann@example.com", true, "Person ann@example.com",
                List.of("staff", "admins")), c);
    }

    @Test
    void check_wrongAudience_refused() {
        assertRefused(provider.sign(good().audience("another-client")), "aud");
    }

    @Test
    void check_expired_refusedBeyondTheSkew() throws Exception {
        String token = provider.sign(good());
        clock.advance(Duration.ofSeconds(300 + IdTokenCheck.SKEW_SECONDS - 1));
        check.check(token, "n-1");
        clock.advance(Duration.ofSeconds(2));
        assertRefused(token, "exp");
    }

    @Test
    void check_issuedInTheFuture_refused() {
        assertRefused(provider.sign(good().issueTime(Date.from(clock.instant().plusSeconds(120)))), "iat");
    }

    @Test
    void check_wrongIssuerNonceOrAzp_refused() {
        assertRefused(provider.sign(good().issuer("http://127.0.0.1:1")), "iss");
        assertRefused(provider.sign(good().claim("nonce", "n-2")), "nonce");
        assertRefused(provider.sign(good().audience(List.of("signet", "other"))), "two audiences without azp");
        assertRefused(provider.sign(good().claim("azp", "other")), "azp of another client");
    }

    @Test
    void check_missingSubjectOrNonce_refused() {
        assertRefused(provider.sign(good().subject(null)), "sub");
        assertRefused(provider.sign(good().claim("nonce", null)), "nonce missing");
    }

    @Test
    void check_algNone_refused() {
        assertRefused(new PlainJWT(new PlainHeader(), good().build()).serialize(), "alg none");
    }

    @Test
    void check_hmacKeyedWithThePublicKey_refused() throws Exception {
        byte[] publicKey = provider.key().toRSAPublicKey().getEncoded();
        SignedJWT forged = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.HS256).keyID("k1").build(), good().build());
        forged.sign(new MACSigner(publicKey));
        assertRefused(forged.serialize(), "HS256 with the public key");
    }

    @Test
    void check_signedByAKeyNotTheProvidersOwn_refused() throws Exception {
        String good = provider.sign(good());
        String[] parts = good.split("\\.");
        String otherSignature = provider.sign(good().subject("bob@example.com")).split("\\.")[2];
        assertRefused(parts[0] + "." + parts[1] + "." + otherSignature, "a signature over other claims");
    }

    @Test
    void check_keyRotatedByTheProvider_fetchedAgain() throws Exception {
        check.check(provider.sign(good()), "n-1");
        provider.rotateKey("k2");
        IdClaims c = check.check(provider.sign(good()), "n-1");
        assertEquals("ann@example.com", c.subject());
        assertTrue(provider.keySetReads() >= 2, "the key set was read again: " + provider.keySetReads());
    }
}
