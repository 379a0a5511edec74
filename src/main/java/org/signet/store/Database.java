package org.signet.store;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.sqlite.SQLiteConfig;

/**
 * The embedded SQLite database and the one small JDBC helper every store uses: a fixed pool of
 * connections, {@code query}/{@code queryOne}/{@code update}/{@code insert}, and
 * {@link #inTransaction} whose connection is bound to the calling thread so that stores called
 * inside it join the same transaction.
 */
public final class Database implements AutoCloseable {
    private static final int BUSY_TIMEOUT_MS = 10_000;
    private static final Logger LOG = Logger.getLogger("signet.store");

    private final BlockingQueue<CachedConnection> pool;
    private final List<CachedConnection> all = new ArrayList<>();
    private final ThreadLocal<Transaction> transaction = new ThreadLocal<>();
    private volatile Watcher watcher = Watcher.NONE;
    private volatile boolean closed;

    /** Sees every statement and write transaction on the thread that runs it; lets tests and benchmarks see what a request costs. */
    public interface Watcher {
        Watcher NONE = new Watcher() {};

        default void statement(String sql) {}

        default void writeTransaction() {}
    }

    private Database(int size) {
        this.pool = new ArrayBlockingQueue<>(size);
    }

    /** Opens {@code poolSize} connections in WAL mode with foreign keys and IMMEDIATE write transactions. */
    public static Database open(Path file, String synchronous, int poolSize) {
        Database db = new Database(poolSize);
        SQLiteConfig config = new SQLiteConfig();
        config.setJournalMode(SQLiteConfig.JournalMode.WAL);
        config.setSynchronous(SQLiteConfig.SynchronousMode.valueOf(synchronous.toUpperCase()));
        config.enforceForeignKeys(true);
        config.setBusyTimeout(BUSY_TIMEOUT_MS);
        // A write transaction that starts as a reader and upgrades later can fail with SQLITE_BUSY
        // regardless of the busy timeout; taking the write lock at BEGIN avoids that.
        config.setTransactionMode(SQLiteConfig.TransactionMode.IMMEDIATE);
        try {
            for (int i = 0; i < poolSize; i++) {
                CachedConnection c = new CachedConnection(config.createConnection("jdbc:sqlite:" + file.toAbsolutePath()));
                db.all.add(c);
                db.pool.add(c);
            }
        } catch (SQLException e) {
            db.close();
            throw new StoreException("cannot open database " + file, e);
        }
        return db;
    }

    /**
     * Runs {@code work} in one write transaction (BEGIN IMMEDIATE); nested calls join the outer one.
     * What {@link #afterCommit} registered inside it runs once the transaction has committed.
     */
    public <T> T inTransaction(Supplier<T> work) {
        Transaction outer = transaction.get();
        if (outer != null) {
            if (outer.readOnly) {
                throw new IllegalStateException("a write transaction cannot start inside a read transaction");
            }
            return work.get();
        }
        watcher.writeTransaction();
        Transaction tx = new Transaction(borrow(), false);
        T result = run(tx, work);
        tx.afterCommit.forEach(Database::runCommitted);
        return result;
    }

    public void inTransaction(Runnable work) {
        inTransaction(() -> {
            work.run();
            return null;
        });
    }

    /**
     * Runs {@code work} in one read transaction (a deferred BEGIN that never takes the write lock),
     * so that its reads see one consistent state; inside a write transaction it simply joins it.
     */
    public <T> T read(Supplier<T> work) {
        if (transaction.get() != null) {
            return work.get();
        }
        return runRead(new Transaction(borrow(), true), work);
    }

    /**
     * Runs {@code action} after the current write transaction commits, once however often it is
     * registered (so a change that queues ten messages wakes the mailer once); dropped if the
     * transaction rolls back. Outside a transaction it runs at once. A failing action is logged.
     */
    public void afterCommit(Runnable action) {
        Transaction tx = transaction.get();
        if (tx == null) {
            runCommitted(action);
        } else if (tx.readOnly) {
            throw new IllegalStateException("nothing can be scheduled from a read transaction");
        } else {
            tx.afterCommit.add(action);
        }
    }

