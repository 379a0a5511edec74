package org.signet.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Tells whether any connection, in this process or another (the command line's, say), has committed
 * to the database, the way SQLite offers it: {@code PRAGMA data_version} answers a new value on a
 * connection after any other connection has committed. The counter asks on a connection of its own
 * that never writes, so every commit, this process's included, moves it. One such statement costs
 * about two microseconds, a small part of the read transaction it spares a request.
 *
 * <p>It never looks at SQLite's files itself. An earlier counter mapped the WAL index ({@code -shm})
 * to read the same news without a statement; closing that file's descriptor dropped the POSIX lock
 * SQLite holds on it for the whole process, and the next process to open the database rebuilt the
 * index under the live writer, which ended the server with SIGBUS (see
 * docs/operations.md, Commands beside a live server).
 */
final class CommitCounter implements AutoCloseable {
    private final Connection own;
    private final PreparedStatement dataVersion;
    private final AtomicLong unknown = new AtomicLong();

    /** Counts on {@code own}, a connection to the database that nothing else uses; closed with this counter. */
    CommitCounter(Connection own) throws SQLException {
        this.own = own;
        this.dataVersion = own.prepareStatement("PRAGMA data_version");
    }

    /**
     * A value that differs from the last one read whenever a commit has happened in between; when
     * SQLite cannot be asked (the database closing), a value never answered before, so callers read
     * as they would without a counter.
     */
    synchronized long reading() {
        try (ResultSet rs = dataVersion.executeQuery()) {
            if (rs.next()) {
                return rs.getLong(1);
            }
        } catch (SQLException e) {
            // Below: the caller reads the database itself, which reports what is wrong.
        }
        return unknown.decrementAndGet();
    }

    @Override
    public synchronized void close() {
        try {
            dataVersion.close();
            own.close();
        } catch (SQLException e) {
            // Closing at shutdown: nothing is left to do with it.
        }
    }
}
