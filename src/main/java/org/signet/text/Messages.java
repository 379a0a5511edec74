package org.signet.text;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.signet.domain.Language;

/**
 * User-facing words read from a catalogue of UTF-8 {@code .properties} files, so that no user-facing
 * text lives in code and another language is one more file: {@code NAME.properties} in English and
 * {@code NAME_xx.properties} for each other language, where a key not (yet) translated falls back to
 * English. {@code {0}}, {@code {1}} ... in a message are replaced by arguments; apostrophes need no
 * escaping, unlike MessageFormat. The JDK's ResourceBundle is not used because it would fall back to
 * the server's default locale before English.
 */
public final class Messages {
    private static final Map<String, Messages> LOADED = new ConcurrentHashMap<>();
    private static final Pattern ARGUMENT = Pattern.compile("\\{(\\d)}");

    private final Language language;
    private final Properties text;

    private Messages(Language language, Properties text) {
        this.language = language;
        this.text = text;
    }

    /**
     * The catalogue {@code bundle} (a resource path without suffix, such as {@code web/messages}) in
     * {@code language}; read once, then shared.
     *
     * @throws IllegalStateException when the English file is missing from the build
     */
    public static Messages of(String bundle, Language language) {
        Objects.requireNonNull(bundle, "bundle");
        Objects.requireNonNull(language, "language");
        return LOADED.computeIfAbsent(bundle + "_" + language.code(), k -> load(bundle, language));
    }

    /** The resource that holds {@code bundle}'s own words in {@code language}. */
    public static String resource(String bundle, Language language) {
        return "/" + bundle + (language == Language.BASE ? "" : "_" + language.code()) + ".properties";
    }

    private static Messages load(String bundle, Language language) {
        Properties base = read(resource(bundle, Language.BASE))
                .orElseThrow(() -> new IllegalStateException("missing resource " + resource(bundle, Language.BASE)));
        if (language == Language.BASE) {
            return new Messages(language, base);
        }
        Properties own = new Properties(base);
        read(resource(bundle, language)).ifPresent(own::putAll);
        return new Messages(language, own);
    }

    /** The properties in {@code resource}, or empty when there is no such resource. */
    public static Optional<Properties> read(String resource) {
        try (InputStream in = Messages.class.getResourceAsStream(resource)) {
            if (in == null) {
                return Optional.empty();
            }
            Properties p = new Properties();
            p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
            return Optional.of(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public Language language() {
        return language;
    }

    /** The message for {@code key} with its arguments filled in; a missing key is a programming error. */
    public String get(String key, Object... args) {
        String message = find(key).orElseThrow(() -> new IllegalArgumentException("no message " + key));
        return args.length == 0 ? message : fill(message, args);
    }

    /**
     * {@code message} with {@code {0}}, {@code {1}} ... replaced by {@code args}; a placeholder without
     * an argument stays. One pass, so an argument that itself holds {1} is never filled in again.
     */
    public static String fill(String message, Object... args) {
        return ARGUMENT.matcher(message).replaceAll(m -> {
            int i = Integer.parseInt(m.group(1));
            return Matcher.quoteReplacement(i < args.length ? String.valueOf(args[i]) : m.group());
        });
    }

    /**
     * A copy that says {@code value} for {@code key}, over what the catalogue says: for the words that are the
     * site's own rather than Signet's, such as its name, which the settings give at start.
     */
    public Messages with(String key, String value) {
        Properties own = new Properties(text);
        own.setProperty(Objects.requireNonNull(key, "key"), Objects.requireNonNull(value, "value"));
        return new Messages(language, own);
    }

    public Optional<String> find(String key) {
        return Optional.ofNullable(text.getProperty(key));
    }

    /** Every key, the English ones included where this language has no words of its own. */
    public Set<String> keys() {
        return text.stringPropertyNames();
    }
}