    /**
     * A value read at most once per write transaction: the lock it holds means no other writer can
     * change what was read until it commits. Outside a write transaction {@code read} runs each time.
     */
    @SuppressWarnings("unchecked")
    public <T> T readOnce(String key, Supplier<T> read) {
        Transaction tx = transaction.get();
        if (tx == null || tx.readOnly) {
            return read.get();
        }
        return (T) tx.readOnce.computeIfAbsent(key, k -> read.get());
    }

    /** Replaces what {@link #readOnce} remembers for {@code key}, after this transaction changed it. */
    public void remember(String key, Object value) {
        Transaction tx = transaction.get();
        if (tx != null && !tx.readOnly) {
            tx.readOnce.put(key, value);
        }
    }

    /**
     * The change is committed whatever an after-commit action does, so its failure is logged, not
     * thrown: the caller must not report a stored signature as failed.
     */
    private static void runCommitted(Runnable action) {
        try {
            action.run();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "an action after a committed transaction failed", e);
        }
    }

    /** A write transaction: BEGIN IMMEDIATE through the driver, which the pool's connections are set up for. */
    private <T> T run(Transaction tx, Supplier<T> work) {
        Connection c = tx.connection.connection();
        try {
            c.setAutoCommit(false);
            transaction.set(tx);
            T result = work.get();
            c.commit();
            return result;
        } catch (SQLException e) {
            rollback(c);
            throw new StoreException("transaction failed", e);
        } catch (RuntimeException | Error e) {
            rollback(c);
            throw e;
        } finally {
            transaction.remove();
            try {
                c.setAutoCommit(true);
            } catch (SQLException ignored) {
                // the connection is returned anyway; the next BEGIN would report a real problem
            }
            release(tx.connection);
        }
    }

    /**
     * A read transaction: a plain deferred BEGIN, issued as SQL because the driver would begin
     * IMMEDIATE; it takes a read snapshot in WAL mode and never the write lock.
     */
    private <T> T runRead(Transaction tx, Supplier<T> work) {
        CachedConnection c = tx.connection;
        try {
            execute(c, "BEGIN DEFERRED");
            transaction.set(tx);
            T result = work.get();
            execute(c, "COMMIT");
            return result;
        } catch (SQLException e) {
            endQuietly(c);
            throw new StoreException("read transaction failed", e);
        } catch (RuntimeException | Error e) {
            endQuietly(c);
            throw e;
        } finally {
            transaction.remove();
            release(c);
        }
    }

    /** Transaction control, which the watcher does not count as a statement (as the driver's own BEGIN is not). */
    private static void execute(CachedConnection c, String sql) throws SQLException {
        PreparedStatement ps = c.take(sql);
        try {
            ps.executeUpdate();
        } catch (SQLException | RuntimeException e) {
            c.discard(ps);
            throw e;
        }
        c.giveBack(sql, ps);
    }

    private static void endQuietly(CachedConnection c) {
        try {
            execute(c, "ROLLBACK");
        } catch (SQLException ignored) {
            // nothing was written; the snapshot ends with the connection's next use at the latest
        }
    }

    /** The connection bound to a thread's transaction, and what waits for its commit. */
    private static final class Transaction {
        final CachedConnection connection;
        final boolean readOnly;
        final Set<Runnable> afterCommit = new LinkedHashSet<>();
        final Map<String, Object> readOnce = new HashMap<>();

        Transaction(CachedConnection connection, boolean readOnly) {
            this.connection = connection;
            this.readOnly = readOnly;
        }
    }

    public <T> List<T> query(String sql, Row.Mapper<T> mapper, Object... params) {
        return withStatement(sql, params, ps -> {
            try (ResultSet rs = ps.executeQuery()) {
                List<T> out = new ArrayList<>();
                Row row = new Row(rs);
                while (rs.next()) {
                    out.add(mapper.map(row));
                }
                return out;
            }
        });
    }

    public <T> Optional<T> queryOne(String sql, Row.Mapper<T> mapper, Object... params) {
        List<T> rows = query(sql, mapper, params);
        return rows.isEmpty() ? Optional.empty() : Optional.ofNullable(rows.get(0));
    }

    public long queryLong(String sql, Object... params) {
        return queryOne(sql, r -> r.longAt(1), params).orElse(0L);
    }

    public int update(String sql, Object... params) {
        return withStatement(sql, params, PreparedStatement::executeUpdate);
    }

    /** Inserts one row and returns its generated id, in the same statement ({@code RETURNING rowid}). */
    public long insert(String sql, Object... params) {
        return queryOne(sql + " RETURNING rowid", r -> r.longAt(1), params)
                .orElseThrow(() -> new StoreException("insert returned no row: " + sql, null));
    }

    /** Runs a script of several statements (migrations). */
    void executeScript(String sql) {
        withConnection("script", c -> {
            try (Statement s = c.connection().createStatement()) {
                s.executeUpdate(sql);
                return null;
            }
        });
    }

    @FunctionalInterface
    private interface SqlWork<T> {
        T run(CachedConnection c) throws SQLException;
    }

    @FunctionalInterface
    private interface StatementWork<T> {
        T run(PreparedStatement ps) throws SQLException;
    }

    /**
     * Runs {@code work} on the connection's cached statement for {@code sql}, bound to
     * {@code params}; the statement goes back to the cache only if it ran without an exception.
     */
    private <T> T withStatement(String sql, Object[] params, StatementWork<T> work) {
        return withConnection(sql, c -> {
            watcher.statement(sql);
            PreparedStatement ps = c.take(sql);
            T result;
            try {
                bind(ps, params);
                result = work.run(ps);
            } catch (SQLException | RuntimeException | Error e) {
                c.discard(ps);
                throw e;
            }
            c.giveBack(sql, ps);
            return result;
        });
    }

    private <T> T withConnection(String sql, SqlWork<T> work) {
        Transaction tx = transaction.get();
        CachedConnection bound = tx == null ? null : tx.connection;
        CachedConnection c = bound != null ? bound : borrow();
        try {
            return work.run(c);
        } catch (SQLException e) {
            throw new StoreException("SQL failed: " + sql + " (" + e.getMessage() + ")", e);
        } finally {
            if (bound == null) {
                release(c);
            }
        }
    }

    /** Replaces the watcher; {@link Watcher#NONE} stops watching. */
    public void watch(Watcher w) {
        this.watcher = w;
    }

    private static void bind(PreparedStatement ps, Object[] params) throws SQLException {
        for (int i = 0; i < params.length; i++) {
            Object p = params[i];
            if (p instanceof Boolean b) {
                ps.setInt(i + 1, b ? 1 : 0);
            } else {
                ps.setObject(i + 1, p);
            }
        }
    }

    private CachedConnection borrow() {
        if (closed) {
            throw new StoreException("database is closed", null);
        }
        try {
            CachedConnection c = pool.poll(30, TimeUnit.SECONDS);
            if (c == null) {
                throw new StoreException("no database connection free within 30 s", null);
            }
            return c;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreException("interrupted while waiting for a database connection", e);
        }
    }

    private void release(CachedConnection c) {
        pool.offer(c);
    }

    private static void rollback(Connection c) {
        try {
            c.rollback();
        } catch (SQLException ignored) {
            // the original failure is what matters to the caller
        }
    }

    /** Whether the database answers a trivial query (for /healthz). */
    public boolean ping() {
        try {
            return queryOne("SELECT 1 AS one", r -> r.getInt("one")).orElse(0) == 1;
        } catch (StoreException e) {
            return false;
        }
    }

    @Override
    public void close() {
        closed = true;
        all.forEach(CachedConnection::close);
    }

    /** Statements prepared so far on all connections: once warm, running the same SQL again prepares nothing. */
    long statementsPrepared() {
        return all.stream().mapToLong(CachedConnection::prepared).sum();
    }
}
