package org.signet.store;

import java.nio.file.Path;
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
import java.util.UUID;
import java.util.Set;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The database (the embedded SQLite file, or PostgreSQL when {@code db.url} names one) and the one
 * small JDBC helper every store uses:
 * {@code query}/{@code queryOne}/{@code update}/{@code insert}, and {@link #inTransaction} whose
 * connection is bound to the calling thread so that stores called inside it join the same
 * transaction. On SQLite reads run on a pool of connections and every write, in a transaction or
 * not, runs on the one write connection (see {@link Connections}); on PostgreSQL every transaction
 * has a pooled connection of its own (see {@link PostgresEngine}).
 */
public final class Database implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger("signet.store");

    private final Engine engine;
    private final ThreadLocal<Transaction> transaction = new ThreadLocal<>();
    private final ColumnIndex.Statements columnIndexes = new ColumnIndex.Statements();
    /** Whose claims on shared work this opening makes: see {@link #instance()}. */
    private volatile String instance = UUID.randomUUID().toString();
    private volatile Watcher watcher = Watcher.NONE;

    /**
     * Sees every statement and every write and read transaction begun, on the thread that runs it;
     * lets tests and benchmarks see what a request costs.
     */
    public interface Watcher {
        Watcher NONE = new Watcher() {};

        default void statement(String sql) {}

        default void writeTransaction() {}

        default void readTransaction() {}
    }

    private Database(Engine engine) {
        this.engine = engine;
    }

    /** Opens {@code poolSize} reading connections and one writing connection, in WAL mode with foreign keys. */
    public static Database open(Path file, String synchronous, int poolSize) {
        try {
            return new Database(SqliteEngine.open(Connections.open(file, synchronous, poolSize)));
        } catch (SQLException e) {
            throw new StoreException("cannot open database " + file, e);
        }
    }

    /**
     * Opens a pool of at most {@code poolSize} connections to a PostgreSQL database and brings its
     * schema to the latest version; the same transactions and helpers as on SQLite.
     */
    public static Database openPostgres(String url, String user, String password, int poolSize)
            throws Migrations.SchemaTooNewException {
        PostgresEngine engine;
        try {
            engine = PostgresEngine.open(url, user, password, poolSize);
        } catch (StoreException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new StoreException("cannot open the PostgreSQL database " + PostgresEngine.shown(url) + " ("
                    + e.getMessage() + ")", e);
        }
        try (java.sql.Connection c = engine.rawConnection()) {
            Migrations.postgresFromClasspath().apply(c);
            // On the migrating connection: a pool of one has no other to lend.
            PostgresEngine.warnUnlessUtf8CharacterType(c);
        } catch (SQLException | Migrations.SchemaTooNewException | RuntimeException e) {
            engine.close();
            if (e instanceof Migrations.SchemaTooNewException tooNew) {
                throw tooNew;
            }
            throw new StoreException("cannot migrate the PostgreSQL database (" + e.getMessage() + ")", e);
        }
        return new Database(engine);
    }

    /** Which database this is, for the statements whose SQL differs between them. */
    /**
     * The name this process's claims on queued work carry: the data folder's instance name where one
     * was given ({@link DataFolder}), else one of this opening's own. A restarted instance knows its
     * earlier run's claims by it, and lets go of them at once rather than when their leases end.
     */
    public String instance() {
        return instance;
    }

    void nameInstance(String name) {
        this.instance = name;
    }

    public Dialect dialect() {
        return engine.dialect();
    }

    /** Whether this process is the database's only user or several instances may share it; see {@link Deployment}. */
    public Deployment deployment() {
        return engine.deployment();
    }

    /** For tests: a busy timeout of 0 turns any wait in SQLite's busy handler into an error. */
    static Database open(Path file, String synchronous, int poolSize, int busyTimeoutMs) {
        try {
            return new Database(SqliteEngine.open(Connections.open(file, synchronous, poolSize, busyTimeoutMs)));
        } catch (SQLException e) {
            throw new StoreException("cannot open database " + file, e);
        }
    }

    /**
     * Runs {@code work} in one write transaction and returns once it has committed (with others, see
     * {@link Writer}); nested calls join the outer one. What {@link #afterCommit} registered inside
     * it runs once the transaction has committed. If {@code work} throws, its changes are rolled back.
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
        Ran<T> ran = Contention.retrying(() -> engine.transaction(w -> {
            Transaction tx = new Transaction(w, false);
            transaction.set(tx);
            try {
                return new Ran<>(tx, work.get());
            } finally {
                transaction.remove();
            }
        }));
        ran.tx().afterCommit.forEach(Database::runCommitted);
        return ran.result();
    }

    /** A committed transaction and what its work returned. */
    private record Ran<T>(Transaction tx, T result) {}

    /**
     * Whether a row read now is locked until the transaction ends: inside a write transaction on
     * PostgreSQL, where transactions run side by side. On SQLite the one writer already runs them one
     * at a time, so nothing is locked and its SQL stays as it was.
     */
    public boolean locksRowsNow() {
        Transaction tx = transaction.get();
        return engine.runsWritesSideBySide() && tx != null && !tx.readOnly;
    }

    /** {@code lock} where rows lock now (see {@link #locksRowsNow}), else nothing: for a read whose row is about to change. */
    String lockingNow(String lock) {
        return locksRowsNow() ? lock : "";
    }

    /** Runs {@code takeLocks} where rows lock now (see {@link #locksRowsNow}); elsewhere there is nothing to take. */
    void whereRowsLock(Runnable takeLocks) {
        if (locksRowsNow()) {
            takeLocks.run();
        }
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
        watcher.readTransaction();
        return runRead(new Transaction(engine.borrow(), true), work);
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

    /** A read transaction: on SQLite a read snapshot in WAL mode that never takes the write lock, on PostgreSQL READ ONLY. */
    private <T> T runRead(Transaction tx, Supplier<T> work) {
        CachedConnection c = tx.connection;
        try {
            engine.beginRead(c);
            transaction.set(tx);
            T result = work.get();
            engine.commitRead(c);
            return result;
        } catch (SQLException e) {
            endQuietly(c);
            throw new StoreException("read transaction failed", e);
        } catch (RuntimeException | Error e) {
            endQuietly(c);
            throw e;
        } finally {
            transaction.remove();
            engine.release(c);
        }
    }

    /** Rolls back; SQLite may have rolled back already after some errors, so a refusal is expected. */
    private void endQuietly(CachedConnection c) {
        try {
            engine.rollbackRead(c);
        } catch (SQLException ignored) {
            // no transaction was left open; the original failure is what matters to the caller
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
                Row row = new Row(rs, columnIndexes.of(sql));
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

    /**
     * Inserts one row and returns its generated id, in the same statement: {@code RETURNING rowid}
     * on SQLite, {@code RETURNING id} on PostgreSQL, which has no rowid.
     */
    public long insert(String sql, Object... params) {
        return queryOne(sql + engine.dialect().returningKey(), r -> r.longAt(1), params)
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

    /**
     * Runs {@code work} on the thread's transaction's connection; outside a transaction, a read on a
     * pooled connection, a change of rows as a transaction of its own, and anything else alone on the
     * write connection, which a write inside a read transaction cannot have.
     */
    private <T> T withConnection(String sql, SqlWork<T> work) {
        Transaction tx = transaction.get();
        if (tx != null) {
            if (tx.readOnly && !reads(sql)) {
                throw new IllegalStateException("a read transaction cannot write: " + sql);
            }
            return runOn(tx.connection, sql, work);
        }
        if (reads(sql)) {
            CachedConnection c = engine.borrow();
            try {
                return runOn(c, sql, work);
            } finally {
                engine.release(c);
            }
        }
        if (changesRows(sql)) {
            // A transaction of one statement: it shares the group commit's fsync with the other writers
            // and returns once durable, where a lone statement would hold the write connection through
            // a COMMIT of the open batch and an fsync of its own.
            return engine.transaction(w -> runOn(w, sql, work));
        }
        return engine.alone(w -> runOn(w, sql, work));
    }

    /** INSERT, UPDATE, DELETE and REPLACE can run in a transaction; a PRAGMA or a script may not. */
    static boolean changesRows(String sql) {
        String s = sql.stripLeading();
        for (String verb : new String[] {"INSERT", "UPDATE", "DELETE", "REPLACE"}) {
            if (s.regionMatches(true, 0, verb, 0, verb.length())) {
                return true;
            }
        }
        return false;
    }

    private static <T> T runOn(CachedConnection c, String sql, SqlWork<T> work) {
        try {
            return work.run(c);
        } catch (SQLException e) {
            throw new StoreException("SQL failed: " + sql + " (" + e.getMessage() + ")", e);
        }
    }

    /** A plain SELECT only reads; anything else (INSERT ... RETURNING, UPDATE, PRAGMA x = y) may write. */
    static boolean reads(String sql) {
        int i = 0;
        while (i < sql.length() && Character.isWhitespace(sql.charAt(i))) {
            i++;
        }
        return sql.regionMatches(true, i, "SELECT", 0, 6);
    }

    /**
     * How many write transactions have ended, each counted after its COMMIT or ROLLBACK. Every
     * change Signet makes ends so, so a value read before a read transaction and found unchanged
     * afterwards means what that transaction read is still current. On SQLite only this process's
     * changes count, which is enough: the command line changes users and keys, never documents. On
     * PostgreSQL other instances change documents too, so every reading is new and a cache checked
     * against it reads the database every time.
     */
    public long writesEnded() {
        return engine.ended();
    }

    /**
     * A value that changes whenever any connection to this database commits, from this process or
     * another (the command line's, say), without a read transaction. Equal readings, the earlier taken
     * before a read, mean that what was read is still current. On PostgreSQL every reading is new.
     */
    public long commitMark() {
        return engine.commitMark();
    }

    /** Whether this thread is inside a read or write transaction now. */
    public boolean inTransactionNow() {
        return transaction.get() != null;
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

    /** Connections in use now: reads and the write transaction (or group commit) running at this moment. */
    public int connectionsInUse() {
        return engine.inUse();
    }

    /** Connections open now: the reading ones opened so far and the write connection. */
    public int connectionsOpen() {
        return engine.connectionsOpen();
    }

    /** Whether {@link #copyInto} can copy this database: SQLite's file can, PostgreSQL's is copied by pg_dump. */
    public boolean copiesToFile() {
        return engine.copiesToFile();
    }

    /**
     * Writes a consistent copy of the whole database to {@code file}, which must not exist or be empty, with
     * {@code VACUUM INTO}. It runs on a reading connection: in WAL mode its one read snapshot never
     * takes the write lock, so writers go on while it copies. SQLite's online backup API would
     * restart its page copy after every write made through another connection, and under steady
     * writes might never finish; copied in one step it holds the same snapshot as this does.
     */
    public void copyInto(Path file) {
        if (inTransactionNow()) {
            throw new IllegalStateException("a copy is made outside a transaction");
        }
        if (!engine.copiesToFile()) {
            throw new StoreException("a PostgreSQL database is copied with pg_dump, not by Signet", null);
        }
        CachedConnection c = engine.borrow();
        try (PreparedStatement ps = c.connection().prepareStatement("VACUUM INTO ?")) {
            ps.setString(1, file.toAbsolutePath().toString());
            ps.executeUpdate();
        } catch (SQLException e) {
            throw new StoreException("cannot copy the database to " + file + " (" + e.getMessage() + ")", e);
        } finally {
            engine.release(c);
        }
    }

    /** See {@link Engine#rewrite()}: on SQLite, the file rewritten with nothing deleted left in it. */
    void rewrite() {
        try {
            engine.rewrite();
        } catch (SQLException e) {
            throw new StoreException("cannot rewrite the database (" + e.getMessage() + ")", e);
        }
    }

    /** The problems {@code PRAGMA integrity_check} finds, or an empty list when the database is whole (always, where SQL cannot check). */
    public List<String> integrityProblems() {
        if (!engine.checksPages()) {
            return List.of(); // PostgreSQL checks its own pages; SQL has no such check there
        }
        List<String> found = query("PRAGMA integrity_check", r -> r.string("integrity_check"));
        return found.equals(List.of("ok")) ? List.of() : found;
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
        engine.close();
    }

    /** Statements prepared so far on all connections: once warm, running the same SQL again prepares nothing. */
    long statementsPrepared() {
        return engine.prepared();
    }

    /** How many threads wait for the write connection now. */
    int readersOpen() {
        return engine.readersOpen();
    }

    int writersWaiting() {
        return engine.writersWaiting();
    }
}
