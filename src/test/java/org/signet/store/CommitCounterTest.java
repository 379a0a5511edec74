package org.signet.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The commit mark from SQLite's data_version: still while nothing commits, moved by any connection's commit. */
class CommitCounterTest {
    @TempDir
    Path dir;

    @Test
    void commitMark_nothingCommitted_staysTheSame() {
        try (Database db = Database.open(dir.resolve("a.db"), "NORMAL", 2)) {
            db.update("CREATE TABLE t(x INTEGER)");
            long before = db.commitMark();
            db.query("SELECT x FROM t", r -> r.getLong("x"));

            assertEquals(before, db.commitMark(), "a read commits nothing");
            assertEquals(before, db.commitMark());
        }
    }

    @Test
    void commitMark_ownCommit_moves() {
        try (Database db = Database.open(dir.resolve("a.db"), "NORMAL", 2)) {
            db.update("CREATE TABLE t(x INTEGER)");
            long before = db.commitMark();

            db.update("INSERT INTO t(x) VALUES (1)");

            assertNotEquals(before, db.commitMark());
        }
    }

    @Test
    void commitMark_commitThroughOtherConnections_moves() {
        Path file = dir.resolve("a.db");
        try (Database db = Database.open(file, "NORMAL", 2)) {
            db.update("CREATE TABLE t(x INTEGER)");
            long before = db.commitMark();

            // Another opening of the same file stands for another process, such as the command line.
            try (Database other = Database.open(file, "NORMAL", 2)) {
                other.update("INSERT INTO t(x) VALUES (2)");
            }

            assertNotEquals(before, db.commitMark());
            long after = db.commitMark();
            assertEquals(after, db.commitMark(), "and stands still again");
        }
    }
}
