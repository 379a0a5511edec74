package org.signet.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One SQLite connection and the statements prepared on it, kept for reuse: preparing a statement
 * costs about as much as running a small read. One thread uses a connection at a time (the pool or
 * the write lock sees to that). A statement leaves the cache while it runs, so one whose rows are
 * still being read is never handed out again, not even to a nested call on the same thread.
 */
final class CachedConnection implements AutoCloseable {
    /** Far more than the distinct statements Signet runs, so the cache stops preparing once warm. */
    static final int MAX_STATEMENTS = 200;

    private final Connection connection;
    /** Idle statements, least recently returned first. */
    private final Map<String, PreparedStatement> idle = new LinkedHashMap<>();
    private long prepared;
    private boolean closed;

    CachedConnection(Connection connection) {
        this.connection = connection;
    }

    /** A statement for {@code sql}, from the cache or newly prepared; hand it back with {@link #giveBack}. */
    synchronized PreparedStatement take(String sql) throws SQLException {
        PreparedStatement ps = idle.remove(sql);
        if (ps != null) {
            return ps;
        }
        prepared++;
        return connection.prepareStatement(sql);
    }

    /**
     * Returns a statement whose result set is closed (which resets it, ending its read); its
     * parameters are cleared so the cache holds no caller's values. Past the limit, the statement
     * returned longest ago is closed.
     */
    synchronized void giveBack(String sql, PreparedStatement ps) {
        if (closed) {
            closeQuietly(ps);
            return;
        }
        try {
            ps.clearParameters();
        } catch (SQLException e) {
            closeQuietly(ps);
            return;
        }
        PreparedStatement twin = idle.put(sql, ps);
        if (twin != null) {
            // A nested call ran the same SQL while this one was out and returned its copy first.
            closeQuietly(twin);
        }
        if (idle.size() > MAX_STATEMENTS) {
            Iterator<PreparedStatement> eldest = idle.values().iterator();
            closeQuietly(eldest.next());
            eldest.remove();
        }
    }

    /** Closes a statement that failed: the driver may have finalized it already, so it is not reused. */
    void discard(PreparedStatement ps) {
        closeQuietly(ps);
    }

    /**
     * Runs one transaction-control statement (BEGIN, SAVEPOINT, COMMIT, ROLLBACK ...) on its cached
     * statement; the database's watcher does not count these, as it does not count the driver's own.
     */
    void control(String sql) throws SQLException {
        PreparedStatement ps = take(sql);
        try {
            ps.executeUpdate();
        } catch (SQLException | RuntimeException e) {
            discard(ps);
            throw e;
        }
        giveBack(sql, ps);
    }

    /** For statements that are not cached: scripts of several statements. */
    Connection connection() {
        return connection;
    }

    /** How many statements this connection has prepared so far. */
    synchronized long prepared() {
        return prepared;
    }

    synchronized int cached() {
        return idle.size();
    }

    /** Closes the cached statements, then the connection. */
    @Override
    public synchronized void close() {
        closed = true;
        idle.values().forEach(CachedConnection::closeQuietly);
        idle.clear();
        try {
            connection.close();
        } catch (SQLException ignored) {
            // closing on shutdown; nothing useful to do
        }
    }

    private static void closeQuietly(PreparedStatement ps) {
        try {
            ps.close();
        } catch (SQLException ignored) {
            // a statement that will not close is finalized with its connection
        }
    }
}
