package org.signet.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The JDBC helper on a real SQLite file: transactions, what runs after them, read snapshots, errors. */
class DatabaseTest {
    @TempDir
    Path dir;

    private Database db;

    @BeforeEach
    void open() {
        db = Database.open(dir.resolve("test.db"), "NORMAL", 4);
        db.inTransaction(() -> db.update("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)"));
    }

    @AfterEach
    void close() {
        db.close();
    }

    private long rows() {
        return db.queryLong("SELECT count(*) FROM t");
    }

    @Test
    void inTransaction_throws_everyWriteRolledBack() {
        assertThrows(IllegalStateException.class, () -> db.inTransaction(() -> {
            db.insert("INSERT INTO t(v) VALUES (?)", "a");
            db.insert("INSERT INTO t(v) VALUES (?)", "b");
            throw new IllegalStateException("refused");
        }));

        assertEquals(0, rows());
    }

    @Test
    void inTransaction_nested_joinsTheOuterOne() {
        assertThrows(IllegalStateException.class, () -> db.inTransaction(() -> {
            db.insert("INSERT INTO t(v) VALUES (?)", "outer");
            db.inTransaction(() -> {
                db.insert("INSERT INTO t(v) VALUES (?)", "inner");
                throw new IllegalStateException("inner refused");
            });
        }));

        assertEquals(0, rows(), "the inner failure rolled back the outer's write too");
    }

    @Test
    void writesEnded_countEveryWriteCommittedOrNotAndNoRead() {
        long before = db.writesEnded();
        db.query("SELECT v FROM t", r -> r.string("v"));
        db.read(() -> db.queryLong("SELECT count(*) FROM t"));
        assertEquals(before, db.writesEnded(), "reads end no write");
        db.insert("INSERT INTO t(v) VALUES (?)", "a");
        assertEquals(before + 1, db.writesEnded(), "a statement outside a transaction");
        db.inTransaction(() -> {
            db.insert("INSERT INTO t(v) VALUES (?)", "b");
            db.insert("INSERT INTO t(v) VALUES (?)", "c");
        });
        assertEquals(before + 2, db.writesEnded(), "one transaction, one end");
        assertThrows(IllegalStateException.class, () -> db.inTransaction(() -> {
            db.insert("INSERT INTO t(v) VALUES (?)", "d");
            throw new IllegalStateException("rolled back");
        }));
        assertEquals(before + 3, db.writesEnded(), "a rolled-back transaction counts too");
    }

    @Test
    void insert_returnsTheGeneratedIdInOneStatement() {
        List<String> seen = new ArrayList<>();
        db.watch(new Database.Watcher() {
            @Override
            public void statement(String sql) {
                seen.add(sql);
            }
        });

        long first = db.insert("INSERT INTO t(v) VALUES (?)", "a");
        long second = db.insert("INSERT INTO t(v) VALUES (?)", "b");

        assertTrue(second > first);
        assertEquals(Optional.of("b"), db.queryOne("SELECT v FROM t WHERE id = ?", r -> r.string("v"), second));
        assertEquals(2, seen.stream().filter(s -> s.startsWith("INSERT")).count());
        assertFalse(seen.stream().anyMatch(s -> s.contains("last_insert_rowid")), seen.toString());
    }

    @Test
    void afterCommit_runsOnceAfterTheCommitWhereOthersSeeTheRow() throws Exception {
        AtomicInteger runs = new AtomicInteger();
        CompletableFuture<Long> seenByAnotherThread = new CompletableFuture<>();
        Runnable wake = () -> {
            runs.incrementAndGet();
            // Another connection must see the committed row from inside the action.
            new Thread(() -> seenByAnotherThread.complete(rows())).start();
        };

        db.inTransaction(() -> {
            db.insert("INSERT INTO t(v) VALUES (?)", "a");
            db.afterCommit(wake);
            db.afterCommit(wake);
            assertEquals(0, runs.get(), "ran before the commit");
        });

        assertEquals(1, runs.get());
        assertEquals(1L, seenByAnotherThread.get(10, TimeUnit.SECONDS));
    }

    @Test
    void afterCommit_rolledBack_neverRuns() {
        AtomicInteger runs = new AtomicInteger();

        assertThrows(IllegalStateException.class, () -> db.inTransaction(() -> {
            db.afterCommit(runs::incrementAndGet);
            throw new IllegalStateException("refused");
        }));

        assertEquals(0, runs.get());
    }

