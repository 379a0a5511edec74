package org.signet.domain;

/**
 * An API key as listed: never carries its secret, which exists only at creation. A team's key ({@code teamId})
 * acts for the team; {@code userId} is then the person who made it.
 */
public record ApiKey(long id, long userId, String key, String name, String description, Permission permission,
        int rateLimit, long createdAt, Long lastUsedAt, Long revokedAt, Long teamId) {

    public boolean revoked() {
        return revokedAt != null;
    }

    /** Full Access (every method) or Read Only (GET only); see docs/api/accounts-and-keys.md, Permissions. */
    public enum Permission {
        FULL("full"), READ("read");

        private final String wire;

        Permission(String wire) {
            this.wire = wire;
        }

        public String wire() {
            return wire;
        }

        public static Permission fromWire(String s) {
            for (Permission p : values()) {
                if (p.wire.equals(s)) {
                    return p;
                }
            }
            throw new IllegalArgumentException("permission must be full or read, not " + s);
        }
    }
}
