package org.signet.oidc;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/** Proof Key for Code Exchange (RFC 7636): the S256 challenge sent with the authorization request. */
public final class Pkce {
    private Pkce() {}

    /** BASE64URL(SHA256(ASCII(verifier))) without padding, RFC 7636 section 4.2. */
    public static String challenge(String verifier) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }
}
