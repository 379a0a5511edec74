package org.signet.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Internal addresses in IPv4 and IPv6, and every IPv6 form that carries an IPv4 address, judged by
 * that address: refused where it is internal, allowed where it is public.
 */
class InternalAddressesTest {
    private static InetAddress ip(String literal) {
        try {
            return InetAddress.getByName(literal);
        } catch (UnknownHostException e) {
            throw new AssertionError(e);
        }
    }

    /** The address as an IPv6 one even in the mapped form, which the JDK otherwise turns into IPv4. */
    private static Inet6Address ip6(String literal) {
        byte[] b = ip(literal).getAddress();
        try {
            return Inet6Address.getByAddress(null, b.length == 16 ? b : mapped(b), -1);
        } catch (UnknownHostException e) {
            throw new AssertionError(e);
        }
    }

    private static byte[] mapped(byte[] v4) {
        byte[] b = new byte[16];
        b[10] = (byte) 0xff;
        b[11] = (byte) 0xff;
        System.arraycopy(v4, 0, b, 12, 4);
        return b;
    }

    private static void assertRefused(String... addresses) {
        for (String a : addresses) {
            assertTrue(InternalAddresses.contains(ip(a)), a);
        }
    }

    private static void assertAllowed(String... addresses) {
        for (String a : addresses) {
            assertFalse(InternalAddresses.contains(ip(a)), a);
        }
    }

    @Test
    void contains_internalIpv4_refused() {
        assertRefused("127.0.0.1", "127.8.9.10", "10.1.2.3", "172.16.0.1", "172.31.255.254", "192.168.1.1",
                "169.254.169.254", "100.64.0.1", "0.0.0.0", "0.1.2.3", "192.0.0.8", "198.18.0.1", "224.0.0.1",
                "240.0.0.1", "255.255.255.255");
    }

    @Test
    void contains_publicIpv4_allowed() {
        assertAllowed("93.184.216.34", "8.8.8.8", "172.32.0.1", "100.128.0.1", "1.1.1.1", "198.20.0.1");
    }

    @Test
    void contains_internalIpv6_refused() {
        assertRefused("::1", "::", "fe80::1", "febf::1", "fec0::1", "fc00::1", "fd12:3456::1", "ff02::1", "100::1");
    }

    @Test
    void contains_publicIpv6_allowed() {
        assertAllowed("2606:4700::1111", "2a00:1450:4001:80b::200e", "2001:4860:4860::8888");
    }

    @Test
    void contains_documentationBenchmarkingAndRetiredRelayRanges_refused() {
        assertRefused("192.0.2.1", "198.51.100.7", "203.0.113.9", "192.88.99.1", "192.88.99.255");
        assertRefused("2001:db8::1", "2001:db8:ffff:ffff:ffff:ffff:ffff:ffff", "2001:2::1", "2001:2:0:ffff::1",
                "3fff::1", "3fff:fff:ffff::1", "2001:10::1", "2001:1f:ffff::1");
        assertRefused("2002:c058:6301::", "64:ff9b::c000:201", "::ffff:0:cb00:7109");
    }

    @Test
    void contains_outsideGlobalUnicast_refusedUnlessItCarriesAPublicIpv4() {
        assertRefused("5f00::1", "5fff:ffff::1", "4000::1", "100:0:0:1::1", "200::1", "e000::1", "fe00::1");
        assertAllowed("::8.8.8.8", "64:ff9b::808:808");
    }

    @Test
    void contains_besideTheRefusedRanges_allowed() {
        assertAllowed("192.0.3.1", "192.88.98.255", "192.88.100.1", "198.51.101.1", "203.0.114.1");
        assertAllowed("2001:db9::1", "2001:3::1", "2001:4:112::1", "2001:20::1", "3fff:1000::1", "2400:cb00::1");
    }

