package org.signet.store;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.logging.Logger;

/**
 * PostgreSQL: a pool of connections, each write transaction a plain JDBC transaction on a
 * connection of its own. There is no single writer and no group commit here: PostgreSQL lets many
 * transactions write at once and groups their commits itself.
 */
final class PostgresEngine implements Engine {
    private static final Logger LOG = Logger.getLogger("signet.store");
    private static final long WAIT_MILLIS = 30_000;
    private static final int CONNECT_SECONDS = 10;

    private final HikariDataSource pool;
    private final AtomicLong prepared = new AtomicLong();
    private final AtomicLong marks = new AtomicLong();
    private final AtomicInteger inUse = new AtomicInteger();

    private PostgresEngine(HikariDataSource pool) {
        this.pool = pool;
    }

    /**
     * A pool of at most {@code size} connections to {@code url}; fails with the server's own reason, in one
     * line, if it cannot be reached or refuses the user or password.
     */
    static PostgresEngine open(String url, String user, String password, int size) {
        tryOneConnection(url, user, password);
        HikariConfig c = new HikariConfig();
        c.setPoolName("signet");
        c.setJdbcUrl(url);
        if (!user.isEmpty()) {
            c.setUsername(user);
        }
        if (!password.isEmpty()) {
            c.setPassword(password);
        }
        c.setMaximumPoolSize(size);
        c.setMinimumIdle(Math.min(2, size));
        c.setConnectionTimeout(WAIT_MILLIS);
        c.setAutoCommit(true);
        return new PostgresEngine(new HikariDataSource(c));
    }

    /**
     * Connects once, before the pool: the pool would log its own failure with a stack trace before
     * giving up, where the operator needs one line saying why (a wrong password, a server not answering).
     */
    private static void tryOneConnection(String url, String user, String password) {
        Properties login = new Properties();
        if (!user.isEmpty()) {
            login.setProperty("user", user);
        }
        if (!password.isEmpty()) {
            login.setProperty("password", password);
        }
        login.setProperty("connectTimeout", Integer.toString(CONNECT_SECONDS));
        login.setProperty("loginTimeout", Integer.toString(CONNECT_SECONDS));
        try (Connection c = DriverManager.getConnection(url, login)) {
            // reached and let in; the pool makes its own connections
        } catch (SQLException e) {
            String reason = String.valueOf(e.getMessage()).replaceAll("\\s+", " ").strip();
            throw new StoreException("cannot connect to the PostgreSQL database " + shown(url) + ": " + reason, e);
        }
    }

    /** The URL without its parameters, one of which may be a password. */
    static String shown(String url) {
        int query = url.indexOf('?');
        return query < 0 ? url : url.substring(0, query);
    }

    /**
     * Warns when the database's character type is not UTF-8: searches fold case through it, and with
     * C or POSIX only ASCII letters fold, so "ärz" would not find "Ärztebrief".
     */
    static void warnUnlessUtf8CharacterType(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SHOW lc_ctype")) {
            rs.next();
            String ctype = rs.getString(1);
            if (!ctype.toLowerCase(Locale.ROOT).replace("-", "").contains("utf8")) {
                LOG.warning("the PostgreSQL database's LC_CTYPE is " + ctype + ", so searches ignore the case of ASCII "
                        + "letters only; create the database with a UTF-8 one, such as C.UTF-8");
            }
        }
    }

    /** A plain connection from the pool, for work outside {@link Database} such as migrations; close it to give it back. */
    Connection rawConnection() throws SQLException {
        return pool.getConnection();
    }

    @Override
    public Dialect dialect() {
        return Dialect.POSTGRESQL;
    }

    /** Several instances may share one PostgreSQL database, each with a data folder of its own. */
    @Override
    public Deployment deployment() {
        return Deployment.SHARED_BY_INSTANCES;
    }

    @Override
    public boolean runsWritesSideBySide() {
        return true;
    }

    @Override
    public CachedConnection borrow() {
        try {
            CachedConnection c = new CachedConnection(pool.getConnection());
            inUse.incrementAndGet();
            return c;
        } catch (SQLException e) {
            throw new StoreException("no database connection (" + e.getMessage() + ")", e);
        }
    }

    /**
     * Closes the statements and gives the connection back to the pool; the driver keeps its own
     * server-side prepared statements per connection, so the next borrower does not prepare again.
     */
    @Override
    public void release(CachedConnection c) {
        prepared.addAndGet(c.prepared());
        inUse.decrementAndGet();
        c.close();
    }

    @Override
    public <T> T transaction(Writer.Work<T> work) {
        CachedConnection c = borrow();
        try {
            c.connection().setAutoCommit(false);
            T result;
            try {
                result = work.run(c);
            } catch (RuntimeException | Error e) {
                rollbackQuietly(c);
                throw e;
            }
            commit(c);
            return result;
        } catch (SQLException e) {
            throw new StoreException("cannot begin a transaction (" + e.getMessage() + ")", e);
        } finally {
            release(c);
        }
    }

    private static void commit(CachedConnection c) {
        try {
            c.connection().commit();
        } catch (SQLException e) {
            rollbackQuietly(c);
            throw new StoreException("transaction failed (" + e.getMessage() + ")", e);
        }
    }

    private static void rollbackQuietly(CachedConnection c) {
        try {
            c.connection().rollback();
        } catch (SQLException ignored) {
            // the connection is broken; the pool drops it, and the caller learns of the original failure
        }
    }

    @Override
    public <T> T alone(Function<CachedConnection, T> statement) {
        CachedConnection c = borrow();
        try {
            return statement.apply(c);
        } finally {
            release(c);
        }
    }

    @Override
    public void beginRead(CachedConnection c) throws SQLException {
        c.connection().setAutoCommit(false);
        c.connection().setReadOnly(true);
    }

    @Override
    public void commitRead(CachedConnection c) throws SQLException {
        c.connection().commit();
    }

    @Override
    public void rollbackRead(CachedConnection c) throws SQLException {
        c.connection().rollback();
    }

    /**
     * A new value on every call, as {@link #commitMark}: other instances write to this database too, and
     * their commits cannot be counted here, so a cache checked against this reads again every time.
     */
    @Override
    public long ended() {
        return marks.decrementAndGet();
    }

    /**
     * A new value on every call: PostgreSQL has no cheap counter of every commit (SQLite's data_version), and
     * another instance may commit at any time, so whoever compares marks reads again every time.
     */
    @Override
    public long commitMark() {
        return marks.decrementAndGet();
    }

    @Override
    public int inUse() {
        return inUse.get();
    }

    @Override
    public int readersOpen() {
        return pool.getHikariPoolMXBean() == null ? 0 : pool.getHikariPoolMXBean().getTotalConnections();
    }

    @Override
    public int writersWaiting() {
        return pool.getHikariPoolMXBean() == null ? 0 : pool.getHikariPoolMXBean().getThreadsAwaitingConnection();
    }

    @Override
    public long prepared() {
        return prepared.get();
    }

    @Override
    public void close() {
        pool.close();
    }
}
