package org.signet.domain;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Suggested variable keys for a template's fields: the field name in snake case, letters
 * stripped of their accents ("Käufer Name" becomes {@code kaufer_name}), or {@code <field_type>_<n>}
 * with n counting that type's fields from 1 when the name gives nothing; a key already taken gets
 * {@code _2}, {@code _3}. Only fields a value can be given to ahead of time get one.
 */
public final class VariableKeys {
    private static final Set<FieldType> PREFILLABLE =
            Set.of(FieldType.TEXT, FieldType.TEXTAREA, FieldType.CHECKBOX, FieldType.DROPDOWN);
    private static final int MAX = 64;

    private VariableKeys() {}

    public static boolean prefillable(FieldType type) {
        return PREFILLABLE.contains(type);
    }

    /** One key per field, in order; null for a field that cannot be prefilled. */
    public static List<String> suggest(List<FieldType> types, List<String> names) {
        Map<FieldType, Integer> counts = new HashMap<>();
        Set<String> taken = new HashSet<>();
        List<String> out = new ArrayList<>();
        for (int i = 0; i < types.size(); i++) {
            FieldType type = types.get(i);
            int n = counts.merge(type, 1, Integer::sum);
            if (!prefillable(type)) {
                out.add(null);
                continue;
            }
            String base = snake(names.get(i));
            if (base.isEmpty()) {
                base = type.wire() + "_" + n;
            }
            String key = base;
            for (int k = 2; !taken.add(key); k++) {
                String suffix = "_" + k;
                key = base.substring(0, Math.min(base.length(), MAX - suffix.length())) + suffix;
            }
            out.add(key);
        }
        return out;
    }

    /** Lowercase ASCII letters and digits joined by single underscores. */
    static String snake(String name) {
        String plain = Normalizer.normalize(name == null ? "" : name, Normalizer.Form.NFKD)
                .replaceAll("\\p{M}+", "").replace("ß", "ss").toLowerCase(Locale.ROOT);
        String key = plain.replaceAll("[^a-z0-9]+", "_").replaceAll("^_+|_+$", "");
        return key.length() <= MAX ? key : key.substring(0, MAX).replaceAll("_+$", "");
    }
}
