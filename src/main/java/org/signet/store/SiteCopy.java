package org.signet.store;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Copies every row of a SQLite site's database into an empty PostgreSQL database migrated to the
 * same version, keeping every id: tables in an order their foreign keys accept, a page of rows at a
 * time on both sides (a million rows are never held at once), all in one target transaction with
 * the target's own triggers paused, since the counters they keep are copied as they are. Afterwards
 * each identity sequence is moved past the highest id copied.
 */
public final class SiteCopy {
    /** Rows read and inserted at a time. */
    static final int PAGE_ROWS = 500;
    /** PostgreSQL takes at most 65535 parameters in one statement. */
    private static final int MAX_PARAMETERS = 30_000;
    /** The rows migrations themselves put into an empty database; replaced by the copied ones. */
    private static final Set<String> SEEDED = Set.of("auth_changes", "clear_values_left", "daily_runs");
    /** Not copied as rows: the version is each database's own, and file bytes are copied from the folder. */
    private static final Set<String> NOT_ROWS = Set.of("schema_version", "file_chunks");

    private final Database source;
    private final Database target;

    public SiteCopy(Database source, Database target) {
        if (source.dialect() != Dialect.SQLITE || target.dialect() != Dialect.POSTGRESQL) {
            throw new IllegalArgumentException("a site is copied from SQLite to PostgreSQL");
        }
        this.source = source;
        this.target = target;
    }

    /** The tables both databases have, each after the tables its foreign keys point to. */
    public List<String> tables() {
        Set<String> theirs = new LinkedHashSet<>(target.query("SELECT table_name AS name FROM information_schema.tables "
                + "WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'", r -> r.string("name")));
        List<String> mine = source.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name",
                r -> r.string("name"));
        Map<String, List<String>> parents = new LinkedHashMap<>();
        for (String t : mine) {
            if (theirs.contains(t) && !NOT_ROWS.contains(t)) {
                parents.put(t, source.query("SELECT \"table\" AS parent FROM pragma_foreign_key_list(?)",
                        r -> r.string("parent"), t));
            }
        }
        List<String> ordered = new ArrayList<>();
        parents.keySet().forEach(t -> visit(t, parents, ordered, new LinkedHashSet<>()));
        return ordered;
    }

    private static void visit(String t, Map<String, List<String>> parents, List<String> ordered, Set<String> path) {
        if (ordered.contains(t) || !parents.containsKey(t) || !path.add(t)) {
            return; // done, not copied, or a table that points to itself: its rows go in id order
        }
        parents.get(t).forEach(p -> visit(p, parents, ordered, path));
        ordered.add(t);
    }

    /** The tables of the target that hold a row already (beside what its migrations put there). */
    public List<String> occupied() {
        return tables().stream().filter(t -> !SEEDED.contains(t))
                .filter(t -> target.queryOne("SELECT 1 AS one FROM " + quoted(t) + " LIMIT 1", r -> r.getInt("one"))
                        .isPresent())
                .toList();
    }

    /** Copies every row; returns the rows copied per table, in the order copied. */
    public Map<String, Long> copyRows() {
        List<String> tables = tables();
        return target.inTransaction(() -> source.read(() -> {
            Map<String, Long> copied = new LinkedHashMap<>();
            tables.forEach(t -> target.update("ALTER TABLE " + quoted(t) + " DISABLE TRIGGER USER"));
            SEEDED.stream().filter(tables::contains).forEach(t -> target.update("DELETE FROM " + quoted(t)));
            for (String t : tables) {
                copied.put(t, copyTable(t));
            }
            tables.forEach(t -> target.update("ALTER TABLE " + quoted(t) + " ENABLE TRIGGER USER"));
            tables.forEach(this::moveIdentityPastCopied);
            return copied;
        }));
    }

    /** Rows per table on each side, for the tables copied. */
    public Map<String, long[]> counts() {
        Map<String, long[]> counts = new LinkedHashMap<>();
        for (String t : tables()) {
            String sql = "SELECT count(*) FROM " + quoted(t);
            counts.put(t, new long[] {source.queryLong(sql), target.queryLong(sql)});
        }
        return counts;
    }

    private long copyTable(String table) {
        List<String> columns = source.query("SELECT name FROM pragma_table_info(?) ORDER BY cid", r -> r.string("name"),
                table);
        List<String> key = source.query("SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk",
                r -> r.string("name"), table);
        if (key.isEmpty()) {
            key = List.of("rowid");
        }
        int page = Math.max(1, Math.min(PAGE_ROWS, MAX_PARAMETERS / columns.size()));
        String keys = key.stream().map(SiteCopy::quoted).collect(Collectors.joining(", "));
        String select = "SELECT " + keys + ", " + columns.stream().map(SiteCopy::quoted).collect(Collectors.joining(", "))
                + " FROM " + quoted(table);
        String first = select + " ORDER BY " + keys + " LIMIT " + page;
        String next = select + " WHERE (" + keys + ") > (" + marks(key.size()) + ") ORDER BY " + keys + " LIMIT " + page;
        int width = key.size() + columns.size();
        long copied = 0;
        for (List<Object[]> rows = source.query(first, r -> values(r, width)); !rows.isEmpty();
                rows = source.query(next, r -> values(r, width), (Object[]) lastKey(rows, key.size()))) {
            insert(table, columns, rows, key.size());
            copied += rows.size();
            if (rows.size() < page) {
                break;
            }
        }
        return copied;
    }

    private void insert(String table, List<String> columns, List<Object[]> rows, int skip) {
        String row = "(" + marks(columns.size()) + ")";
        String sql = "INSERT INTO " + quoted(table) + " (" + columns.stream().map(SiteCopy::quoted)
                .collect(Collectors.joining(", ")) + ") VALUES " + String.join(", ", Collections.nCopies(rows.size(), row));
        List<Object> params = new ArrayList<>(rows.size() * columns.size());
        for (Object[] r : rows) {
            for (int i = skip; i < r.length; i++) {
                params.add(r[i]);
            }
        }
        target.update(sql, params.toArray());
    }

    /** Moves an identity column's sequence to the highest id copied, so the next row gets a new one. */
    private void moveIdentityPastCopied(String table) {
        for (String column : target.query("SELECT column_name AS name FROM information_schema.columns WHERE "
                + "table_schema = current_schema() AND table_name = ? AND is_identity = 'YES'", r -> r.string("name"),
                table)) {
            target.query("SELECT setval(pg_get_serial_sequence(?, ?), m) AS v FROM (SELECT max(" + quoted(column)
                    + ") AS m FROM " + quoted(table) + ") x WHERE m IS NOT NULL", r -> r.getLong("v"), table, column);
        }
    }

    private static Object[] values(Row r, int width) throws java.sql.SQLException {
        Object[] v = new Object[width];
        for (int i = 0; i < width; i++) {
            v[i] = r.objectAt(i + 1);
        }
        return v;
    }

    private static Object[] lastKey(List<Object[]> rows, int size) {
        Object[] last = rows.get(rows.size() - 1);
        Object[] key = new Object[size];
        System.arraycopy(last, 0, key, 0, size);
        return key;
    }

    private static String marks(int n) {
        return String.join(", ", Collections.nCopies(n, "?"));
    }

    /** Names come from the databases' own catalogues; quoted, so no name is read as a keyword. */
    static String quoted(String name) {
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }
}
