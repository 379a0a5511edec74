package org.signet.http;

import java.io.IOException;
import java.io.InputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.signet.service.Refusal;

/**
 * A posted HTML form ({@code application/x-www-form-urlencoded}, HTML's form submission algorithm):
 * its fields by name, each possibly repeated, read with a size bound. Values are checked through
 * {@link Body}, the same rules the REST interface applies to its parameters. The administrator pages
 * post them, and so do the signing link's PIN and login gates when the page runs without script.
 */
public final class Form {
    /** Forms here hold a few short fields; anything larger is not one of ours. */
    public static final int MAX_BYTES = 64 * 1024;

    private final Map<String, List<String>> fields;

    private Form(Map<String, List<String>> fields) {
        this.fields = fields;
    }

    public static Form read(Request req) {
        String type = Optional.ofNullable(req.header("Content-Type")).orElse("").toLowerCase(Locale.ROOT);
        if (!type.startsWith("application/x-www-form-urlencoded")) {
            throw Refusal.invalid("invalid_form", "The form was not sent as a form.");
        }
        try (InputStream in = req.bodyStream()) {
            byte[] bytes = in.readNBytes(MAX_BYTES + 1);
            if (bytes.length > MAX_BYTES) {
                throw Refusal.invalid("invalid_form", "The form is too large.");
            }
            return parse(new String(bytes, StandardCharsets.US_ASCII));
        } catch (IOException e) {
            throw Refusal.invalid("invalid_form", "The form could not be read completely.");
        }
    }

    public static Form parse(String encoded) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (String pair : encoded.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = decode(eq < 0 ? pair : pair.substring(0, eq));
            out.computeIfAbsent(name, k -> new ArrayList<>()).add(eq < 0 ? "" : decode(pair.substring(eq + 1)));
        }
        return new Form(out);
    }

    private static String decode(String s) {
        try {
            return URLDecoder.decode(s, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw Refusal.invalid("invalid_form", "The form is not correctly encoded.");
        }
    }

    /** The first value of a field, or null when the form has none. */
    public String value(String name) {
        List<String> v = fields.get(name);
        return v == null || v.isEmpty() ? null : v.get(0);
    }

    public List<String> values(String name) {
        return List.copyOf(fields.getOrDefault(name, List.of()));
    }

    public boolean checked(String name) {
        return value(name) != null;
    }

    /** The fields (first values, empty ones left out) as named parameters, for checking. */
    public Body body() {
        Map<String, Object> first = new LinkedHashMap<>();
        fields.forEach((k, v) -> {
            if (!v.isEmpty() && !v.get(0).isEmpty()) {
                first.put(k, v.get(0));
            }
        });
        return new Body(first);
    }
}
