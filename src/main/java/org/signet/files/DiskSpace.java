package org.signet.files;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Locale;
import java.util.logging.Logger;

/**
 * The room left on the file system that holds the data folder: what {@code /metrics} shows, what an upload
 * needs before it starts ({@code storage.min_free_mb}), and how a write that found the disk full is told
 * apart from other failures, so that it is answered 507 {@code insufficient_storage} rather than 500.
 */
public final class DiskSpace {
    private static final Logger LOG = Logger.getLogger("signet.files");
    /** How long a client is asked to wait: freeing space takes an operator, not a moment. */
    public static final long RETRY_AFTER_SECONDS = 60;
    /** SQLite's result code for "database or disk is full" (its primary code, also in extended codes' low byte). */
    private static final int SQLITE_FULL = 13;
    /** PostgreSQL's SQLSTATE disk_full (class 53, insufficient resources). */
    private static final String POSTGRES_DISK_FULL = "53100";

    private final Path folder;
    private final long minFreeBytes;
    /**
     * Found once: looking a file system up reads the mount table, where asking it for its free space is
     * one system call, and every upload asks.
     */
    private volatile FileStore store;

    /** {@code minFreeBytes}: below this, uploads are refused before they start. */
    public DiskSpace(Path folder, long minFreeBytes) {
        this.folder = folder;
        this.minFreeBytes = minFreeBytes;
    }

    /** Bytes this process may still write on the data folder's file system; -1 when it cannot be read. */
    public long freeBytes() {
        try {
            FileStore found = store;
            if (found == null) {
                found = Files.getFileStore(folder);
                store = found;
            }
            return found.getUsableSpace();
        } catch (IOException e) {
            return -1;
        }
    }

    public long minFreeBytes() {
        return minFreeBytes;
    }

    /**
     * Whether an upload may start: false, and logged, when the data folder has less room than {@code
     * storage.min_free_mb}; the caller answers 507 {@code insufficient_storage}.
     */
    public boolean roomForUpload() {
        long free = freeBytes();
        if (free >= 0 && free < minFreeBytes) {
            reportFull("an upload was refused before it started");
            return false;
        }
        return true;
    }

    /**
     * Logs a write that found no room, with the folder and what is free, since the operator is the one who
     * can act on it; the caller answers 507 {@code insufficient_storage} with {@link #RETRY_AFTER_SECONDS}.
     */
    public void reportFull(String what) {
        LOG.warning(what + ": the data folder " + folder.toAbsolutePath() + " has " + megabytes(freeBytes())
                + " free (storage.min_free_mb is " + (minFreeBytes >> 20) + "); answered 507 insufficient_storage,"
                + " as every write will be until space is freed there");
    }

    /**
     * Whether {@code failure}, or anything that caused it, is a write that found the disk (or the user's
     * quota) full: ENOSPC or EDQUOT from the file system, SQLITE_FULL from SQLite, disk_full from PostgreSQL.
     */
    public static boolean exhausted(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof SQLException e && (POSTGRES_DISK_FULL.equals(e.getSQLState())
                    || (e.getErrorCode() & 0xff) == SQLITE_FULL && isSqlite(e))) {
                return true;
            }
            if (t instanceof IOException && t.getMessage() != null && (t.getMessage().contains("No space left on device")
                    || t.getMessage().contains("Disk quota exceeded"))) {
                return true;
            }
        }
        return false;
    }

    /** SQLite's exceptions carry its result code as the error code; PostgreSQL's carry 0 there. */
    private static boolean isSqlite(SQLException e) {
        return e.getClass().getName().startsWith("org.sqlite.") || String.valueOf(e.getMessage()).contains("SQLITE_");
    }

    private static String megabytes(long bytes) {
        return bytes < 0 ? "an unknown amount" : String.format(Locale.ROOT, "%.1f MB", bytes / 1048576.0);
    }
}
