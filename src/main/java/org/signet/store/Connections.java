package org.signet.store;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.sqlite.SQLiteConfig;

/**
 * The database's connections: a pool of readers and one writer. SQLite lets one connection write
 * at a time; when several race for that, the losers sleep in its busy handler (1 ms, then 2, 5,
 * 10... up to 100 ms a nap), which is where slow writes came from. Here writers queue for the one
 * write connection on a fair lock instead, in arrival order, and find SQLite's write lock free
 * (unless another process, such as the command line, holds it: then the busy timeout still applies).
 */
final class Connections implements AutoCloseable {
    private static final int BUSY_TIMEOUT_MS = 10_000;
    private static final long WAIT_SECONDS = 30;

    private final BlockingQueue<CachedConnection> readers;
    private final List<CachedConnection> all = new ArrayList<>();
    private final ReentrantLock writeLock = new ReentrantLock(true);
    private CachedConnection writer;
    private volatile boolean closed;

    private Connections(int readers) {
        this.readers = new ArrayBlockingQueue<>(readers);
    }

    /** Opens {@code readers} reading connections and the writer, in WAL mode with foreign keys. */
    static Connections open(Path file, String synchronous, int readers) throws SQLException {
        return open(file, synchronous, readers, BUSY_TIMEOUT_MS);
    }

    /** As {@link #open(Path, String, int)}; a busy timeout of 0 makes any wait for SQLite's locks fail at once. */
    static Connections open(Path file, String synchronous, int readers, int busyTimeoutMs) throws SQLException {
        SQLiteConfig config = new SQLiteConfig();
        config.setJournalMode(SQLiteConfig.JournalMode.WAL);
        config.setSynchronous(SQLiteConfig.SynchronousMode.valueOf(synchronous.toUpperCase()));
        config.enforceForeignKeys(true);
        config.setBusyTimeout(busyTimeoutMs);
        String url = "jdbc:sqlite:" + file.toAbsolutePath();
        Connections c = new Connections(readers);
        try {
            c.writer = new CachedConnection(config.createConnection(url));
            c.all.add(c.writer);
            for (int i = 0; i < readers; i++) {
                CachedConnection r = new CachedConnection(config.createConnection(url));
                c.all.add(r);
                c.readers.add(r);
            }
        } catch (SQLException e) {
            c.close();
            throw e;
        }
        return c;
    }

    /** A reading connection, waited for up to 30 s; give it back with {@link #release}. */
    CachedConnection borrow() {
        requireOpen();
        try {
            CachedConnection c = readers.poll(WAIT_SECONDS, TimeUnit.SECONDS);
            if (c == null) {
                throw new StoreException("no database connection free within " + WAIT_SECONDS + " s", null);
            }
            return c;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreException("interrupted while waiting for a database connection", e);
        }
    }

    void release(CachedConnection c) {
        readers.offer(c);
    }

    /**
     * The write connection, once every writer that asked before has had it (waiting at most 30 s);
     * give it back with {@link #unlockWriter}.
     */
    CachedConnection lockWriter() {
        requireOpen();
        try {
            if (!writeLock.tryLock(WAIT_SECONDS, TimeUnit.SECONDS)) {
                throw new StoreException("the write connection was not free within " + WAIT_SECONDS + " s ("
                        + writeLock.getQueueLength() + " writers waiting)", null);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreException("interrupted while waiting for the write connection", e);
        }
        if (closed) {
            writeLock.unlock();
            requireOpen();
        }
        return writer;
    }

    void unlockWriter() {
        writeLock.unlock();
    }

    /** How many threads wait for the write connection now (for tests and diagnostics). */
    int writersWaiting() {
        return writeLock.getQueueLength();
    }

    private void requireOpen() {
        if (closed) {
            throw new StoreException("database is closed", null);
        }
    }

    long prepared() {
        return all.stream().mapToLong(CachedConnection::prepared).sum();
    }

    @Override
    public void close() {
        closed = true;
        all.forEach(CachedConnection::close);
    }
}
