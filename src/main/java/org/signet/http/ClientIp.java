package org.signet.http;

import java.net.InetSocketAddress;
import org.signet.config.IpRanges;
import org.signet.http.front.PeerField;

/**
 * Decides the client's address: the socket's as the front saw it, unless that is a trusted
 * proxy; then the rightmost {@code X-Forwarded-For} entry that is not itself a trusted proxy.
 * Entries left of that are written by the client and cannot be believed.
 */
final class ClientIp {
    private final IpRanges trusted;
    private final PeerField peer;

    ClientIp(IpRanges trusted, PeerField peer) {
        this.trusted = trusted;
        this.peer = peer;
    }

    /** {@code peerField} is the front's field; without it (a direct inner connection) the socket counts. */
    String resolve(InetSocketAddress remote, String peerField, String forwardedFor) {
        String socket = peer.addressIn(peerField).orElse(remote.getAddress().getHostAddress());
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
