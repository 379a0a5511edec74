package org.signet.store;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Logger;

/**
 * Versioned schema migrations: {@code db/NNN.sql} resources applied in order at start, each in
 * its own transaction together with {@code PRAGMA user_version}; on PostgreSQL the same versions
 * from {@code db/postgresql/NNN.sql}, recorded in a one-row {@code schema_version} table. A database
 * whose version is newer than the code knows is refused rather than guessed at.
 */
public final class Migrations {
    /** A fixed key that names the migration lock among the advisory locks of a PostgreSQL database. */
    private static final long MIGRATION_LOCK = 0x5_1647_E7L;
    private static final Logger LOG = Logger.getLogger("signet.store");
    private final String folder;
    private final List<String> scripts;

    private Migrations(String folder, List<String> scripts) {
        this.folder = folder;
        this.scripts = List.copyOf(scripts);
    }

    /** Loads db/001.sql, db/002.sql, ... until the first number that does not exist. */
    public static Migrations fromClasspath() {
        return load("/db/");
    }

    /** The PostgreSQL forms of the same migrations: db/postgresql/001.sql, ... */
    public static Migrations postgresFromClasspath() {
        return load("/db/postgresql/");
    }

    private static Migrations load(String folder) {
        List<String> scripts = new ArrayList<>();
        for (int n = 1; ; n++) {
            String name = String.format("%s%03d.sql", folder, n);
            try (InputStream in = Migrations.class.getResourceAsStream(name)) {
                if (in == null) {
                    return new Migrations(folder, scripts);
                }
                scripts.add(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read migration " + name, e);
            }
        }
    }

    /** Migrations from scripts given in order, the first being version 1: for tests of the runner itself. */
    static Migrations of(List<String> scripts) {
        return new Migrations("/", scripts);
    }

    public int latestVersion() {
        return scripts.size();
    }

    /** Brings the schema to the latest version; returns how many migrations ran. */
    public int apply(Database db) throws SchemaTooNewException {
        int current = currentVersion(db);
        if (current > latestVersion()) {
            throw new SchemaTooNewException(current, latestVersion());
        }
        for (int v = current + 1; v <= latestVersion(); v++) {
            String script = scripts.get(v - 1);
            int version = v;
            db.inTransaction(() -> {
                db.executeScript(script);
                db.executeScript("PRAGMA user_version = " + version);
            });
            logApplied(version);
        }
        return latestVersion() - current;
    }

    /**
     * Brings a PostgreSQL database to the latest version over plain JDBC; returns how many
     * migrations ran. Each runs in its own transaction with its version, under a transaction-scoped
     * advisory lock, so instances starting together migrate one after the other and never twice.
     */
    public int apply(Connection postgres) throws SQLException, SchemaTooNewException {
        boolean autoCommit = postgres.getAutoCommit();
        postgres.setAutoCommit(false);
        try (Statement s = postgres.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS schema_version (id INTEGER PRIMARY KEY CHECK (id = 1), "
                    + "version INTEGER NOT NULL)");
            s.execute("INSERT INTO schema_version (id, version) VALUES (1, 0) ON CONFLICT (id) DO NOTHING");
            postgres.commit();
            int ran = 0;
            for (int v = lockedVersion(s) + 1; v <= latestVersion(); v = lockedVersion(s) + 1) {
                s.execute(scripts.get(v - 1));
                s.execute("UPDATE schema_version SET version = " + v + " WHERE id = 1");
                postgres.commit();
                logApplied(v);
                ran++;
            }
            postgres.commit();
            return ran;
        } catch (SQLException | SchemaTooNewException e) {
            postgres.rollback();
            throw e;
        } finally {
            postgres.setAutoCommit(autoCommit);
        }
    }

    /** What an operator sees in the log at an upgrade: each migration as it commits, and the version it reached. */
    private void logApplied(int version) {
        LOG.info(String.format("applied migration %s%03d.sql: the database schema is now version %d of %d",
                folder.substring(1), version, version, latestVersion()));
    }

    /** Takes the migration lock for the current transaction and reads the version under it. */
    private int lockedVersion(Statement s) throws SQLException, SchemaTooNewException {
        s.execute("SELECT pg_advisory_xact_lock(" + MIGRATION_LOCK + ")");
        try (ResultSet rs = s.executeQuery("SELECT version FROM schema_version WHERE id = 1")) {
            rs.next();
            int current = rs.getInt(1);
            if (current > latestVersion()) {
                throw new SchemaTooNewException(current, latestVersion());
            }
            return current;
        }
    }

    public static int currentVersion(Database db) {
        return (int) db.queryLong("PRAGMA user_version");
    }

    /** The database was written by a newer Signet; starting would risk corrupting it. */
    public static final class SchemaTooNewException extends Exception {
        public SchemaTooNewException(int found, int known) {
            super("the database schema is version " + found + " but this Signet knows only up to version "
                    + known + "; run a newer Signet or restore a backup");
        }
    }
}
