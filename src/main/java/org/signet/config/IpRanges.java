package org.signet.config;

import java.math.BigInteger;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;

/** A set of IP addresses and CIDR ranges, as given in {@code trusted_proxies} or named in code. */
public final class IpRanges {
    private final List<Range> ranges;

    private IpRanges(List<Range> ranges) {
        this.ranges = List.copyOf(ranges);
    }

    /** Parses "10.0.0.1, 192.168.0.0/16, ::1"; only literal addresses, never host names. */
    public static IpRanges parse(String text) {
        List<Range> out = new ArrayList<>();
        for (String item : text.split(",")) {
            String s = item.trim();
            if (!s.isEmpty()) {
                out.add(Range.parse(s));
            }
        }
        return new IpRanges(out);
    }

    public boolean contains(String address) {
        byte[] bytes = literal(address);
        if (bytes == null) {
            return false;
        }
        return ranges.stream().anyMatch(r -> r.contains(bytes));
    }

    /** Whether {@code address} is in one of the ranges; an IPv4 range never holds an IPv6 address. */
    public boolean contains(InetAddress address) {
        byte[] bytes = address.getAddress();
        return ranges.stream().anyMatch(r -> r.contains(bytes));
    }

    public boolean isEmpty() {
        return ranges.isEmpty();
    }

    public static boolean isLiteral(String s) {
        return literal(s) != null;
    }

    /** The bytes of an IP literal, or null when the text is not one (no DNS look-up ever). */
    static byte[] literal(String s) {
        if (s == null || s.isEmpty() || !s.matches("[0-9A-Fa-f:.]+")) {
            return null;
        }
        try {
            return InetAddress.getByName(s).getAddress();
        } catch (UnknownHostException e) {
            return null;
        }
    }

    private record Range(byte[] network, int prefix) {
        static Range parse(String s) {
            String[] parts = s.split("/", 2);
            byte[] net = literal(parts[0]);
            if (net == null) {
                throw new IllegalArgumentException("not an IP address: " + parts[0]);
            }
            int prefix = net.length * 8;
            if (parts.length == 2) {
                if (!parts[1].matches("\\d{1,3}") || Integer.parseInt(parts[1]) > prefix) {
                    throw new IllegalArgumentException("bad prefix length: " + parts[1]);
                }
                prefix = Integer.parseInt(parts[1]);
            }
            return new Range(net, prefix);
        }

        boolean contains(byte[] address) {
            if (address.length != network.length) {
                return false;
            }
            int shift = network.length * 8 - prefix;
            return new BigInteger(1, address).shiftRight(shift).equals(new BigInteger(1, network).shiftRight(shift));
        }
    }
}
