package org.signet.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.signet.text.TypedText;

/**
 * The command line split into words and options. Options may stand before or after the command
 * words, as {@code --name value} or {@code --name=value}; flags take no value.
 */
final class Arguments {
    private static final Set<String> FLAGS = Set.of("admin", "password-stdin", "json", "help", "version", "include-keys",
            "dry-run");
    private static final Set<String> VALUED = Set.of("data", "config", "port", "host", "email", "name", "user",
            "description", "permission", "rate-limit", "warmup", "duration", "documents", "samples", "jvm", "document",
            "to", "from", "keys", "password-env", "db", "as-of");

    private final List<String> words;
    private final Map<String, String> options;

    private Arguments(List<String> words, Map<String, String> options) {
        this.words = List.copyOf(words);
        this.options = Map.copyOf(options);
    }

    static Arguments parse(String[] args) throws UsageException {
        List<String> words = new ArrayList<>();
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (!a.startsWith("--") || a.equals("--")) {
                words.add(a);
                continue;
            }
            String name = a.substring(2);
            String value = null;
            int eq = name.indexOf('=');
            if (eq >= 0) {
                value = name.substring(eq + 1);
                name = name.substring(0, eq);
            }
            if (FLAGS.contains(name)) {
                if (value != null) {
                    throw new UsageException("--" + name + " takes no value");
                }
                options.put(name, "true");
            } else if (VALUED.contains(name)) {
                if (value == null) {
                    if (i + 1 >= args.length) {
                        throw new UsageException("--" + name + " needs a value");
                    }
                    value = args[++i];
                }
                options.put(name, value);
            } else {
                throw new UsageException("unknown option --" + name);
            }
        }
        return new Arguments(words, options);
    }

    String word(int index) {
        return index < words.size() ? words.get(index) : "";
    }

    int wordCount() {
        return words.size();
    }

    Optional<String> option(String name) {
        return Optional.ofNullable(options.get(name));
    }

    String require(String name) throws UsageException {
        return option(name).filter(s -> !s.isBlank())
                .orElseThrow(() -> new UsageException("--" + name + " is required"));
    }

    /** A required option a person typed, such as a name: held to Signet's text rule (one line), stripped. */
    String requireText(String name) throws UsageException {
        return text(require(name), name);
    }

    /** The same for an optional one; absent is empty. */
    Optional<String> optionText(String name) throws UsageException {
        Optional<String> raw = option(name);
        return raw.isEmpty() ? raw : Optional.of(text(raw.get(), name));
    }

    private static String text(String raw, String name) throws UsageException {
        TypedText.Checked checked = TypedText.check(raw, TypedText.Shape.LINE);
        if (!checked.ok()) {
            throw new UsageException(checked.message("--" + name));
        }
        return checked.text().strip();
    }

    boolean flag(String name) {
        return options.containsKey(name);
    }
}