    @Test
    void afterCommit_outsideATransaction_runsAtOnce() {
        AtomicInteger runs = new AtomicInteger();

        db.afterCommit(runs::incrementAndGet);

        assertEquals(1, runs.get());
    }

    @Test
    void afterCommit_actionFails_theCommittedCallerIsNotToldSo() {
        db.inTransaction(() -> {
            db.insert("INSERT INTO t(v) VALUES (?)", "kept");
            db.afterCommit(() -> {
                throw new IllegalStateException("scheduler stopped");
            });
        });

        assertEquals(1, rows());
    }

    @Test
    void read_neverTakesTheWriteLock() throws Exception {
        CountDownLatch reading = new CountDownLatch(1);
        CountDownLatch written = new CountDownLatch(1);
        CompletableFuture<Long> snapshot = new CompletableFuture<>();
        Thread reader = new Thread(() -> snapshot.complete(db.read(() -> {
            long before = rows();
            reading.countDown();
            try {
                written.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return before == rows() ? before : -1;
        })));
        reader.start();
        assertTrue(reading.await(10, TimeUnit.SECONDS));

        long started = System.nanoTime();
        db.inTransaction(() -> db.insert("INSERT INTO t(v) VALUES (?)", "while reading"));
        long writeMillis = (System.nanoTime() - started) / 1_000_000;
        written.countDown();

        assertTrue(writeMillis < 2_000, "the write waited " + writeMillis + " ms for the reader's lock");

        assertEquals(0L, snapshot.get(10, TimeUnit.SECONDS), "the read saw one consistent state");
        assertEquals(1, rows());
    }

    @Test
    void connectionsInUse_aReadAndTheWriteTransactionWhileTheyRun_noneAfter() {
        assertEquals(0, db.connectionsInUse());
        int[] seen = new int[2];
        db.read(() -> {
            seen[0] = db.connectionsInUse();
            return rows();
        });
        db.inTransaction(() -> {
            seen[1] = db.connectionsInUse();
            db.insert("INSERT INTO t(v) VALUES (?)", "counted");
        });

        assertEquals(1, seen[0], "one reading connection lent out");
        assertEquals(1, seen[1], "the write connection held");
        assertEquals(0, db.connectionsInUse());
        assertTrue(db.connectionsOpen() >= 2, "the writer and the reader opened: " + db.connectionsOpen());
    }

    @Test
    void read_schedulingOrWritingInside_refused() {
        assertThrows(IllegalStateException.class, () -> db.read(() -> {
            db.afterCommit(() -> { });
            return null;
        }));
        assertThrows(IllegalStateException.class, () -> db.read(() -> db.inTransaction(() -> 1)));
        assertThrows(IllegalStateException.class, () -> db.read(() -> db.update("DELETE FROM t")));
        assertThrows(IllegalStateException.class, () -> db.read(
                () -> db.queryOne("INSERT INTO t(v) VALUES ('x') RETURNING id", r -> r.getLong("id"))));
    }

    @Test
    void reads_onlyAPlainSelect() {
        assertTrue(Database.reads("SELECT 1"));
        assertTrue(Database.reads("\n  select id FROM t"));
        assertFalse(Database.reads("INSERT INTO t(v) VALUES ('a') RETURNING id"));
        assertFalse(Database.reads("UPDATE t SET v = 'b' RETURNING id"));
        assertFalse(Database.reads("PRAGMA user_version = 3"));
        assertFalse(Database.reads("WITH x AS (SELECT 1) DELETE FROM t"));
    }

    @Test
    void readOnce_withinATransaction_readsOnceAndRemembersWhatChanged() {
        AtomicInteger reads = new AtomicInteger();
        db.inTransaction(() -> {
            assertEquals("a", db.readOnce("k", () -> "a" + "".repeat(reads.getAndIncrement())));
            assertEquals("a", db.readOnce("k", () -> "b" + reads.getAndIncrement()));
            db.remember("k", "c");
            assertEquals("c", db.readOnce("k", () -> "d"));
        });
        assertEquals(1, reads.get());
        assertEquals("fresh", db.readOnce("k", () -> "fresh"), "nothing outlives its transaction");
    }

    @Test
    void failingSql_wrappedNamingTheSqlButNoParameter() {
        StoreException e = assertThrows(StoreException.class,
                () -> db.update("INSERT INTO t(id, v) VALUES (?, ?)", 1, null));

        assertTrue(e.getMessage().contains("INSERT INTO t"), e.getMessage());
        StoreException again = assertThrows(StoreException.class,
                () -> db.update("INSERT INTO missing(v) VALUES (?)", "s3cr3t-parameter"));
        assertFalse(again.getMessage().contains("s3cr3t-parameter"), again.getMessage());
    }

    @Test
    void watcher_seesStatementsAndWriteTransactions_untilNone() {
        List<String> statements = new ArrayList<>();
        AtomicInteger writes = new AtomicInteger();
        db.watch(new Database.Watcher() {
            @Override
            public void statement(String sql) {
                statements.add(sql);
            }

            @Override
            public void writeTransaction() {
                writes.incrementAndGet();
            }
        });

        db.inTransaction(() -> db.insert("INSERT INTO t(v) VALUES (?)", "a"));
        db.read(this::rows);
        db.watch(Database.Watcher.NONE);
        rows();

        assertEquals(2, statements.size(), statements.toString());
        assertEquals(1, writes.get());
    }

    @Test
    void query_sameSqlAgain_preparedOncePerConnection() {
        rows();
        long before = db.statementsPrepared();

        for (int i = 0; i < 20; i++) {
            rows();
        }

        assertTrue(db.statementsPrepared() - before <= 4, "prepared " + (db.statementsPrepared() - before)
                + " times on a pool of 4");
    }

    @Test
    void query_cachedStatements_holdNoSnapshotOnceReturned() {
        for (int i = 0; i < 8; i++) {
            assertEquals(0, rows());
        }

        db.insert("INSERT INTO t(v) VALUES (?)", "new");

        for (int i = 0; i < 8; i++) {
            assertEquals(1, rows(), "every connection sees the committed row");
        }
    }

    @Test
    void query_sameSqlInsideItsOwnRows_eachGetsItsOwnStatement() {
        db.insert("INSERT INTO t(v) VALUES (?)", "a");
        db.insert("INSERT INTO t(v) VALUES (?)", "b");
        String sql = "SELECT id, v FROM t WHERE id >= ? ORDER BY id";

        List<String> pairs = db.read(() -> db.query(sql, r -> r.string("v")
                + db.query(sql, inner -> inner.string("v"), r.getLong("id")), 0));

        assertEquals(List.of("a[a, b]", "b[b]"), pairs);
    }

    @Test
    void update_failed_theSameSqlWorksAfterwards() {
        String sql = "INSERT INTO t(v) VALUES (?)";
        assertThrows(StoreException.class, () -> db.update(sql, (Object) null));

        assertEquals(1, db.update(sql, "fine"));
        assertEquals(1, rows());
    }

    @Test
    void close_furtherUseFails() {
        db.close();

        assertThrows(StoreException.class, this::rows);
    }

    @Test
    void copyInto_whileAWriteTransactionIsOpen_copiesTheCommittedStateWithoutWaitingForIt() throws Exception {
        db.insert("INSERT INTO t(v) VALUES (?)", "committed");
        CountDownLatch written = new CountDownLatch(1);
        CountDownLatch copied = new CountDownLatch(1);
        CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> db.inTransaction(() -> {
            db.insert("INSERT INTO t(v) VALUES (?)", "not yet committed");
            written.countDown();
            await(copied);
        }));
        await(written);
        Path copy = dir.resolve("copy.db");

        db.copyInto(copy);
        copied.countDown();

        writer.get(10, TimeUnit.SECONDS);
        try (Database c = Database.open(copy, "NORMAL", 1)) {
            assertEquals(List.of("committed"), c.query("SELECT v FROM t ORDER BY id", r -> r.string("v")));
            assertEquals(List.of(), c.integrityProblems());
        }
        assertEquals(2, rows());
    }

    private static void await(CountDownLatch latch) {
        try {
            assertTrue(latch.await(10, TimeUnit.SECONDS), "not reached in time");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Test
    void copyInto_anExistingFile_refusedNamingIt() throws Exception {
        Path copy = java.nio.file.Files.writeString(dir.resolve("copy.db"), "something");

        StoreException e = assertThrows(StoreException.class, () -> db.copyInto(copy));

        assertTrue(e.getMessage().contains(copy.toString()), e.getMessage());
    }
}
