package org.signet.store;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Versioned schema migrations: {@code db/NNN.sql} resources applied in order at start, each in
 * its own transaction together with {@code PRAGMA user_version}. A database whose version is
 * newer than the code knows is refused rather than guessed at.
 */
public final class Migrations {
    private final List<String> scripts;

    private Migrations(List<String> scripts) {
        this.scripts = List.copyOf(scripts);
    }

    /** Loads db/001.sql, db/002.sql, ... until the first number that does not exist. */
    public static Migrations fromClasspath() {
        List<String> scripts = new ArrayList<>();
        for (int n = 1; ; n++) {
            String name = String.format("/db/%03d.sql", n);
            try (InputStream in = Migrations.class.getResourceAsStream(name)) {
                if (in == null) {
                    return new Migrations(scripts);
                }
                scripts.add(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read migration " + name, e);
            }
        }
    }

    /** Migrations from scripts given in order, the first being version 1: for tests of the runner itself. */
    static Migrations of(List<String> scripts) {
        return new Migrations(scripts);
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
        }
        return latestVersion() - current;
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
