package org.signet.domain;

/**
 * Who did something, for the audit trail: an API key, a host-site user on the administrator pages, or
 * a signer, with their IP address and user agent.
 */
public record Actor(Long apiKeyId, Long userId, Long signerId, String signerName, String ipAddress,
        String userAgent) {
    /** A user agent is the client's to choose; only this much of it is kept in the audit trail. */
    static final int MAX_USER_AGENT = 500;

    public Actor {
        if (userAgent != null && userAgent.length() > MAX_USER_AGENT) {
            userAgent = userAgent.substring(0, MAX_USER_AGENT);
        }
    }

    public static Actor apiKey(long keyId, String ip, String userAgent) {
        return new Actor(keyId, null, null, null, ip, userAgent);
    }

    /** A user signed in to the administrator pages. */
    public static Actor user(long userId, String ip, String userAgent) {
        return new Actor(null, userId, null, null, ip, userAgent);
    }

    public static Actor signer(long signerId, String name, String ip, String userAgent) {
        return new Actor(null, null, signerId, name, ip, userAgent);
    }

    /** Signet itself, e.g. the expiry job. */
    public static Actor system() {
        return new Actor(null, null, null, null, null, "Signet");
    }
}
