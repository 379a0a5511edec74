package org.signet.webhook;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The guard against webhooks aimed inside the site (server-side request forgery): a webhook URL must
 * be http(s), and unless {@code webhooks.allow_private} is set, every address its host resolves to
 * must be public ({@link InternalAddresses}). It is checked at registration and again at each
 * delivery, and a delivery connects only to the addresses that second check looked up and passed
 * ({@link Target}), never to a name looked up again: a name re-pointed at an internal address (DNS
 * rebinding) is caught when it matters.
 */
public final class WebhookUrls {
    /** Looks a host name up; a seam so tests can make a name resolve anywhere. */
    @FunctionalInterface
    public interface Resolver {
        InetAddress[] resolve(String host) throws UnknownHostException;
    }

    /** Why a URL may not be sent to, in words for the webhook's owner. */
    static final class Refused extends Exception {
        private static final long serialVersionUID = 1L;

        Refused(String why) {
            super(why, null, false, false);
        }
    }

    /** Where a delivery goes: the URL and the addresses of its host, each checked, in the resolver's order. */
    record Target(URI uri, List<InetAddress> addresses) {
        Target {
            addresses = List.copyOf(addresses);
        }

        boolean tls() {
            return uri.getScheme().equalsIgnoreCase("https");
        }

        /** The host as it is looked up and named to TLS: an IPv6 literal without its brackets. */
        String host() {
            return hostOf(uri);
        }

        int port() {
            return uri.getPort() >= 0 ? uri.getPort() : tls() ? 443 : 80;
        }
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

    /**
     * Why Signet will not send to {@code url}, or empty when it may. Where private addresses are
     * allowed the host is not looked up here: a name that resolves only inside may still be meant.
     */
    public Optional<String> refusal(String url) {
        try {
            URI uri = parse(url);
            if (!allowPrivate) {
                addresses(uri);
            }
            return Optional.empty();
        } catch (Refused e) {
            return Optional.of(e.getMessage());
        }
    }

    /** Where a delivery to {@code url} connects: its host looked up now, every address checked. */
    Target target(String url) throws Refused {
        URI uri = parse(url);
        return new Target(uri, addresses(uri));
    }

    private static URI parse(String url) throws Refused {
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw new Refused("url is not a valid URL.");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null || uri.getHost().isEmpty()) {
            throw new Refused("url must be an http or https URL with a host.");
        }
        if (uri.getPort() == 0 || uri.getPort() > 65_535) {
            throw new Refused("url's port must be between 1 and 65535.");
        }
        return uri;
    }

    private static String hostOf(URI uri) {
        String h = uri.getHost();
        return h.startsWith("[") && h.endsWith("]") ? h.substring(1, h.length() - 1) : h;
    }

    private List<InetAddress> addresses(URI uri) throws Refused {
        InetAddress[] all;
        try {
            all = resolver.resolve(hostOf(uri));
            if (all.length == 0) {
                throw new UnknownHostException(uri.getHost());
            }
        } catch (UnknownHostException e) {
            throw new Refused("url's host " + uri.getHost() + " cannot be resolved.");
        }
        for (InetAddress a : all) {
            if (!allowPrivate && InternalAddresses.contains(a)) {
                throw new Refused("url resolves to a private, loopback or otherwise internal address ("
                        + a.getHostAddress() + ").");
            }
        }
        return List.of(all);
    }
}
