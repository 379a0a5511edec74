package org.signet.store;

/** Which database Signet runs on, chosen from the {@code db.url} setting; where their SQL differs, the dialect says how. */
public enum Dialect {
    SQLITE,
    POSTGRESQL;

    /** Empty is the SQLite file in the data folder; {@code jdbc:postgresql://...} is PostgreSQL; nothing else is known. */
    public static Dialect of(String url) {
        String u = url.trim();
        if (u.isEmpty()) {
            return SQLITE;
        }
        if (u.startsWith("jdbc:postgresql://")) {
            return POSTGRESQL;
        }
        throw new IllegalArgumentException("not a database Signet runs on: expected empty or jdbc:postgresql://");
    }
}
