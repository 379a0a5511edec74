package org.signet.http;

import java.net.InetSocketAddress;
import org.signet.config.IpRanges;

/**
 * Decides the client's address (S3): the socket's, unless the socket is a trusted proxy; then
 * the rightmost {@code X-Forwarded-For} entry that is not itself a trusted proxy. Entries left
 * of that are written by the client and cannot be believed.
 */
final class ClientIp {
    private final IpRanges trusted;

    ClientIp(IpRanges trusted) {
        this.trusted = trusted;
    }

    String resolve(InetSocketAddress remote, String forwardedFor) {
        String socket = remote.getAddress().getHostAddress();
        if (forwardedFor == null || !trusted.contains(socket)) {
            return socket;
        }
        String[] hops = forwardedFor.split(",");
        for (int i = hops.length - 1; i >= 0; i--) {
            String hop = hops[i].trim();
            if (!trusted.contains(hop)) {
                return IpRanges.isLiteral(hop) ? hop : socket;
            }
        }
        return socket;
    }
}
