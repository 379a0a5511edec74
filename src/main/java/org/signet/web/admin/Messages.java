package org.signet.web.admin;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.Properties;

/**
 * The administrator pages' words, read from {@code web/admin/messages.properties} (UTF-8), so that no
 * user-facing text lives in code and another language is one more file. {@code {0}}, {@code {1}}
 * ... in a message are replaced by arguments; apostrophes need no escaping, unlike MessageFormat.
 */
final class Messages {
    static final String RESOURCE = "/web/admin/messages.properties";

    private final Properties text;

    private Messages(Properties text) {
        this.text = text;
    }

    static Messages load() {
        try (InputStream in = Messages.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + RESOURCE);
            }
            Properties p = new Properties();
            p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
            return new Messages(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The message for {@code key} with its arguments filled in; a missing key is a programming error. */
    String get(String key, Object... args) {
        String message = find(key).orElseThrow(() -> new IllegalArgumentException("no message " + key));
        for (int i = 0; i < args.length; i++) {
            message = message.replace("{" + i + "}", String.valueOf(args[i]));
        }
        return message;
    }

    Optional<String> find(String key) {
        return Optional.ofNullable(text.getProperty(key));
    }

    Properties all() {
        return text;
    }
}
