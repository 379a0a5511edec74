package org.signet.http;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Maps a method and path to a handler. Patterns are literal segments and {@code {name}}
 * parameters; a literal beats a parameter at the same position. Registering the same method and
 * shape twice fails at start-up, not at the first request.
 */
public final class Router {
    private final List<Route> routes = new ArrayList<>();
    private final Set<String> shapes = new HashSet<>();
    private final Map<String, ErrorPages> errorPages = new HashMap<>();

    /**
     * A matched route, its pattern as registered ({@code /documents/{id}}: a bounded name for the
     * route, unlike the path) and the values of its parameters.
     */
    public record Match(Handler handler, String pattern, Map<String, String> params) {}

    private record Route(String method, String[] segments, String pattern, Handler handler) {
        /** Higher is more specific: literals count at each position from the left. */
        long specificity() {
            long score = 0;
            for (String s : segments) {
                score = score * 2 + (isParam(s) ? 0 : 1);
            }
            return score;
        }
    }

    public void get(String pattern, Handler h) {
        add("GET", pattern, h);
    }

    public void post(String pattern, Handler h) {
        add("POST", pattern, h);
    }

    public void put(String pattern, Handler h) {
        add("PUT", pattern, h);
    }

    public void delete(String pattern, Handler h) {
        add("DELETE", pattern, h);
    }

    public void add(String method, String pattern, Handler handler) {
        String[] segments = split(pattern);
        StringBuilder shape = new StringBuilder(method);
        for (String s : segments) {
            shape.append('/').append(isParam(s) ? "{}" : s);
        }
        if (!shapes.add(shape.toString())) {
            throw new IllegalStateException("route registered twice: " + method + " " + pattern);
        }
        routes.add(new Route(method, segments, "/" + String.join("/", segments), handler));
        routes.sort((a, b) -> Long.compare(b.specificity(), a.specificity()));
    }

    /**
     * Answers failures under {@code prefix} (a path such as {@code /admin}: that path and everything below
     * it) with {@code pages}; registering a prefix twice fails at start-up, as a route does.
     */
    public void errorPages(String prefix, ErrorPages pages) {
        if (errorPages.putIfAbsent(prefix, pages) != null) {
            throw new IllegalStateException("error pages registered twice: " + prefix);
        }
    }

    /** The error pages registered for {@code path}'s longest prefix, when there are. */
    Optional<ErrorPages> errorPagesFor(String path) {
        return errorPages.entrySet().stream()
                .filter(e -> path.equals(e.getKey()) || path.startsWith(e.getKey() + "/"))
                .max(Comparator.comparingInt(e -> e.getKey().length())).map(Map.Entry::getValue);
    }

    /** Every route as "METHOD /pattern", for checking the router against a description of it. */
    public List<String> routes() {
        return routes.stream().map(r -> r.method() + " " + r.pattern()).sorted().toList();
    }

    /**
     * The route for this method and path; a path known under another method is still no route.
     * HEAD is answered wherever GET is: without a HEAD route of its own it takes GET's, and the
     * server leaves the body out.
     */
    public Optional<Match> match(String method, String path) {
        Optional<Match> m = matchExactly(method, path);
        return m.isEmpty() && method.equals("HEAD") ? matchExactly("GET", path) : m;
    }

    private Optional<Match> matchExactly(String method, String path) {
        String[] parts = split(path);
        for (Route r : routes) {
            if (r.method().equals(method)) {
                Map<String, String> params = bind(r.segments(), parts);
                if (params != null) {
                    return Optional.of(new Match(r.handler(), r.pattern(), params));
                }
            }
        }
        return Optional.empty();
    }

    private static Map<String, String> bind(String[] pattern, String[] parts) {
        if (pattern.length != parts.length) {
            return null;
        }
        Map<String, String> params = new HashMap<>();
        for (int i = 0; i < pattern.length; i++) {
            String p = pattern[i];
            if (isParam(p)) {
                if (parts[i].isEmpty()) {
                    return null;
                }
                params.put(p.substring(1, p.length() - 1), parts[i]);
            } else if (!p.equals(parts[i])) {
                return null;
            }
        }
        return params;
    }

    private static boolean isParam(String segment) {
        return segment.startsWith("{") && segment.endsWith("}");
    }

    private static String[] split(String path) {
        String trimmed = path.startsWith("/") ? path.substring(1) : path;
        if (trimmed.endsWith("/")) {
            trimmed = trimmed.substring(0, trimmed.length() - 1);
        }
        return trimmed.isEmpty() ? new String[0] : trimmed.split("/", -1);
    }
}
