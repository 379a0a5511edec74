package org.signet.metrics;

import org.signet.crypto.Tokens;
import org.signet.http.Request;

/**
 * Who may read the figures: a client on this host, or any client that sends
 * {@code Authorization: Bearer <metrics.token>}. Whether the client is on this host is decided by the
 * connection and {@code trusted_proxies} ({@link Request#fromThisHost}): through a trusted proxy only
 * when the client it forwards is on this host, and never through a proxy on this host that is not
 * trusted, which would make every remote client look local.
 */
final class MetricsAccess {
    private static final String BEARER = "bearer ";

    /** The token's SHA-256, so every comparison takes the same time whatever is sent; null without a token. */
    private final byte[] tokenHash;

    MetricsAccess(String token) {
        this.tokenHash = token.isEmpty() ? null : Tokens.sha256(token);
    }

    boolean allows(Request request) {
        return hasToken(request.header("Authorization")) || request.fromThisHost();
    }

    private boolean hasToken(String authorization) {
        // The scheme is case-insensitive (RFC 9110 section 11.1); the token is compared exactly.
        if (tokenHash == null || authorization == null
                || !authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            return false;
        }
        String given = authorization.substring(BEARER.length()).strip();
        return Tokens.constantTimeEquals(Tokens.sha256(given), tokenHash);
    }
}
