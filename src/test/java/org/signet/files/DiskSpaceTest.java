package org.signet.files;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

/** Telling a write that found the disk full from other failures, and refusing an upload short of room. */
class DiskSpaceTest {

    @Test
    void exhausted_aFullDiskHoweverDeepItIsWrapped() {
        assertTrue(DiskSpace.exhausted(new RuntimeException("insert failed",
                new SQLiteException("[SQLITE_FULL] database or disk is full", SQLiteErrorCode.SQLITE_FULL))));
        assertTrue(DiskSpace.exhausted(new UncheckedIOException(new IOException("No space left on device"))));
        assertTrue(DiskSpace.exhausted(new FileSystemException("/data/tmp/upload-1.part", null,
                "No space left on device")));
        assertTrue(DiskSpace.exhausted(new IOException("Disk quota exceeded")));
        assertTrue(DiskSpace.exhausted(new SQLException("could not extend file", "53100")));
    }

    @Test
    void exhausted_otherFailures_no() {
        assertFalse(DiskSpace.exhausted(new IOException("Connection reset by peer")));
        assertFalse(DiskSpace.exhausted(new SQLiteException("[SQLITE_CONSTRAINT] UNIQUE constraint failed",
                SQLiteErrorCode.SQLITE_CONSTRAINT)));
        // PostgreSQL's drivers put no SQLite result code in the error code: 13 there means nothing of the kind.
        assertFalse(DiskSpace.exhausted(new SQLException("permission denied", "42501", 13)));
        assertFalse(DiskSpace.exhausted(new IllegalStateException()));
    }

    @Test
    void roomForUpload_belowTheMinimum_falseElseTrue(@TempDir Path dir) {
        assertTrue(new DiskSpace(dir, 0).roomForUpload());
        assertFalse(new DiskSpace(dir, Long.MAX_VALUE).roomForUpload());
        assertTrue(new DiskSpace(dir, 0).freeBytes() > 0);
    }
}
