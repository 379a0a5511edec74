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

    /**
     * The LIKE that ignores case: SQLite's own LIKE folds ASCII case, PostgreSQL's does not, and
     * its ILIKE folds all of it.
     */
    public String likeIgnoringCase() {
        return this == SQLITE ? "LIKE" : "ILIKE";
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
        return this == SQLITE ? " INDEXED BY " + index + " " : " ";
    }

    /**
     * The lock that claims queue rows, with a space before it: PostgreSQL locks the rows of {@code table}
     * (a name or alias in the FROM) that the query returns and skips those another transaction holds,
     * so instances claiming at once take different rows; SQLite's one writer already runs claims one
     * after another, and it knows no such clause.
     */
    public String skipLocked(String table) {
        return this == SQLITE ? "" : " FOR UPDATE OF " + table + " SKIP LOCKED";
    }
}
