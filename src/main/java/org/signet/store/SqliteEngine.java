package org.signet.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.function.Function;

/** SQLite: reading connections from {@link Connections}, every write on its one writer with group commit ({@link Writer}). */
final class SqliteEngine implements Engine {
    private final Connections connections;
    private final Writer writer;
    private final CommitCounter commits;

    private SqliteEngine(Connections connections, CommitCounter commits) {
        this.connections = connections;
        this.writer = new Writer(connections);
        this.commits = commits;
    }

    /** The engine on {@code connections}, with a connection of its own that tells of commits by any process. */
    static SqliteEngine open(Connections connections) throws SQLException {
        try {
            return new SqliteEngine(connections, new CommitCounter(connections.openOutsidePool()));
        } catch (SQLException | RuntimeException e) {
            connections.close();
            throw e;
        }
    }

    @Override
    public Dialect dialect() {
        return Dialect.SQLITE;
    }

    /** The SQLite file of a data folder has one Signet. */
    @Override
    public Deployment deployment() {
        return Deployment.ALONE;
    }

    @Override
    public boolean copiesToFile() {
        return true;
    }

    @Override
    public boolean checksPages() {
        return true;
    }

    /** The reading connections opened so far and the one writer's. */
    @Override
    public int connectionsOpen() {
        return readersOpen() + 1;
    }

    /**
     * {@code VACUUM}, then a checkpoint that truncates the write-ahead log, on a connection of their
     * own: VACUUM refuses to run on a connection with a statement still open, as the writer's cached
     * ones may be. Any writer of this process waits for it in SQLite's busy handler.
     */
    @Override
    public void rewrite() throws SQLException {
        try (Connection own = connections.openOutsidePool(); Statement s = own.createStatement()) {
            s.executeUpdate("VACUUM");
            s.execute("PRAGMA wal_checkpoint(TRUNCATE)");
        }
    }

    @Override
    public CachedConnection borrow() {
        return connections.borrow();
    }

    @Override
    public void release(CachedConnection c) {
        connections.release(c);
    }

    @Override
    public <T> T transaction(Writer.Work<T> work) {
        return writer.transaction(work);
    }

    @Override
    public <T> T alone(Function<CachedConnection, T> statement) {
        return writer.alone(statement);
    }

    /** A plain deferred BEGIN, issued as SQL because the driver would begin IMMEDIATE; it never takes the write lock. */
    @Override
    public void beginRead(CachedConnection c) throws SQLException {
        c.control("BEGIN DEFERRED");
    }

    @Override
    public void commitRead(CachedConnection c) throws SQLException {
        c.control("COMMIT");
    }

    @Override
    public void rollbackRead(CachedConnection c) throws SQLException {
        c.control("ROLLBACK");
    }

    @Override
    public long ended() {
        return writer.ended();
    }

    @Override
    public long commitMark() {
        return commits.reading();
    }

    @Override
    public int inUse() {
        return connections.inUse();
    }

    @Override
    public int readersOpen() {
        return connections.readersOpen();
    }

    @Override
    public int writersWaiting() {
        return connections.writersWaiting();
    }

    @Override
    public long prepared() {
        return connections.prepared();
    }

    @Override
    public void close() {
        commits.close();
        connections.close();
    }
}
