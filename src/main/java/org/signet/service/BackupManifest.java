package org.signet.service;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.signet.json.Json;
import org.signet.json.JsonSyntaxException;

/**
 * What a complete backup holds, written last into its folder as {@code manifest.json}: the
 * database copy, every encrypted file and key with its size and SHA-256 (of the bytes as stored),
 * the schema version, and what the check found when the backup was made.
 */
public record BackupManifest(String createdAt, int schemaVersion, Entry database, List<Entry> files, List<Entry> keys,
        int chainsChecked) {
    /** The manifest's own layout; a reader refuses any other. */
    static final int FORMAT = 1;

    /** One file of the backup, by its path inside the backup's folder. */
    public record Entry(String path, long size, String sha256) {}

    public BackupManifest {
        files = List.copyOf(files);
        keys = List.copyOf(keys);
    }

    /** Whether the backup holds the keys, and so opens every document it holds. */
    public boolean holdsKeys() {
        return !keys.isEmpty();
    }

    String toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("format", FORMAT);
        m.put("created_at", createdAt);
        m.put("schema_version", schemaVersion);
        m.put("database", entry(database));
        m.put("files", files.stream().map(BackupManifest::entry).toList());
        m.put("keys", keys.stream().map(BackupManifest::entry).toList());
        m.put("chains_checked", chainsChecked);
        return Json.write(m);
    }

    /** Reads a manifest; anything but this layout is refused with what is wrong. */
    static BackupManifest fromJson(String text) throws BackupException {
        try {
            Map<?, ?> m = (Map<?, ?>) Json.parse(text);
            if (number(m, "format") != FORMAT) {
                throw new BackupException("the manifest has format " + m.get("format") + "; this Signet reads " + FORMAT);
            }
            return new BackupManifest((String) m.get("created_at"), (int) number(m, "schema_version"),
                    entry((Map<?, ?>) m.get("database")), entries(m.get("files")), entries(m.get("keys")),
                    (int) number(m, "chains_checked"));
        } catch (JsonSyntaxException | ClassCastException | NullPointerException | ArithmeticException e) {
            throw new BackupException("the manifest is not one Signet wrote (" + e.getMessage() + ")");
        }
    }

    private static Map<String, Object> entry(Entry e) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("path", e.path());
        m.put("size", e.size());
        m.put("sha256", e.sha256());
        return m;
    }

    private static List<Entry> entries(Object list) {
        return ((List<?>) list).stream().map(o -> entry((Map<?, ?>) o)).toList();
    }

    private static Entry entry(Map<?, ?> m) {
        String path = (String) m.get("path");
        String sha256 = (String) m.get("sha256");
        if (path == null || sha256 == null) {
            throw new NullPointerException("an entry lacks its path or sha256");
        }
        return new Entry(path, number(m, "size"), sha256);
    }

    private static long number(Map<?, ?> m, String key) {
        return ((BigDecimal) m.get(key)).longValueExact();
    }
}
