package org.signet.config;

/**
 * The one reader of the {@code db.url} setting's form: empty is the SQLite file in the data folder, a
 * PostgreSQL JDBC URL a PostgreSQL database; the store opens the one it names and usage texts show it from here.
 */
public final class DatabaseUrl {
    private static final String POSTGRESQL = "jdbc:postgresql://";

    private DatabaseUrl() {}

    /** Whether {@code url} names a PostgreSQL database, spaces around it aside. */
    public static boolean namesPostgresql(String url) {
        return url.trim().startsWith(POSTGRESQL);
    }

    /** Whether {@code url} is one Signet runs on: empty, or the PostgreSQL prefix followed by where, without control characters. */
    public static boolean acceptable(String url) {
        return url.isEmpty() || url.startsWith(POSTGRESQL) && url.length() > POSTGRESQL.length()
                && url.chars().noneMatch(Character::isISOControl);
    }

    /** A PostgreSQL URL as messages show it: the prefix, then {@code where} (such as {@code HOST:PORT/NAME}). */
    public static String postgresql(String where) {
        return POSTGRESQL + where;
    }
}