    @Test
    void contains_ipv4Mapped_judgedByItsIpv4() {
        assertTrue(InternalAddresses.contains(ip6("::ffff:127.0.0.1")));
        assertTrue(InternalAddresses.contains(ip6("::ffff:10.0.0.1")));
        assertFalse(InternalAddresses.contains(ip6("::ffff:8.8.8.8")));
        // The JDK reads the mapped form as IPv4 itself; either way the answer is the same.
        assertRefused("::ffff:7f00:1", "::ffff:192.168.0.1");
        assertAllowed("::ffff:8.8.8.8");
    }

    @Test
    void contains_ipv4Translated_judgedByItsIpv4() {
        assertRefused("::ffff:0:7f00:1", "::ffff:0:127.0.0.1", "::ffff:0:a9fe:a9fe");
        assertAllowed("::ffff:0:808:808");
    }

    @Test
    void contains_ipv4Compatible_judgedByItsIpv4() {
        assertRefused("::127.0.0.1", "::7f00:1", "::10.0.0.1", "::169.254.169.254");
        assertAllowed("::8.8.8.8");
    }

    @Test
    void contains_nat64WellKnownPrefix_judgedByItsIpv4() {
        assertRefused("64:ff9b::7f00:1", "64:ff9b::127.0.0.1", "64:ff9b::a00:1", "64:ff9b::a9fe:a9fe");
        assertAllowed("64:ff9b::808:808", "64:ff9b::93.184.216.34");
    }

    @Test
    void contains_nat64LocalUsePrefix_refusedWhateverItCarries() {
        assertRefused("64:ff9b:1::7f00:1", "64:ff9b:1::808:808", "64:ff9b:1:ffff:ffff:ffff:ffff:ffff");
    }

    @Test
    void contains_6to4_judgedByItsIpv4() {
        assertRefused("2002:7f00:1::", "2002:7f00:0001:1234::1", "2002:a00:1::", "2002:c0a8:101::",
                "2002:a9fe:a9fe::");
        assertAllowed("2002:0808:0808::", "2002:5db8:d822::1");
    }

    @Test
    void contains_teredo_judgedByServerAndClientIpv4() {
        // Server 65.54.227.120 and client 8.8.8.8 inverted (f7f7:f7f7): both public.
        assertAllowed("2001:0:4136:e378:8000:63bf:f7f7:f7f7");
        // A loopback server, or a client whose inverted bits read 127.0.0.1 (80ff:fffe), are refused, as
        // is RFC 4380's own example, whose client 192.0.2.45 (3fff:fdd2) is a documentation address.
        assertRefused("2001:0:7f00:1:8000:63bf:f7f7:f7f7", "2001:0:4136:e378:8000:63bf:80ff:fffe",
                "2001:0:4136:e378:8000:63bf:f5ff:fffe", "2001:0:4136:e378:8000:63bf:3fff:fdd2");
    }

    @Test
    void embeddedIpv4_eachForm_decoded() {
        assertEquals(List.of(ip("127.0.0.1")), InternalAddresses.embeddedIpv4(ip6("64:ff9b::7f00:1")));
        assertEquals(List.of(ip("127.0.0.1")), InternalAddresses.embeddedIpv4(ip6("2002:7f00:1::")));
        assertEquals(List.of(ip("127.0.0.1")), InternalAddresses.embeddedIpv4(ip6("::ffff:0:7f00:1")));
        assertEquals(List.of(ip("127.0.0.1")), InternalAddresses.embeddedIpv4(ip6("::ffff:7f00:1")));
        assertEquals(List.of(ip("127.0.0.1")), InternalAddresses.embeddedIpv4(ip6("::127.0.0.1")));
        assertEquals(List.of(ip("65.54.227.120"), ip("192.0.2.45")),
                InternalAddresses.embeddedIpv4(ip6("2001:0:4136:e378:8000:63bf:3fff:fdd2")));
        assertEquals(List.of(), InternalAddresses.embeddedIpv4(ip6("2606:4700::1111")));
    }
}
