package org.signet.metrics;

import java.net.InetAddress;
import java.net.UnknownHostException;
import org.signet.config.IpRanges;
import org.signet.crypto.Tokens;
import org.signet.http.Request;

/**
 * Who may read the figures: a client on this host, or any client that sends
 * {@code Authorization: Bearer <metrics.token>}. The client is the one Signet's address rules find
 * (through trusted proxies only); a request that came through any proxy, one that says so with
 * {@code X-Forwarded-For} or {@code Forwarded}, is never taken as local, because a proxy on this host
 * that is not among the trusted ones would make every remote client look local.
 */
final class MetricsAccess {
    private static final String BEARER = "bearer ";

    /** The token's SHA-256, so every comparison takes the same time whatever is sent; null without a token. */
    private final byte[] tokenHash;

    MetricsAccess(String token) {
        this.tokenHash = token.isEmpty() ? null : Tokens.sha256(token);
    }

    boolean allows(Request request) {
        return hasToken(request.header("Authorization")) || isLocal(request);
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

    private static boolean isLocal(Request request) {
        if (request.header("X-Forwarded-For") != null || request.header("Forwarded") != null) {
            return false;
        }
        String ip = request.clientIp();
        try {
            return IpRanges.isLiteral(ip) && InetAddress.getByName(ip).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false; // a literal is never looked up, so this cannot happen; refuse if it does
        }
    }
}
