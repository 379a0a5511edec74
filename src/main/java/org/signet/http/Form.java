package org.signet.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.signet.error.Refusal;

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

    /**
     * Percent-decodes one name or value (HTML's application/x-www-form-urlencoded parser) into strict
     * UTF-8: bytes that are not UTF-8 are refused, where URLDecoder would turn them into U+FFFD unseen.
     */
    private static String decode(String s) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            int hi = c == '%' && i + 2 < s.length() ? Character.digit(s.charAt(i + 1), 16) : -1;
            int lo = hi >= 0 ? Character.digit(s.charAt(i + 2), 16) : -1;
            if (lo >= 0) {
                bytes.write(hi << 4 | lo);
                i += 2;
            } else if (c == '%' || c > 0x7e) {
                throw malformed();
            } else {
                bytes.write(c == '+' ? ' ' : c);
            }
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes.toByteArray()))
                    .toString();
        } catch (CharacterCodingException e) {
            throw malformed();
        }
    }

    private static Refusal malformed() {
        return Refusal.invalid("invalid_form", "The form is not correctly encoded.");
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

    /**
     * The fields as named parameters, for checking; empty ones are left out. A field given twice is
     * refused, since which one was meant cannot be known (checkbox lists are read with {@link #values}).
     */
    public Body body() {
        Map<String, Object> single = new LinkedHashMap<>();
        fields.forEach((k, v) -> {
            if (v.size() > 1) {
                throw Refusal.invalidParam(k, k + " is sent more than once.");
            }
            if (!v.get(0).isEmpty()) {
                single.put(k, v.get(0));
            }
        });
        return new Body(single);
    }
}
