package org.signet.store;

import java.sql.SQLException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * The write connection's protocol, with group commit. Writers take turns on the connection in
 * arrival order. Each runs its transaction as a savepoint inside one open SQLite transaction; the
 * writer that finds nobody queued behind it (or the batch full) commits for everyone in it, so
 * that one fsync makes a whole burst durable. Every writer returns only once the COMMIT that holds
 * its work has succeeded: an acknowledged write is exactly as durable as {@code synchronous}
 * promises, and a failed COMMIT fails every transaction in it.
 */
final class Writer {
    /** Enough to share one fsync among every request a busy server has in flight. */
    static final int MAX_BATCH = 32;
    /** A batch that nobody came back to commit (its next writer gave up waiting) is committed by a waiter. */
    private static final long RESCUE_MILLIS = 50;

    private final Connections connections;
    private final AtomicLong ended = new AtomicLong();
    /** The open SQLite transaction; only read or changed while holding the write connection. */
    private Batch open;

    Writer(Connections connections) {
        this.connections = connections;
    }

    /** The transactions in one COMMIT, and how that COMMIT went. */
    private static final class Batch {
        final CountDownLatch done = new CountDownLatch(1);
        int members;
        volatile RuntimeException failure;

        void finish(RuntimeException failure) {
            this.failure = failure;
            done.countDown();
        }
    }

    /** A transaction's work on the write connection; what it throws rolls back that work alone. */
    @FunctionalInterface
    interface Work<T> {
        T run(CachedConnection writer);
    }

    /**
     * Runs {@code work} as one transaction and returns its result once committed. A failure of the
     * work itself is rethrown as it was; a failure of the batch's COMMIT as a {@link StoreException}.
     */
    <T> T transaction(Work<T> work) {
        CachedConnection w = connections.lockWriter();
        Batch batch;
        T result;
        try {
            batch = joinOrBegin(w);
            try {
                result = runAsSavepoint(w, batch, work);
                batch.members++;
            } finally {
                endIfLast(w, batch);
            }
        } finally {
            connections.unlockWriter();
        }
        awaitCommit(batch);
        return result;
    }

    /**
     * Runs one statement (or script) outside any transaction, such as a migration or a pragma,
     * after committing the open batch: it must neither join the batch nor be acknowledged before it.
     */
    <T> T alone(Function<CachedConnection, T> statement) {
        CachedConnection w = connections.lockWriter();
        try {
            if (open != null) {
                commit(w, open);
            }
            try {
                return statement.apply(w);
            } finally {
                ended.incrementAndGet();
            }
        } finally {
            connections.unlockWriter();
        }
    }

    /** How many write transactions (and lone statements) have ended, each counted after its COMMIT or ROLLBACK. */
    long ended() {
        return ended.get();
    }

    private Batch joinOrBegin(CachedConnection w) {
        if (open == null) {
            execute(w, "BEGIN IMMEDIATE");
            open = new Batch();
        }
        return open;
    }

    private <T> T runAsSavepoint(CachedConnection w, Batch batch, Work<T> work) {
        execute(w, "SAVEPOINT unit");
        T result;
        try {
            result = work.run(w);
        } catch (RuntimeException | Error e) {
            undo(w, batch, e);
            throw e;
        }
        execute(w, "RELEASE unit");
        return result;
    }

    /**
     * Ends the batch when nobody waits to join it, or when it is full; a batch holding nothing
     * (its only transaction failed) is rolled back, as a lone transaction would be.
     */
    private void endIfLast(CachedConnection w, Batch batch) {
        if (open != batch) {
            return;
        }
        if (batch.members == 0) {
            rollback(w, batch, null);
        } else if (connections.writersWaiting() == 0 || batch.members >= MAX_BATCH) {
            commit(w, batch);
        }
    }

    /**
     * Rolls back one transaction's work. If SQLite has already rolled back the whole transaction
     * (after some I/O errors it does), the batch's earlier members are lost with it and fail too.
     */
    private void undo(CachedConnection w, Batch batch, Throwable cause) {
        try {
            execute(w, "ROLLBACK TO unit");
            execute(w, "RELEASE unit");
        } catch (StoreException gone) {
            rollback(w, batch, new StoreException("the transaction was rolled back by SQLite", cause));
        }
    }

    private void commit(CachedConnection w, Batch batch) {
        try {
            execute(w, "COMMIT");
        } catch (StoreException e) {
            rollback(w, batch, new StoreException("transaction failed", e));
            return;
        }
        open = null;
        ended.incrementAndGet();
        batch.finish(null);
    }

    private void rollback(CachedConnection w, Batch batch, RuntimeException failure) {
        try {
            execute(w, "ROLLBACK");
        } catch (StoreException alreadyEnded) {
            // SQLite ended it already; what matters is that nobody is told it committed
        }
        open = null;
        ended.incrementAndGet();
        batch.finish(failure);
    }

    /** Waits for the COMMIT that holds this writer's work; commits it itself if nobody else came to. */
    private void awaitCommit(Batch batch) {
        boolean interrupted = false;
        try {
            while (batch.done.getCount() > 0) {
                try {
                    if (batch.done.await(RESCUE_MILLIS, TimeUnit.MILLISECONDS)) {
                        break;
                    }
                } catch (InterruptedException e) {
                    interrupted = true;
                }
                commitIfStillOpen(batch);
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        if (batch.failure != null) {
            throw batch.failure;
        }
    }

    private void commitIfStillOpen(Batch batch) {
        CachedConnection w = connections.lockWriter();
        try {
            if (open == batch) {
                commit(w, batch);
            }
        } finally {
            connections.unlockWriter();
        }
    }

    /** A transaction-control statement; a failure is a {@link StoreException} naming it. */
    private static void execute(CachedConnection c, String sql) {
        try {
            c.control(sql);
        } catch (SQLException e) {
            throw new StoreException(sql + " failed (" + e.getMessage() + ")", e);
        }
    }
}
