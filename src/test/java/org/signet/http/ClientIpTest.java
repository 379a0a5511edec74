package org.signet.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.Headers;
import java.net.InetSocketAddress;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.signet.config.IpRanges;
import org.signet.http.front.PeerField;

class ClientIpTest {
    private final InetSocketAddress inner = new InetSocketAddress("127.0.0.1", 1234);
    private final PeerField peer = new PeerField();

    @Test
    void resolve_untrustedSocketIgnoresForwardedFor() {
        ClientIp ip = new ClientIp(IpRanges.parse(""), peer);
        assertEquals("10.0.0.5", ip.resolve(inner, peer.valueFor("10.0.0.5"), "1.2.3.4"));
    }

    @Test
    void resolve_trustedProxyGivesRightmostUntrustedHop() {
        ClientIp ip = new ClientIp(IpRanges.parse("10.0.0.0/8"), peer);
        String proxy = peer.valueFor("10.0.0.5");
        assertEquals("198.51.100.9", ip.resolve(inner, proxy, "6.6.6.6, 198.51.100.9, 10.1.1.1"));
        assertEquals("10.0.0.5", ip.resolve(inner, proxy, "not-an-ip"));
        assertEquals("10.0.0.5", ip.resolve(inner, proxy, null));
        assertEquals("2001:db8:0:0:0:0:0:1", ip.resolve(inner, proxy, "2001:db8::1").replace("2001:db8::1", "2001:db8:0:0:0:0:0:1"));
    }

    @Test
    void plainPortField_givesTheAddress_andSaysItCameInPlain() {
        ClientIp ip = new ClientIp(IpRanges.parse(""), peer);
        String plain = peer.forPlainPort().valueFor("203.0.113.7");
        assertEquals("203.0.113.7", ip.resolve(inner, plain, null));
        assertTrue(peer.cameInPlain(plain));
        assertFalse(peer.cameInPlain(peer.valueFor("203.0.113.7")));
        assertFalse(peer.cameInPlain("guess 203.0.113.7 plain"));
        assertFalse(peer.cameInPlain(new PeerField().forPlainPort().valueFor("203.0.113.7")));
        assertFalse(peer.cameInPlain(null));
    }

    @Test
    void resolve_peerFieldWithoutTheFrontsSecret_isNotBelieved() {
        ClientIp ip = new ClientIp(IpRanges.parse(""), peer);
        assertEquals("127.0.0.1", ip.resolve(inner, "guess 203.0.113.7", null));
        assertEquals("127.0.0.1", ip.resolve(inner, new PeerField().valueFor("203.0.113.7"), null));
        assertEquals("127.0.0.1", ip.resolve(inner, null, null));
    }

    private static Headers headers(String... nameValue) {
        Headers h = new Headers();
        for (int i = 0; i < nameValue.length; i += 2) {
            h.add(nameValue[i], nameValue[i + 1]);
        }
        return h;
    }

    @Test
    void onThisHost_socketElsewhere_neverWhateverItForwards() {
        ClientIp ip = new ClientIp(IpRanges.parse("10.0.0.0/8, 127.0.0.1"), peer);
        assertFalse(ip.onThisHost(inner, peer.valueFor("10.0.0.5"), headers("X-Forwarded-For", "127.0.0.1")));
        assertFalse(ip.onThisHost(inner, peer.valueFor("203.0.113.7"), headers()));
        assertTrue(ip.onThisHost(inner, peer.valueFor("127.0.0.1"), headers()));
    }

    @Test
    void onThisHost_loopbackNotTrusted_onlyWithoutAnyForwardingHeader() {
        ClientIp ip = new ClientIp(IpRanges.parse("10.0.0.0/8"), peer);
        assertTrue(ip.onThisHost(inner, null, headers()));
        assertTrue(ip.onThisHost(inner, peer.valueFor("::1"), headers("Via", "1.1 proxy")));
        for (String name : List.of("X-Forwarded-For", "Forwarded", "X-Real-IP", "True-Client-IP", "x-client-ip",
                "CF-Connecting-IP", "Fastly-Client-IP", "X-Cluster-Client-IP")) {
            assertFalse(ip.onThisHost(inner, null, headers(name, "127.0.0.1")), name);
        }
    }

    @Test
    void onThisHost_trustedLoopbackProxy_whenEveryClientItForwardsIsLoopback() {
        ClientIp ip = new ClientIp(IpRanges.parse("127.0.0.1, ::1"), peer);
        assertTrue(ip.onThisHost(inner, null, headers()), "the proxy's host itself, forwarding no one");
        assertTrue(ip.onThisHost(inner, null, headers("X-Forwarded-For", "127.0.0.1, ::1")));
        assertTrue(ip.onThisHost(inner, null, headers("Forwarded", "for=\"[::1]:80\", For=127.0.0.1:4711;proto=http")));
        assertTrue(ip.onThisHost(inner, null, headers("X-Real-IP", "::ffff:127.0.0.1")));

        assertFalse(ip.onThisHost(inner, null, headers("X-Real-IP", "203.0.113.7")));
        assertFalse(ip.onThisHost(inner, null, headers("X-Forwarded-For", "127.0.0.1, 203.0.113.7")));
        assertFalse(ip.onThisHost(inner, null, headers("X-Forwarded-For", "127.0.0.1", "X-Real-IP", "203.0.113.7")));
        assertFalse(ip.onThisHost(inner, null, headers("Forwarded", "for=\"[2001:db8::7]:4711\"")));
        assertFalse(ip.onThisHost(inner, null, headers("Forwarded", "for=_hidden")));
        assertFalse(ip.onThisHost(inner, null, headers("Forwarded", "for=unknown")));
        assertFalse(ip.onThisHost(inner, null, headers("Forwarded", "proto=https")));
        assertFalse(ip.onThisHost(inner, null, headers("X-Real-IP", "localhost")));
        assertFalse(ip.onThisHost(inner, null, headers("X-Real-IP", "")));
    }
}
