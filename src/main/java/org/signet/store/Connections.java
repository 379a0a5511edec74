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

    private final int maxReaders;
    private final SQLiteConfig config;
    private final String url;

    private Connections(int readers, SQLiteConfig config, String url) {
        this.readers = new ArrayBlockingQueue<>(readers);
        this.maxReaders = readers;
        this.config = config;
        this.url = url;
    }

    /** Opens the writer now, and up to {@code readers} reading connections as reads need them; WAL mode, foreign keys. */
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
        Connections c = new Connections(readers, config, url);
        try {
            c.writer = new CachedConnection(config.createConnection(url));
            c.all.add(c.writer);
        } catch (SQLException e) {
            c.close();
            throw e;
        }
        return c;
    }

    /** A reading connection, waited for up to 30 s; give it back with {@link #release}. */
    CachedConnection borrow() {
        requireOpen();
        CachedConnection idle = readers.poll();
        if (idle != null) {
            return idle;
        }
        CachedConnection opened = openReader();
        if (opened != null) {
            return opened;
        }
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

    /**
     * A new reading connection while fewer than the pool's size are open, else null. Readers are
     * opened as reads need them rather than all at start, where they took a tenth of start-up.
     */
    private synchronized CachedConnection openReader() {
        if (closed || all.size() - 1 >= maxReaders) {
            return null;
        }
        try {
            CachedConnection r = new CachedConnection(config.createConnection(url));
            all.add(r);
            return r;
        } catch (SQLException e) {
            throw new StoreException("cannot open a database connection", e);
        }
    }

    /** A connection of the same settings outside the pool, for a caller that keeps it to itself and closes it. */
    java.sql.Connection openOutsidePool() throws SQLException {
        requireOpen();
        return config.createConnection(url);
    }

    /** How many reading connections are open now (for tests). */
    synchronized int readersOpen() {
        return all.size() - 1;
    }

    /** Connections lent out now: reading ones borrowed, and the write connection while a writer holds it. */
    int inUse() {
        int readersBusy = Math.max(0, readersOpen() - readers.size());
        return readersBusy + (writeLock.isLocked() ? 1 : 0);
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

    synchronized long prepared() {
        return all.stream().mapToLong(CachedConnection::prepared).sum();
    }

    @Override
    public synchronized void close() {
        closed = true;
        all.forEach(CachedConnection::close);
    }
}
