package org.signet.support;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Assumptions;
import org.signet.store.DataFolder;
import org.signet.store.Database;
import org.signet.store.Dialect;

/**
 * The database the suite runs Signet on: the SQLite file in each test's data folder, or, with the
 * system property {@code signet.test.db=postgresql}, a fresh database on this JVM's {@link Postgres}
 * per data folder, reached through the same {@code db.url}, {@code db.user} and {@code db.password}
 * settings a site uses. A data folder keeps its database across restarts of its server.
 */
public final class SuiteDatabase {
    public static final String PROPERTY = "signet.test.db";
    private static final Map<Path, Postgres.Database> BY_FOLDER = new ConcurrentHashMap<>();

    private SuiteDatabase() {}

    /** Which database the suite runs on; SQLite unless the property names PostgreSQL. */
    public static Dialect dialect() {
        String wanted = System.getProperty(PROPERTY, "sqlite").trim();
        if (wanted.isEmpty() || wanted.equalsIgnoreCase("sqlite")) {
            return Dialect.SQLITE;
        }
        if (wanted.equalsIgnoreCase("postgresql")) {
            return Dialect.POSTGRESQL;
        }
        throw new IllegalStateException(PROPERTY + " must be sqlite or postgresql, not " + wanted);
    }

    public static boolean onPostgres() {
        return dialect() == Dialect.POSTGRESQL;
    }

    /** Skips the calling test on PostgreSQL, where what it checks is SQLite's alone ({@code why}). */
    public static void assumeSqlite(String why) {
        Assumptions.assumeFalse(onPostgres(), "SQLite only: " + why);
    }

    /** Skips the calling test on SQLite, where what it checks is PostgreSQL's alone ({@code why}). */
    public static void assumePostgres(String why) {
        Assumptions.assumeTrue(onPostgres(), "PostgreSQL only: " + why);
    }

    /** The settings that point a Signet on {@code dataDir} at its database: none on SQLite. */
    public static List<String> settings(Path dataDir) {
        if (!onPostgres()) {
            return List.of();
        }
        Postgres.Database pg = databaseOf(dataDir);
        return List.of("db.url=" + pg.url(), "db.user=" + pg.user(), "db.password=" + pg.password());
    }

    /** The same settings as environment variables, for the commands a test runs on {@code dataDir}. */
    public static Map<String, String> environment(Path dataDir) {
        if (!onPostgres()) {
            return Map.of();
        }
        Postgres.Database pg = databaseOf(dataDir);
        return Map.of("SIGNET_DB_URL", pg.url(), "SIGNET_DB_USER", pg.user(), "SIGNET_DB_PASSWORD", pg.password());
    }

    /**
     * A real refusal by the database, as a full disk would give: a trigger named {@code name} that fails
     * every {@code event} (such as {@code BEFORE INSERT ON mail_outbox}) of a row meeting {@code when},
     * which may name {@code NEW} and {@code OLD}, with {@code message} (no quotes in it).
     */
    public static void refuse(Database db, String name, String event, String when, String message) {
        if (db.dialect() == Dialect.SQLITE) {
            db.update("CREATE TRIGGER " + name + " " + event + " WHEN " + when + " BEGIN SELECT RAISE(ABORT, '"
                    + message + "'); END");
            return;
        }
        db.update("CREATE FUNCTION " + name + "() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                + "RAISE EXCEPTION '" + message + "'; END $$");
        db.update("CREATE TRIGGER " + name + " " + event + " FOR EACH ROW WHEN (" + when + ") EXECUTE FUNCTION "
                + name + "()");
    }

    /**
     * The environment a command with {@code args} runs in: {@code environment}, on top of the suite
     * database of the folder its {@code --data} names (none without one).
     */
    public static Map<String, String> forCommand(Map<String, String> environment, String... args) {
        Map<String, String> all = new HashMap<>();
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals("--data")) {
                all.putAll(environment(Path.of(args[i + 1])));
            }
        }
        all.putAll(environment);
        return all;
    }

    /** A plain JDBC connection to the database of {@code dataDir}, past Signet and its migrations. */
    public static Connection connect(Path dataDir) throws SQLException {
        if (!onPostgres()) {
            return DriverManager.getConnection("jdbc:sqlite:" + dataDir.resolve("signet.db"));
        }
        return databaseOf(dataDir).connect();
    }

    /** The statement that reads the schema version Signet's migrations record, as one integer. */
    public static String schemaVersionQuery() {
        return onPostgres() ? "SELECT version FROM schema_version WHERE id = 1" : "PRAGMA user_version";
    }

    /** The statement that records {@code version} as the schema version, as a migration would. */
    public static String schemaVersionUpdate(int version) {
        return onPostgres() ? "UPDATE schema_version SET version = " + version + " WHERE id = 1"
                : "PRAGMA user_version = " + version;
    }

    /** The names of the tables Signet's migrations made in {@code db}, sorted. */
    public static List<String> tables(Database db) {
        String sql = db.dialect() == Dialect.SQLITE
                ? "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
                : "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' "
                        + "AND table_type = 'BASE TABLE' ORDER BY table_name";
        return db.query(sql, r -> r.string("name"));
    }

    /** The migrated database of {@code dataDir}, as Signet opens it; the caller closes it. */
    public static Database open(Path dataDir, String synchronous, int poolSize) throws Exception {
        if (!onPostgres()) {
            return DataFolder.openDatabase(dataDir, synchronous, poolSize);
        }
        Postgres.Database pg = databaseOf(dataDir);
        return DataFolder.openDatabase(dataDir, pg.url(), pg.user(), pg.password(), synchronous, poolSize);
    }

    /**
     * On PostgreSQL, gives {@code dataDir} a database without a single table, before anything else
     * uses the folder, for a test that builds an older Signet's schema by hand; other folders get a
     * database already migrated.
     */
    public static void emptyFor(Path dataDir) throws Exception {
        BY_FOLDER.put(dataDir.toAbsolutePath().normalize(), Postgres.shared().freshDatabase());
    }

    private static Postgres.Database databaseOf(Path dataDir) {
        return BY_FOLDER.computeIfAbsent(dataDir.toAbsolutePath().normalize(), d -> {
            try {
                return Postgres.shared().migratedDatabase();
            } catch (Exception e) {
                throw new IllegalStateException("no PostgreSQL database for the tests: " + e.getMessage(), e);
            }
        });
    }
}
