package org.signet.webhook;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import org.signet.config.IpRanges;

/**
 * The addresses a webhook may not reach unless {@code webhooks.allow_private} is set: the site's own
 * networks and every range that is not a public destination, in IPv4 and in IPv6, and every IPv6
 * address whose routing delivers it to such an IPv4 address. The ranges are those IANA's
 * special-purpose address registries (RFC 6890) mark as not globally reachable, and in IPv6 anything
 * outside global unicast. IPv6 has several forms that carry an IPv4 address inside; a network that
 * routes one of them (a NAT64 gateway, a 6to4 or Teredo relay, a stack that maps or translates)
 * reaches that IPv4 address, so each is judged by it.
 */
final class InternalAddresses {
    /**
     * "This network", private (RFC 1918), carrier-grade NAT, loopback, link-local, IETF protocol
     * assignments, documentation (TEST-NET-1, -2 and -3, RFC 5737), the retired 6to4 relay anycast
     * (RFC 7526), benchmarking, multicast, and reserved with the broadcast address.
     */
    private static final IpRanges IPV4 = IpRanges.parse("0.0.0.0/8, 10.0.0.0/8, 100.64.0.0/10, 127.0.0.0/8, "
            + "169.254.0.0/16, 172.16.0.0/12, 192.0.0.0/24, 192.0.2.0/24, 192.88.99.0/24, 192.168.0.0/16, "
            + "198.18.0.0/15, 198.51.100.0/24, 203.0.113.0/24, 224.0.0.0/4, 240.0.0.0/4");

    /**
     * The only IPv6 space handed out for the internet (RFC 4291 section 2.4, IANA's IPv6 address space).
     * Outside it lie the unspecified and loopback addresses, discard-only (RFC 6666), unique local,
     * link-local, the retired site-local, multicast, the local-use NAT64 prefix of RFC 8215 (its
     * operator chooses where in it the IPv4 address sits, so nothing in it can be read with
     * certainty), segment routing's 5f00::/16 (RFC 9602) and space not yet assigned to anything;
     * none of it reaches a public receiver, except through an IPv4 address it carries.
     */
    private static final IpRanges GLOBAL_UNICAST = IpRanges.parse("2000::/3");

    /**
     * Inside global unicast and still not a public destination: benchmarking (RFC 5180), the retired
     * ORCHID prefix (RFC 4843), and documentation (RFC 3849, RFC 9637).
     */
    private static final IpRanges IPV6 = IpRanges.parse("2001:2::/48, 2001:10::/28, 2001:db8::/32, 3fff::/20");

    private static final byte[] NAT64 = {0, 0x64, (byte) 0xff, (byte) 0x9b, 0, 0, 0, 0, 0, 0, 0, 0};

    private InternalAddresses() {}

    /** Whether a receiver at {@code a} would be inside the site's own network or nowhere public. */
    static boolean contains(InetAddress a) {
        if (a instanceof Inet4Address) {
            return IPV4.contains(a);
        }
        if (IPV6.contains(a)) {
            return true;
        }
        // An address that carries an IPv4 address goes where that one does, whatever its own prefix.
        List<Inet4Address> carried = embeddedIpv4((Inet6Address) a);
        return carried.isEmpty() ? !GLOBAL_UNICAST.contains(a) : carried.stream().anyMatch(IPV4::contains);
    }

    /** The IPv4 addresses an IPv6 address carries, in each form that routes to them; empty when none. */
    static List<Inet4Address> embeddedIpv4(Inet6Address a) {
        byte[] b = a.getAddress();
        List<Inet4Address> out = new ArrayList<>(2);
        boolean zero64 = zero(b, 0, 8);
        if (zero64 && zero(b, 8, 12)                              // ::a.b.c.d, IPv4-compatible (RFC 4291 2.5.5.1)
                || zero64 && ffff(b, 8) && zero(b, 10, 12)        // ::ffff:0:a.b.c.d, IPv4-translated (RFC 2765)
                || zero64 && zero(b, 8, 10) && ffff(b, 10)        // ::ffff:a.b.c.d, IPv4-mapped (RFC 4291 2.5.5.2)
                || startsWith(b, NAT64)) {                        // 64:ff9b::a.b.c.d, NAT64 (RFC 6052)
            out.add(ipv4(b, 12, 0));
        } else if (b[0] == 0x20 && b[1] == 0x02) {
            out.add(ipv4(b, 2, 0));                               // 2002:AABB:CCDD::/48, 6to4 (RFC 3056)
        } else if (b[0] == 0x20 && b[1] == 0x01 && b[2] == 0 && b[3] == 0) {
            // Teredo (RFC 4380 section 4): the server's address in bits 32-63, the client's
            // public address in the last 32 bits with every bit inverted.
            out.add(ipv4(b, 4, 0));
            out.add(ipv4(b, 12, 0xff));
        }
        return out;
    }

    private static boolean zero(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] != 0) {
                return false;
            }
        }
        return true;
    }

    private static boolean ffff(byte[] b, int at) {
        return b[at] == (byte) 0xff && b[at + 1] == (byte) 0xff;
    }

    private static boolean startsWith(byte[] b, byte[] prefix) {
        for (int i = 0; i < prefix.length; i++) {
            if (b[i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    private static Inet4Address ipv4(byte[] b, int at, int xor) {
        byte[] four = new byte[4];
        for (int i = 0; i < 4; i++) {
            four[i] = (byte) (b[at + i] ^ xor);
        }
        try {
            return (Inet4Address) InetAddress.getByAddress(four);
        } catch (UnknownHostException e) {
            throw new IllegalStateException("four bytes are always an IPv4 address", e);
        }
    }
}
