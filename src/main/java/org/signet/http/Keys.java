package org.signet.http;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.signet.error.Refusal;

/**
 * The keys one JSON object of a request may hold. Each reader of an input object keeps its own, so an
 * object that learns a key adds it to one list; a key outside it is refused by name (docs/api/conventions.md,
 * Request bodies), so that a misspelt key never passes as if it had been read.
 */
public record Keys(Set<String> names) {
    /** An object that takes no keys at all, as the body of {@code .../send}. */
    public static final Keys NONE = new Keys(Set.of());

    public Keys {
        names = Set.copyOf(names);
    }

    public static Keys of(String... names) {
        return new Keys(Set.of(names));
    }

    /** These keys and {@code more}. */
    public Keys and(String... more) {
        return and(of(more));
    }

    /** These keys and those of {@code other}, for an object that holds another's keys beside its own. */
    public Keys and(Keys other) {
        Set<String> all = new HashSet<>(names);
        all.addAll(other.names);
        return new Keys(all);
    }

    /** The keys of {@code values} that are not these, in the order given. */
    public List<String> unknownIn(Map<?, ?> values) {
        List<String> out = new ArrayList<>();
        values.keySet().forEach(k -> {
            if (!names.contains(String.valueOf(k))) {
                out.add(String.valueOf(k));
            }
        });
        return out;
    }

    /**
     * 400 {@code rest_invalid_param} naming each key of {@code values} that is not one of these, as
     * {@code prefix + key} (such as {@code signers[1].emial}); nothing when all are known.
     */
    public void refuseUnknown(Map<?, ?> values, String prefix) {
        List<String> unknown = unknownIn(values);
        if (!unknown.isEmpty()) {
            throw Refusal.unknownKeys(unknown.stream().map(k -> prefix + k).toList());
        }
    }

    @Override
    public String toString() {
        String[] sorted = names.toArray(String[]::new);
        Arrays.sort(sorted);
        return String.join(", ", sorted);
    }
}
