package org.signet.http.front;

import java.time.Duration;
import java.util.function.Predicate;

/**
 * What the front allows a client: how long a request head may take, the slowest transfer it
 * tolerates while it waits on the client, how large a head and a request target may be, and how many
 * connections one address and everyone together may hold. Addresses in {@code exempt} (trusted
 * proxies, which carry many clients on few connections) are not capped per address.
 */
public record FrontLimits(Duration headerTimeout, int minBytesPerSecond, int maxTargetBytes, int maxHeadBytes,
        int maxHeaderFields, int connectionsPerIp, int maxConnections, Predicate<String> exempt) {

    public FrontLimits {
        if (headerTimeout.isNegative() || headerTimeout.isZero()) {
            throw new IllegalArgumentException("headerTimeout must be positive");
        }
        if (minBytesPerSecond < 0 || maxTargetBytes < 64 || maxHeadBytes < maxTargetBytes || maxHeaderFields < 1
                || connectionsPerIp < 1 || maxConnections < 1) {
            throw new IllegalArgumentException("front limits out of range");
        }
    }

    /** Signet's defaults, given the configured timeouts, caps and trusted proxies. */
    public static FrontLimits of(Duration headerTimeout, int minBytesPerSecond, int connectionsPerIp,
            int maxConnections, Predicate<String> exempt) {
        return new FrontLimits(headerTimeout, minBytesPerSecond, 8 * 1024, 64 * 1024, 100, connectionsPerIp,
                maxConnections, exempt);
    }
}
