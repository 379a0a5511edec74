package org.signet.config;

import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The origins {@code embed.origins} lets frame the signer's pages, each read exactly as a browser
 * serialises an origin (RFC 6454 section 6.2): {@code scheme://host[:port]}, lower case, no default
 * port, so a page can compare one with {@code location.ancestorOrigins} by plain equality.
 */
public final class EmbedOrigins {
    /**
     * A host name of DNS labels or an IPv4 address; no IPv6 literal, which a Content-Security-Policy
     * source expression cannot name, and no wildcard, so the list says exactly who may frame a page.
     */
    private static final Pattern ORIGIN = Pattern.compile(
            "(https?)://([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*)(?::(\\d{1,5}))?");
    private static final Pattern LOOPBACK_IP = Pattern.compile("127\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}");

    private EmbedOrigins() {
    }

    /**
     * The setting's origins in their browser form, in the order given, without repeats.
     *
     * @throws IllegalArgumentException naming the first entry that is not an https origin, or an
     *     http one on a loopback host
     */
    public static List<String> parse(String setting) {
        if (setting.isBlank()) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        for (String entry : setting.split(",", -1)) {
            String origin = origin(entry.trim());
            if (!out.contains(origin)) {
                out.add(origin);
            }
        }
        return List.copyOf(out);
    }

    static boolean valid(String setting) {
        try {
            parse(setting);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** Whether a site at {@code siteUrl} can be framed with its gates' cookies kept: https, or http on loopback. */
    static boolean framableSite(String siteUrl) {
        URI u = URI.create(siteUrl);
        String host = u.getHost() == null ? "" : u.getHost().toLowerCase(Locale.ROOT);
        return "https".equalsIgnoreCase(u.getScheme()) || "http".equalsIgnoreCase(u.getScheme()) && loopback(host);
    }

    private static String origin(String entry) {
        Matcher m = ORIGIN.matcher(entry.toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + entry + "' is not an origin scheme://host[:port]");
        }
        String scheme = m.group(1);
        String host = m.group(2);
        if (scheme.equals("http") && !loopback(host)) {
            throw new IllegalArgumentException("'" + entry + "' is http on a host that is not loopback");
        }
        String port = m.group(3);
        if (port == null) {
            return scheme + "://" + host;
        }
        int number = Integer.parseInt(port);
        if (number < 1 || number > 65535) {
            throw new IllegalArgumentException("'" + entry + "' has no valid port");
        }
        boolean standard = number == (scheme.equals("https") ? 443 : 80);
        return scheme + "://" + host + (standard ? "" : ":" + number);
    }

    private static boolean loopback(String host) {
        if (host.equals("localhost")) {
            return true;
        }
        if (!LOOPBACK_IP.matcher(host).matches()) {
            return false;
        }
        return Arrays.stream(host.split("\\.")).allMatch(octet -> Integer.parseInt(octet) <= 255);
    }
}
