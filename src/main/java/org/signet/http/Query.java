package org.signet.http;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.signet.error.Refusal;

/**
 * A request's query string: its parameters percent-decoded as UTF-8, a name given twice read by its first value.
 * Getters apply the rules a JSON body's parameters follow ({@link Body}, {@link Values}), record every problem
 * instead of failing at the first, and {@link #check()} reports them all at once.
 */
public final class Query {
    private final Map<String, List<String>> params;
    private final Body firstValues;

    private Query(Map<String, List<String>> params) {
        this.params = params;
        Map<String, Object> first = new LinkedHashMap<>();
        params.forEach((k, v) -> first.put(k, v.get(0)));
        this.firstValues = new Body(first);
    }

    /** The parameters of {@code raw} (null or empty: none); a bad escape is 400 {@code rest_invalid_param}. */
    public static Query parse(String raw) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        if (raw != null && !raw.isEmpty()) {
            for (String pair : raw.split("&")) {
                int eq = pair.indexOf('=');
                String name = decode(eq < 0 ? pair : pair.substring(0, eq));
                String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
                out.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
            }
        }
        return new Query(out);
    }

    private static String decode(String s) {
        try {
            return URLDecoder.decode(s, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw Refusal.invalidParam("query", "The query string is not correctly percent-encoded.");
        }
    }

    /** Every value of every parameter, in the order sent. */
    Map<String, List<String>> all() {
        return params;
    }

    /** The first value of {@code name} as sent, unchecked. */
    public Optional<String> value(String name) {
        List<String> v = params.get(name);
        return v == null ? Optional.empty() : Optional.of(v.get(0));
    }

    /** See {@link Body#optString}. */
    public Optional<String> optString(String name) {
        return firstValues.optString(name);
    }

    /** See {@link Body#optLine}. */
    public Optional<String> optLine(String name, int max) {
        return firstValues.optLine(name, max);
    }

    /** See {@link Body#optLineOrBlank}. */
    public Optional<String> optLineOrBlank(String name, int max) {
        return firstValues.optLineOrBlank(name, max);
    }

    /** An integer within [min, max]; see {@link Body#optLong}. */
    public Optional<Long> optLong(String name, long min, long max) {
        return firstValues.optLong(name, min, max);
    }

    /** Records a parameter that failed a rule checked by the caller. */
    public void reject(String name, String message) {
        firstValues.reject(name, message);
    }

    /** Throws for the invalid parameters, all at once; does nothing when all are well. */
    public void check() {
        firstValues.check();
    }
}
