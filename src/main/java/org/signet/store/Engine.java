package org.signet.store;

import java.util.function.Function;

/**
 * How one kind of database lends connections and runs transactions on them, so that
 * {@link Database} offers the same transactions and helpers on SQLite and on PostgreSQL.
 */
interface Engine extends AutoCloseable {
    Dialect dialect();

    /** Whether this process is the database's only user or several instances may share it. */
    Deployment deployment();

    /**
     * Whether write transactions run side by side (PostgreSQL), so that a row read in order to change it
     * must be locked; SQLite's one writer runs them one at a time.
     */
    default boolean runsWritesSideBySide() {
        return false;
    }

    /** Whether the whole database can be copied into a file of its own ({@code VACUUM INTO}); PostgreSQL's is pg_dump's work. */
    default boolean copiesToFile() {
        return false;
    }

    /** Whether SQL can check the database's pages ({@code PRAGMA integrity_check}); PostgreSQL checks its own. */
    default boolean checksPages() {
        return false;
    }

    /** Connections open now, reading and writing. */
    default int connectionsOpen() {
        return readersOpen();
    }

    /** A connection for reading; give it back with {@link #release}. */
    CachedConnection borrow();

    void release(CachedConnection c);

    /** Runs {@code work} as one write transaction and returns once it has committed. */
    <T> T transaction(Writer.Work<T> work);

    /** Runs one statement (or script) outside any transaction. */
    <T> T alone(Function<CachedConnection, T> statement);

    /**
     * Rewrites the database so that no free page and no old log frame keeps what was deleted or
     * overwritten (SQLite's file); nothing to do where the database is not a file of Signet's.
     */
    default void rewrite() throws java.sql.SQLException {}

    /** Starts a read-only transaction on a borrowed connection. */
    void beginRead(CachedConnection c) throws java.sql.SQLException;

    void commitRead(CachedConnection c) throws java.sql.SQLException;

    void rollbackRead(CachedConnection c) throws java.sql.SQLException;

    /** How many write transactions (and lone statements) have ended, each counted after its COMMIT or ROLLBACK. */
    long ended();

    /** See {@link Database#commitMark()}: changes with every commit by any process; never repeats where that cannot be known. */
    long commitMark();

    int inUse();

    int readersOpen();

    int writersWaiting();

    long prepared();

    @Override
    void close();
}
