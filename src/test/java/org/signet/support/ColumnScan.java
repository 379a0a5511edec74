package org.signet.support;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.signet.store.Database;
import org.signet.store.Dialect;

/**
 * Every text column of every table, found from the database's own catalogue (SQLite's {@code sqlite_master} and
 * {@code pragma_table_info}, PostgreSQL's {@code information_schema}), searched for a value: what a test of
 * erasure asks, so that a table or column added later is searched without anyone listing it.
 */
public final class ColumnScan {
    private ColumnScan() {}

    /** Every "table.column" holding text, on either database. */
    public static List<String> textColumns(Database db) {
        if (db.dialect() == Dialect.POSTGRESQL) {
            return db.query("SELECT c.table_name || '.' || c.column_name AS col FROM information_schema.columns c "
                    + "JOIN information_schema.tables t ON t.table_name = c.table_name AND t.table_schema = c.table_schema "
                    + "WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' "
                    + "AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb') ORDER BY 1",
                    r -> r.string("col"));
        }
        List<String> columns = new ArrayList<>();
        for (String table : db.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name",
                r -> r.string("name"))) {
            columns.addAll(db.query("SELECT name, type FROM pragma_table_info(?) ORDER BY cid", r ->
                    r.string("type").isEmpty() || r.string("type").toUpperCase().contains("TEXT")
                            ? table + "." + r.string("name") : null, table).stream()
                    .filter(c -> c != null).toList());
        }
        return columns;
    }

    /**
     * The documents whose rows hold {@code value} in a text column, by "table.column": the rows' document_id
     * where the table has one (a document's own id in documents), else 0 for each row that holds it (a table
     * about no one document).
     */
    public static Map<String, Set<Long>> documentsHolding(Database db, String value) {
        Map<String, Set<Long>> found = new TreeMap<>();
        for (String column : textColumns(db)) {
            String table = column.substring(0, column.indexOf('.'));
            String document = table.equals("documents") ? "id"
                    : textColumnsAndOthers(db, table).contains("document_id") ? "document_id" : "0";
            List<Long> ids = db.query("SELECT " + document + " AS doc FROM \"" + table
                    + "\" WHERE " + contains(db, column.substring(column.indexOf('.') + 1)) + " > 0",
                    r -> r.nullableLong("doc") == null ? 0L : r.getLong("doc"), value.toLowerCase());
            if (!ids.isEmpty()) {
                found.put(column, new TreeSet<>(ids));
            }
        }
        return found;
    }

    private static List<String> textColumnsAndOthers(Database db, String table) {
        return db.dialect() == Dialect.POSTGRESQL
                ? db.query("SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() "
                        + "AND table_name = ?", r -> r.string("name"), table)
                : db.query("SELECT name FROM pragma_table_info(?)", r -> r.string("name"), table);
    }

    /** Where {@code name}'s text, lower-cased, holds the parameter (its position, 0 when it does not). */
    private static String contains(Database db, String name) {
        // PostgreSQL takes no LIKE on a column of a nondeterministic collation (an email's): its bytes are searched.
        return db.dialect() == Dialect.POSTGRESQL ? "strpos(lower(CAST(\"" + name + "\" AS TEXT) COLLATE \"C\"), ?)"
                : "instr(lower(CAST(\"" + name + "\" AS TEXT)), ?)";
    }

    /** The text columns in which some row contains {@code value}, ignoring case, with how many rows. */
    public static List<String> containing(Database db, String value) {
        List<String> found = new ArrayList<>();
        for (String column : textColumns(db)) {
            String table = column.substring(0, column.indexOf('.'));
            String name = column.substring(column.indexOf('.') + 1);
            long rows = db.queryLong("SELECT count(*) FROM \"" + table + "\" WHERE " + contains(db, name) + " > 0",
                    value.toLowerCase());
            if (rows > 0) {
                found.add(column + " (" + rows + " rows)");
            }
        }
        return found;
    }
}
