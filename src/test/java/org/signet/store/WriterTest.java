package org.signet.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.Waits.await;
import static org.signet.support.Waits.awaitUntil;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Group commit on a real SQLite file: transactions queued behind one another share one COMMIT,
 * none returns before that COMMIT, and one that fails takes only its own work with it.
 */
class WriterTest {
    @TempDir
    Path dir;

    private Database db;
    private final ExecutorService threads = Executors.newCachedThreadPool();

    @BeforeEach
    void open() {
        db = Database.open(dir.resolve("w.db"), "FULL", 4, 0);
        db.update("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL UNIQUE)");
    }

    @AfterEach
    void close() throws InterruptedException {
        threads.shutdownNow();
        threads.awaitTermination(10, TimeUnit.SECONDS);
        db.close();
    }

    @Test
    void transaction_writersQueuedBehindOne_allCommittedTogether() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<Void> first = holdInside("first", release);
        List<CompletableFuture<Void>> queued = new ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            queued.add(insertAsync("queued " + i));
            int n = i;
            awaitUntil(() -> db.writersWaiting() == n, "writer " + n + " is queued");
        }
        long before = db.writesEnded();

        release.countDown();
        first.get(10, TimeUnit.SECONDS);
        for (CompletableFuture<Void> f : queued) {
            f.get(10, TimeUnit.SECONDS);
        }

        assertEquals(6, db.queryLong("SELECT count(*) FROM t"));
        assertEquals(before + 1, db.writesEnded(), "six transactions, one COMMIT");
    }

    @Test
    void transaction_doneButOthersQueued_returnsOnlyOnceCommitted() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<Void> holder = holdInside("holder", release);
        CompletableFuture<Void> early = insertAsync("early");
        awaitUntil(() -> db.writersWaiting() == 1, "early is queued");
        CountDownLatch lateInside = new CountDownLatch(1);
        CountDownLatch lateRelease = new CountDownLatch(1);
        CompletableFuture<Void> late = CompletableFuture.runAsync(() -> db.inTransaction(() -> {
            db.insert("INSERT INTO t(v) VALUES (?)", "late");
            lateInside.countDown();
            await(lateRelease);
        }), threads);
        awaitUntil(() -> db.writersWaiting() == 2, "late is queued");

        release.countDown();
        assertTrue(lateInside.await(10, TimeUnit.SECONDS), "late runs after early, in the same batch");
        assertFalse(holder.isDone(), "the holder's work is done, but its COMMIT is not");
        assertFalse(early.isDone(), "nor early's");
        assertEquals(0, db.queryLong("SELECT count(*) FROM t"), "a reader sees nothing of the open batch");

        lateRelease.countDown();
        holder.get(10, TimeUnit.SECONDS);
        early.get(10, TimeUnit.SECONDS);
        late.get(10, TimeUnit.SECONDS);
        assertEquals(List.of("holder", "early", "late"), db.query("SELECT v FROM t ORDER BY id", r -> r.string("v")));
    }

    @Test
    void transaction_oneInTheBatchFails_onlyItsOwnWorkUndone() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<Void> holder = holdInside("kept", release);
        CompletableFuture<Void> failing = CompletableFuture.runAsync(() -> db.inTransaction(() -> {
            db.insert("INSERT INTO t(v) VALUES (?)", "undone");
            db.insert("INSERT INTO t(v) VALUES (?)", "kept");
        }), threads);
        awaitUntil(() -> db.writersWaiting() == 1, "the failing one is queued");
        CompletableFuture<Void> after = insertAsync("after");
        awaitUntil(() -> db.writersWaiting() == 2, "the one after it is queued");

        release.countDown();
        holder.get(10, TimeUnit.SECONDS);
        ExecutionException e = assertThrows(ExecutionException.class, () -> failing.get(10, TimeUnit.SECONDS));
        assertTrue(e.getCause().getMessage().contains("UNIQUE"), e.getCause().getMessage());
        after.get(10, TimeUnit.SECONDS);

        assertEquals(List.of("kept", "after"), db.query("SELECT v FROM t ORDER BY id", r -> r.string("v")));
    }

    @Test
    void transaction_afterCommitActions_runForEachOnceCommitted() throws Exception {
        AtomicInteger seenCommitted = new AtomicInteger();
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<Void> holder = holdInside("a", release);
        List<CompletableFuture<Void>> queued = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            String v = "b" + i;
            queued.add(CompletableFuture.runAsync(() -> db.inTransaction(() -> {
                db.insert("INSERT INTO t(v) VALUES (?)", v);
                db.afterCommit(() -> seenCommitted.addAndGet(
                        (int) db.queryLong("SELECT count(*) FROM t WHERE v = ?", v)));
            }), threads));
            int n = i;
            awaitUntil(() -> db.writersWaiting() == n, "writer " + n + " is queued");
        }

        release.countDown();
        holder.get(10, TimeUnit.SECONDS);
        for (CompletableFuture<Void> f : queued) {
            f.get(10, TimeUnit.SECONDS);
        }

        assertEquals(3, seenCommitted.get(), "each action ran once, and another connection saw its row");
    }

    @Test
    void update_outsideATransaction_joinsTheOpenBatchAsATransactionOfItsOwn() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<Void> holder = holdInside("batched", release);
        CompletableFuture<Integer> single = CompletableFuture.supplyAsync(
                () -> db.update("INSERT INTO t(v) VALUES ('single')"), threads);
        awaitUntil(() -> db.writersWaiting() == 1, "the single statement is queued");
        CompletableFuture<Integer> failing = CompletableFuture.supplyAsync(
                () -> db.update("INSERT INTO t(id, v) VALUES (1, 'same id as batched')"), threads);
        awaitUntil(() -> db.writersWaiting() == 2, "a failing single statement is queued too");
        long before = db.writesEnded();

        release.countDown();
        holder.get(10, TimeUnit.SECONDS);
        assertEquals(1, single.get(10, TimeUnit.SECONDS));
        assertThrows(Exception.class, () -> failing.get(10, TimeUnit.SECONDS));

        assertEquals(List.of("batched", "single"), db.query("SELECT v FROM t ORDER BY id", r -> r.string("v")));
        assertEquals(before + 1, db.writesEnded(), "one COMMIT, shared; the failed statement undid only itself");
    }

    @Test
    void changesRows_onlyStatementsThatCanRunInATransaction() {
        assertTrue(Database.changesRows("INSERT INTO t(v) VALUES (1)"));
        assertTrue(Database.changesRows("  update t SET v = 2"));
        assertTrue(Database.changesRows("DELETE FROM t"));
        assertTrue(Database.changesRows("REPLACE INTO t(v) VALUES (3)"));
        assertFalse(Database.changesRows("PRAGMA user_version = 3"));
        assertFalse(Database.changesRows("VACUUM"));
        assertFalse(Database.changesRows("CREATE TABLE u (x)"));
    }

    /** A transaction that inserts {@code v} and then waits inside until {@code release}. */
    private CompletableFuture<Void> holdInside(String v, CountDownLatch release) throws InterruptedException {
        CountDownLatch inside = new CountDownLatch(1);
        CompletableFuture<Void> holder = CompletableFuture.runAsync(() -> db.inTransaction(() -> {
            db.insert("INSERT INTO t(v) VALUES (?)", v);
            inside.countDown();
            await(release);
        }), threads);
        assertTrue(inside.await(10, TimeUnit.SECONDS), "the holder is inside its transaction");
        return holder;
    }

    private CompletableFuture<Void> insertAsync(String v) {
        return CompletableFuture.runAsync(() -> db.inTransaction(() -> {
            db.insert("INSERT INTO t(v) VALUES (?)", v);
        }), threads);
    }
}
