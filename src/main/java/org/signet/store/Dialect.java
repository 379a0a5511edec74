package org.signet.store;

import org.signet.config.DatabaseUrl;

/**
 * Which SQL Signet's database speaks, chosen from the {@code db.url} setting; where the SQL of SQLite and
 * PostgreSQL differs, the dialect holds each one's words, so a store asks for the clause, not for the kind.
 */
public enum Dialect {
    SQLITE("LIKE", " INDEXED BY %s ", "", " RETURNING rowid"),
    POSTGRESQL("ILIKE", " ", " FOR UPDATE OF %s SKIP LOCKED", " RETURNING id");

    private final String likeIgnoringCase;
    private final String indexHint;
    private final String claimLock;
    private final String returningKey;

    Dialect(String likeIgnoringCase, String indexHint, String claimLock, String returningKey) {
        this.likeIgnoringCase = likeIgnoringCase;
        this.indexHint = indexHint;
        this.claimLock = claimLock;
        this.returningKey = returningKey;
    }

    /** Empty is the SQLite file in the data folder; a PostgreSQL JDBC URL is PostgreSQL; nothing else is known. */
    public static Dialect of(String url) {
        String u = url.trim();
        if (u.isEmpty()) {
            return SQLITE;
        }
        if (DatabaseUrl.namesPostgresql(u)) {
            return POSTGRESQL;
        }
        throw new IllegalArgumentException("not a database Signet runs on: expected empty or "
                + DatabaseUrl.postgresql(""));
    }

    /**
     * The LIKE that ignores case: SQLite's own LIKE folds ASCII case, PostgreSQL's does not, and
     * its ILIKE folds all of it.
     */
    public String likeIgnoringCase() {
        return likeIgnoringCase;
    }

    /** A LIKE pattern (escaped with a backslash) for any text containing {@code text}. */
    public static String containing(String text) {
        return "%" + text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
    }

    /**
     * SQLite's hint to read a table through {@code index}, with spaces around it, or one space where
     * there are no hints: PostgreSQL's planner picks a partial index by its WHERE clause alone. SQLite
     * is told, because with few rows its planner may prefer another index, and a missing one should fail loudly.
     */
    public String indexedBy(String index) {
        return indexHint.formatted(index);
    }

    /**
     * The lock that claims queue rows, with a space before it: PostgreSQL locks the rows of {@code table}
     * (a name or alias in the FROM) that the query returns and skips those another transaction holds,
     * so instances claiming at once take different rows; SQLite's one writer already runs claims one
     * after another, and it knows no such clause.
     */
    public String skipLocked(String table) {
        return claimLock.formatted(table);
    }

    /** What an INSERT ends with to return the new row's id: SQLite's rowid, PostgreSQL's id column (it has no rowid). */
    String returningKey() {
        return returningKey;
    }
}
