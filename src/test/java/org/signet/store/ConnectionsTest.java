package org.signet.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.Waits.await;
import static org.signet.support.Waits.awaitUntil;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one writer on a real SQLite file. The database is opened with a busy timeout of 0, so any
 * write that found SQLite's write lock taken would fail at once instead of sleeping in the busy
 * handler: that no write fails shows that writers queue on the lock, not in SQLite.
 */
class ConnectionsTest {
    @TempDir
    Path dir;

    private Database db;
    private final ExecutorService threads = Executors.newCachedThreadPool();

    @BeforeEach
    void open() {
        db = Database.open(dir.resolve("w.db"), "FULL", 4, 0);
        db.update("CREATE TABLE t (id INTEGER PRIMARY KEY, writer INTEGER NOT NULL, seen INTEGER NOT NULL)");
    }

    @AfterEach
    void close() throws InterruptedException {
        threads.shutdownNow();
        threads.awaitTermination(10, TimeUnit.SECONDS);
        db.close();
    }

    @Test
    void inTransaction_sixteenWritersAndReaders_noneMeetsABusyDatabase() throws Exception {
        List<Future<?>> work = new ArrayList<>();
        for (int w = 0; w < 16; w++) {
            int writer = w;
            work.add(threads.submit(() -> {
                for (int i = 0; i < 40; i++) {
                    db.inTransaction(() -> db.update("INSERT INTO t(writer, seen) VALUES (?, ?)", writer,
                            db.queryLong("SELECT count(*) FROM t")));
                }
            }));
        }
        for (int r = 0; r < 4; r++) {
            work.add(threads.submit(() -> {
                for (int i = 0; i < 100; i++) {
                    db.read(() -> db.queryLong("SELECT count(*) FROM t"));
                }
            }));
        }
        for (Future<?> f : work) {
            f.get(60, TimeUnit.SECONDS);
        }

        assertEquals(640, db.queryLong("SELECT count(*) FROM t"));
        assertEquals(0, db.queryLong("SELECT count(*) FROM t WHERE seen <> id - 1"),
                "each transaction saw exactly the rows committed before it");
    }

    @Test
    void borrow_readersOpenedAsReadsNeedThem_neverMoreThanThePool() throws Exception {
        assertEquals(0, db.readersOpen(), "no reader opened at start");
        db.queryLong("SELECT count(*) FROM t");
        db.queryLong("SELECT count(*) FROM t");
        assertEquals(1, db.readersOpen(), "one read after another reuses one reader");

        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch inside = new CountDownLatch(4);
        List<Future<?>> reads = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            reads.add(threads.submit(() -> db.read(() -> {
                db.queryLong("SELECT count(*) FROM t");
                inside.countDown();
                return await(release);
            })));
        }
        assertTrue(inside.await(10, TimeUnit.SECONDS), "four reads hold the pool's four readers");
        assertEquals(4, db.readersOpen());
        release.countDown();
        for (Future<?> f : reads) {
            f.get(10, TimeUnit.SECONDS);
        }
        assertEquals(4, db.readersOpen(), "the two others waited for a reader instead of opening more");
    }

    @Test
    void lockWriter_waitingWriters_servedInTheOrderTheyCame() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        Future<?> holder = hold(() -> { }, release);
        List<Integer> served = Collections.synchronizedList(new ArrayList<>());
        List<Future<?>> queued = new ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            int n = i;
            queued.add(threads.submit(() -> db.inTransaction(() -> served.add(n))));
            awaitUntil(() -> db.writersWaiting() == n, "writer " + n + " is queued");
        }

        release.countDown();
        holder.get(10, TimeUnit.SECONDS);
        for (Future<?> f : queued) {
            f.get(10, TimeUnit.SECONDS);
        }

        assertEquals(List.of(1, 2, 3, 4, 5), served);
    }

    @Test
    void update_outsideATransaction_queuesBehindTheWriter() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        Future<?> holder = hold(() -> db.update("INSERT INTO t(writer, seen) VALUES (1, 0)"), release);

        CompletableFuture<Integer> single = CompletableFuture.supplyAsync(
                () -> db.update("INSERT INTO t(writer, seen) VALUES (2, 1)"), threads);
        awaitUntil(() -> db.writersWaiting() == 1, "the single statement waits for the writer");
        assertFalse(single.isDone());
        assertEquals(0, db.queryLong("SELECT count(*) FROM t"), "readers are not held up meanwhile");

        release.countDown();
        holder.get(10, TimeUnit.SECONDS);

        assertEquals(1, single.get(10, TimeUnit.SECONDS));
        assertEquals(List.of(1L, 2L), db.query("SELECT writer FROM t ORDER BY id", r -> r.getLong("writer")));
    }

    @Test
    void inTransaction_secondDatabaseOnTheSameFile_stillMeetsSqlitesLock() throws Exception {
        // Another process (the command line) has its own writer: the lock is SQLite's again, and with
        // a busy timeout of 0 its write fails at once. This is what the tests above would see if the
        // writers of one Database were not queued.
        CountDownLatch release = new CountDownLatch(1);
        Future<?> holder = hold(() -> db.update("INSERT INTO t(writer, seen) VALUES (1, 0)"), release);
        try (Database other = Database.open(dir.resolve("w.db"), "FULL", 1, 0)) {
            StoreException e = assertThrows(StoreException.class,
                    () -> other.inTransaction(() -> other.update("INSERT INTO t(writer, seen) VALUES (2, 0)")));
            assertTrue(e.getCause().getMessage().contains("SQLITE_BUSY"), e.getCause().getMessage());
        } finally {
            release.countDown();
            holder.get(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void open_writeConnection_keepsTheConfiguredSynchronous() {
        assertEquals(2, db.queryLong("PRAGMA synchronous"), "FULL: every commit is on disk before it returns");
    }

    /** Starts a transaction on another thread that runs {@code first}, then holds the writer until released. */
    private Future<?> hold(Runnable first, CountDownLatch release) throws InterruptedException {
        CountDownLatch inside = new CountDownLatch(1);
        Future<?> holder = threads.submit(() -> db.inTransaction(() -> {
            first.run();
            inside.countDown();
            await(release);
        }));
        assertTrue(inside.await(10, TimeUnit.SECONDS), "the holder is inside its transaction");
        return holder;
    }
}
