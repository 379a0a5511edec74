package org.signet.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.InetSocketAddress;
import org.junit.jupiter.api.Test;
import org.signet.config.IpRanges;

class ClientIpTest {
    private final InetSocketAddress proxy = new InetSocketAddress("10.0.0.5", 1234);

    @Test
    void resolve_untrustedSocketIgnoresForwardedFor() {
        ClientIp ip = new ClientIp(IpRanges.parse(""));
        assertEquals("10.0.0.5", ip.resolve(proxy, "1.2.3.4"));
    }

    @Test
    void resolve_trustedProxyGivesRightmostUntrustedHop() {
        ClientIp ip = new ClientIp(IpRanges.parse("10.0.0.0/8"));
        assertEquals("198.51.100.9", ip.resolve(proxy, "6.6.6.6, 198.51.100.9, 10.1.1.1"));
        assertEquals("10.0.0.5", ip.resolve(proxy, "not-an-ip"));
        assertEquals("10.0.0.5", ip.resolve(proxy, null));
        assertEquals("2001:db8:0:0:0:0:0:1", ip.resolve(proxy, "2001:db8::1").replace("2001:db8::1", "2001:db8:0:0:0:0:0:1"));
    }
}
