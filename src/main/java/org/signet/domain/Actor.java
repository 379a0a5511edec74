package org.signet.domain;

/** Who did something, for the audit trail: an API key or a signer, with their IP address and user agent. */
public record Actor(Long apiKeyId, Long signerId, String signerName, String ipAddress, String userAgent) {

    public static Actor apiKey(long keyId, String ip, String userAgent) {
        return new Actor(keyId, null, null, ip, userAgent);
    }

    public static Actor signer(long signerId, String name, String ip, String userAgent) {
        return new Actor(null, signerId, name, ip, userAgent);
    }

    /** Signet itself, e.g. the expiry job. */
    public static Actor system() {
        return new Actor(null, null, null, null, "Signet");
    }
}
