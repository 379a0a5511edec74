package org.signet.webhook;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.Optional;

/**
 * The SSRF guard of S10: a webhook URL must be http(s), and unless {@code webhooks.allow_private} is
 * set, every address its host resolves to must be public: not loopback, private, link-local,
 * unique-local, carrier-grade NAT, multicast or unspecified, in IPv4, IPv6 or IPv4-mapped form. It is
 * checked at registration and again before each delivery, so a name re-pointed at an internal address
 * (DNS rebinding) is caught when it matters. The JDK caches a successful look-up for 30 seconds
 * ({@code networkaddress.cache.ttl}), so the address checked is the one the request then connects to.
 */
public final class WebhookUrls {
    /** Looks a host name up; a seam so tests can make a name resolve anywhere. */
    @FunctionalInterface
    public interface Resolver {
        InetAddress[] resolve(String host) throws UnknownHostException;
    }

    private final boolean allowPrivate;
    private final Resolver resolver;

    public WebhookUrls(boolean allowPrivate, Resolver resolver) {
        this.allowPrivate = allowPrivate;
        this.resolver = resolver;
    }

    public WebhookUrls(boolean allowPrivate) {
        this(allowPrivate, InetAddress::getAllByName);
    }

    /** Why Signet will not send to {@code url}, or empty when it may. */
    public Optional<String> refusal(String url) {
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            return Optional.of("url is not a valid URL.");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null || uri.getHost().isEmpty()) {
            return Optional.of("url must be an http or https URL with a host.");
        }
        if (allowPrivate) {
            return Optional.empty();
        }
        try {
            for (InetAddress a : resolver.resolve(host(uri))) {
                if (isPrivate(a)) {
                    return Optional.of("url resolves to a private, loopback or otherwise internal address ("
                            + a.getHostAddress() + ").");
                }
            }
            return Optional.empty();
        } catch (UnknownHostException e) {
            return Optional.of("url's host " + uri.getHost() + " cannot be resolved.");
        }
    }

    /** The host as the resolver wants it: an IPv6 literal without its brackets. */
    private static String host(URI uri) {
        String h = uri.getHost();
        return h.startsWith("[") && h.endsWith("]") ? h.substring(1, h.length() - 1) : h;
    }

    /** Whether a receiver at this address would be inside the site's own network. */
    public static boolean isPrivate(InetAddress a) {
        if (a.isLoopbackAddress() || a.isSiteLocalAddress() || a.isLinkLocalAddress() || a.isMulticastAddress()
                || a.isAnyLocalAddress()) {
            return true;
        }
        byte[] b = a.getAddress();
        if (a instanceof Inet4Address) {
            int first = b[0] & 0xff;
            int second = b[1] & 0xff;
            // 0.0.0.0/8 "this network", 100.64.0.0/10 carrier-grade NAT, 192.0.0.0/24 protocol assignments,
            // 198.18.0.0/15 benchmarking, 240.0.0.0/4 reserved and broadcast.
            return first == 0 || first == 100 && (second & 0xc0) == 64 || first == 192 && second == 0 && b[2] == 0
                    || first == 198 && (second & 0xfe) == 18 || first >= 240;
        }
        if (a instanceof Inet6Address) {
            if ((b[0] & 0xfe) == 0xfc) {
                return true; // fc00::/7 unique local
            }
            if (isZero(b, 0, 10) && (isZero(b, 10, 12) || (b[10] & 0xff) == 0xff && (b[11] & 0xff) == 0xff)) {
                return isPrivate(embeddedIpv4(b)); // ::a.b.c.d and ::ffff:a.b.c.d
            }
        }
        return false;
    }

    private static boolean isZero(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] != 0) {
                return false;
            }
        }
        return true;
    }

    private static InetAddress embeddedIpv4(byte[] b) {
        try {
            return InetAddress.getByAddress(new byte[] {b[12], b[13], b[14], b[15]});
        } catch (UnknownHostException e) {
            throw new IllegalStateException("four bytes are always an IPv4 address", e);
        }
    }
}
