package org.signet.http;

import com.sun.net.httpserver.Headers;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import org.signet.config.IpRanges;
import org.signet.http.front.PeerField;

/**
 * Decides the client's address: the socket's as the front saw it, unless that is a trusted
 * proxy; then the rightmost {@code X-Forwarded-For} entry that is not itself a trusted proxy.
 * Entries left of that are written by the client and cannot be believed. Decides too whether the
 * client is on this host.
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
        String socket = socket(remote, peerField);
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

    /**
     * Whether the client is a process on this host. The socket must be loopback. A trusted proxy there
     * is believed about its client, so every client address it forwards, in any forwarding header,
     * must be loopback too; one that forwards none is itself the client. Any other process may be a
     * proxy Signet was not told of, passing on clients from anywhere, so a request it sends with any
     * forwarding header, whatever that says, is not taken as local.
     */
    boolean onThisHost(InetSocketAddress remote, String peerField, Headers headers) {
        String socket = socket(remote, peerField);
        if (!loopback(socket)) {
            return false;
        }
        if (!trusted.contains(socket)) {
            return !ForwardedClients.present(headers);
        }
        return ForwardedClients.named(headers).stream().allMatch(ClientIp::loopback);
    }

    private String socket(InetSocketAddress remote, String peerField) {
        return peer.addressIn(peerField).orElse(remote.getAddress().getHostAddress());
    }

    private static boolean loopback(String address) {
        try {
            return IpRanges.isLiteral(address) && InetAddress.getByName(address).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false; // a literal is never looked up, so this cannot happen; not local if it does
        }
    }
}
