package org.signet.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;

/** The data folder (database, encrypted files, keys): creates it owner-only and opens its migrated database. */
public final class DataFolder {
    /** The SQLite database's file in the data folder. */
    public static final String DATABASE = "signet.db";

    private DataFolder() {}

    /**
     * The database {@code url} names, migrated: empty is the SQLite file in the data folder (created
     * if need be), {@code jdbc:postgresql://...} a PostgreSQL database reached as {@code user}.
     */
    public static Database openDatabase(Path dataDir, String url, String user, String password, String synchronous,
            int poolSize) throws IOException, Migrations.SchemaTooNewException {
        if (Dialect.of(url) == Dialect.SQLITE) {
            return openDatabase(dataDir, synchronous, poolSize);
        }
        create(dataDir);
        return Database.openPostgres(url.trim(), user, password, poolSize);
    }

    public static Database openDatabase(Path dataDir, String synchronous, int poolSize)
            throws IOException, Migrations.SchemaTooNewException {
        create(dataDir);
        SqliteLibrary.useCopyIn(dataDir.resolve("lib"));
        Database db = Database.open(dataDir.resolve(DATABASE), synchronous, poolSize);
        try {
            Migrations.fromClasspath().apply(db);
            // Fresh statistics for the query planner, cheap when nothing changed: without them it may
            // pick a status index and sort a million rows for a job that finds none.
            db.executeScript("PRAGMA optimize=0x10002");
            return db;
        } catch (Migrations.SchemaTooNewException | RuntimeException e) {
            db.close();
            throw e;
        }
    }

    /**
     * The scratch folder {@code tmp}, emptied: what is in it is the plaintext of an upload or a
     * page being rendered, which never outlives its request, so anything found at start is what a
     * crash left behind.
     */
    public static Path scratch(Path dataDir) throws IOException {
        Path tmp = dataDir.resolve("tmp");
        create(tmp);
        try (Stream<Path> left = Files.list(tmp)) {
            for (Path p : left.toList()) {
                if (Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS) || Files.isSymbolicLink(p)) {
                    Files.delete(p);
                }
            }
        }
        return tmp;
    }

    public static void create(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            Files.createDirectories(dir);
            try {
                Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
            } catch (UnsupportedOperationException notPosix) {
                // Windows: the folder inherits its parent's ACL
            }
        }
    }
}
