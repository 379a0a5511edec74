package org.signet.store;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.signet.files.OwnerOnly;

/** The data folder (database, encrypted files, keys): creates it owner-only and opens its migrated database. */
public final class DataFolder {
    private static final Logger LOG = Logger.getLogger("signet.store");
    /**
     * The SQLite database's file in the data folder. Only SQLite opens it (and its {@code -wal} and
     * {@code -shm} beside it): on Linux, closing any descriptor of a file drops every lock this process
     * holds on it, SQLite's too (see {@code SqliteFilesTest}).
     */
    private static final String DATABASE = "signet.db";
    /** The file naming this instance, where several share a PostgreSQL database. */
    static final String INSTANCE_NAME = "instance.name";
    private static final SecureRandom RANDOM = new SecureRandom();

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
        Database db = Database.openPostgres(url.trim(), user, password, poolSize);
        try {
            db.nameInstance(instanceName(dataDir));
            return db;
        } catch (IOException | RuntimeException e) {
            db.close();
            throw e;
        }
    }

    private static byte[] randomBytes(int n) {
        byte[] b = new byte[n];
        RANDOM.nextBytes(b);
        return b;
    }

    /**
     * The instance name in the folder's {@code instance.name}, made at its first start on PostgreSQL:
     * each instance sharing a database has a folder of its own, and names its claims on shared work
     * after it, so that a restart can let go of what its killed run held.
     */
    static String instanceName(Path dataDir) throws IOException {
        Path file = dataDir.resolve(INSTANCE_NAME);
        if (!Files.exists(file)) {
            Path tmp = dataDir.resolve(INSTANCE_NAME + ".tmp");
            Files.deleteIfExists(tmp);
            OwnerOnly.write(tmp, (HexFormat.of().formatHex(randomBytes(12)) + "\n").getBytes(StandardCharsets.US_ASCII));
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE);
        }
        String name = Files.readString(file, StandardCharsets.US_ASCII).strip();
        if (!name.matches("[0-9a-f]{24}")) {
            throw new IOException(file + " does not hold an instance name (24 hex digits); delete it and start again");
        }
        return name;
    }

    /** The SQLite database's file in {@code dataDir}, to hand to SQLite and nothing else. */
    public static Path databaseFile(Path dataDir) {
        return dataDir.resolve(DATABASE);
    }

    /** Whether {@code dataDir} holds a SQLite database: a look at the folder's entry, which opens nothing. */
    public static boolean holdsDatabase(Path dataDir) {
        return Files.isRegularFile(databaseFile(dataDir));
    }

    public static Database openDatabase(Path dataDir, String synchronous, int poolSize)
            throws IOException, Migrations.SchemaTooNewException {
        create(dataDir);
        SqliteLibrary.useCopyIn(dataDir.resolve("lib"));
        Database db = Database.open(ownerOnlyDatabase(databaseFile(dataDir)), synchronous, poolSize);
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

    /** {@code dir}, created owner-only (with any folder above it that is missing) when it is not there. */
    public static void create(Path dir) throws IOException {
        OwnerOnly.folder(dir);
    }

    /**
     * Makes {@code file} ready for SQLite to open as an owner-only database, and answers it: created
     * empty and mode 0600 when absent (SQLite takes an empty file for a new database, and would create
     * one 0644 itself), or made 0600 when an earlier Signet left it readable by others. SQLite gives
     * the write-ahead log and its index the database file's mode when it creates them, so they follow.
     * The mode of an existing file is changed by its path, which opens no descriptor: closing one
     * would drop the locks SQLite holds on the file in this process (see {@code SqliteFilesTest}). Call
     * it only before this process opens the file through SQLite, or for a file SQLite is to write anew
     * ({@code VACUUM INTO}, which takes an empty file as none).
     */
    public static Path ownerOnlyDatabase(Path file) throws IOException {
        try {
            OwnerOnly.createFile(file);
        } catch (FileAlreadyExistsException there) {
            if (OwnerOnly.sharedWithOthers(file)) {
                OwnerOnly.restrict(file);
                LOG.info("The database " + file + " was readable by others; it is now its owner's alone");
            }
        }
        return file;
    }
}
