package org.signet.http;

import com.sun.net.httpserver.Headers;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The client addresses a request's forwarding headers name: what a proxy writes to say whom it passes
 * a request on for. Proxies differ in which header they use ({@code X-Forwarded-For},
 * {@code Forwarded} of RFC 7239, nginx's {@code X-Real-IP}, a few vendors' own), so every one of them
 * is read, and whoever asks decides whether the proxy that wrote them is believed.
 */
final class ForwardedClients {
    /** Headers that name the client, each a comma-separated list of addresses. */
    private static final List<String> LISTS = List.of("X-Forwarded-For", "X-Real-IP", "True-Client-IP",
            "X-Client-IP", "CF-Connecting-IP", "Fastly-Client-IP", "X-Cluster-Client-IP");
    private static final String FORWARDED = "Forwarded";

    private ForwardedClients() {}

    /** Whether any forwarding header is present, whatever it says: the request came through a proxy. */
    static boolean present(Headers headers) {
        return headers.containsKey(FORWARDED) || LISTS.stream().anyMatch(headers::containsKey);
    }

    /**
     * Every address the forwarding headers name, without port or brackets, in the order written; an
     * entry that is no address (RFC 7239's {@code unknown} or an obfuscated name, an empty header) is
     * kept as it stands, so that a caller checking each entry sees it fail.
     */
    static List<String> named(Headers headers) {
        List<String> out = new ArrayList<>();
        for (String name : LISTS) {
            for (String value : headers.getOrDefault(name, List.of())) {
                for (String entry : value.split(",", -1)) {
                    out.add(address(entry));
                }
            }
        }
        for (String value : headers.getOrDefault(FORWARDED, List.of())) {
            out.addAll(forwardedFor(value));
        }
        return out;
    }

    /**
     * The {@code for} parameters of a {@code Forwarded} value (RFC 7239 section 4): elements separated by
     * commas, pairs by semicolons; an element without one names no client it can be checked by.
     */
    private static List<String> forwardedFor(String value) {
        List<String> out = new ArrayList<>();
        for (String element : value.split(",", -1)) {
            String found = "";
            for (String pair : element.split(";")) {
                int eq = pair.indexOf('=');
                if (eq > 0 && pair.substring(0, eq).strip().toLowerCase(Locale.ROOT).equals("for")) {
                    found = address(pair.substring(eq + 1));
                }
            }
            out.add(found);
        }
        return out;
    }

    /** {@code "[2001:db8::7]:4711"}, {@code 192.0.2.7:4711} or a bare address, as the address alone. */
    private static String address(String written) {
        String s = written.strip();
        if (s.length() >= 2 && s.startsWith("\"") && s.endsWith("\"")) {
            s = s.substring(1, s.length() - 1).strip();
        }
        if (s.startsWith("[")) {
            int close = s.indexOf(']');
            return close > 0 ? s.substring(1, close) : s;
        }
        int colon = s.indexOf(':');
        // One colon is an IPv4 address with its port; an IPv6 address has several.
        return colon > 0 && colon == s.lastIndexOf(':') ? s.substring(0, colon) : s;
    }
}
