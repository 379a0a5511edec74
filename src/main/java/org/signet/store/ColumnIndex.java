package org.signet.store;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The position of each column a statement's rows are read by, learnt from its first result and kept
 * for the statement's text, per database (whose schema is fixed once it is open). The drivers find a
 * column by name by comparing it, ignoring case, with every column of each new result set; a document
 * row has thirty, read on every request.
 */
final class ColumnIndex {
    private final ConcurrentHashMap<String, Integer> positions = new ConcurrentHashMap<>();

    /** The positions of one database's statements, by the statements' text. */
    static final class Statements {
        /** Far more statements than Signet has; past it (statements built from input) the memory starts over. */
        private static final int MAX_STATEMENTS = 2_000;
        private final ConcurrentHashMap<String, ColumnIndex> bySql = new ConcurrentHashMap<>();

        ColumnIndex of(String sql) {
            ColumnIndex known = bySql.get(sql);
            if (known != null) {
                return known;
            }
            if (bySql.size() >= MAX_STATEMENTS) {
                bySql.clear();
            }
            return bySql.computeIfAbsent(sql, s -> new ColumnIndex());
        }
    }

    /** The 1-based position of {@code column} in {@code rs}, found by the driver the first time only. */
    int of(String column, ResultSet rs) throws SQLException {
        Integer known = positions.get(column);
        if (known != null) {
            return known;
        }
        int found = rs.findColumn(column);
        positions.put(column, found);
        return found;
    }
}
