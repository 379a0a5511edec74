package org.signet.http;

import java.net.URI;
import java.util.Optional;
import org.signet.http.front.PeerField;
import org.signet.http.front.Tls;

/**
 * What serving https asks of every answer: Strict-Transport-Security on those that go out over TLS,
 * and for a request that came in on the plain-HTTP redirect port, a permanent redirect to the same
 * path and query on the https site, except the health check, which a monitor may probe on either port,
 * and the certificate authority's challenges ({@link AcmeChallenges}).
 */
final class Https {
    private static final String HEALTH = "/healthz";

    private final boolean secure;
    private final String siteUrl;
    private final PeerField peer;
    private final AcmeChallenges challenges;

    /** {@code secure} when the main port speaks TLS; {@code siteUrl} is where redirects point. */
    Https(boolean secure, String siteUrl, PeerField peer, AcmeChallenges challenges) {
        this.secure = secure;
        this.siteUrl = siteUrl;
        this.peer = peer;
        this.challenges = challenges;
    }

    /**
     * The answer to a request with the front's field {@code peerValue} that came in on the plain port:
     * an ACME challenge from its folder, or the redirect; empty for the health check and for every
     * request on the TLS port, which go on to their routes.
     */
    Optional<Response> plainPortAnswer(String peerValue, String path, URI target) {
        if (!peer.cameInPlain(peerValue) || path.equals(HEALTH)) {
            return Optional.empty();
        }
        if (challenges.covers(path)) {
            return Optional.of(challenges.answer(path));
        }
        String query = target.getRawQuery() == null ? "" : "?" + target.getRawQuery();
        String rawPath = target.getRawPath() == null ? "/" : target.getRawPath();
        return Optional.of(Response.permanentRedirect(siteUrl + rawPath + query));
    }

    /** Adds Strict-Transport-Security when the answer goes out over TLS (browsers ignore it elsewhere). */
    void mark(Response response, String peerValue) {
        if (secure && !peer.cameInPlain(peerValue)) {
            response.header("Strict-Transport-Security", Tls.STRICT_TRANSPORT_SECURITY);
        }
    }
}
