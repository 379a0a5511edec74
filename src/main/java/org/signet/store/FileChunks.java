package org.signet.store;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import org.signet.files.SealedBytes;

/**
 * Sealed file bytes kept in the database's {@code file_chunks} table, so that every Signet sharing
 * a PostgreSQL database serves every file: the bytes the folder would hold, cut into rows of
 * {@link #ROW_BYTES}, written one row per statement and read back a few rows per query, so a file
 * is never held whole in memory and no connection is held while a caller reads slowly.
 */
public final class FileChunks implements SealedBytes {
    /** Four sealed 64 KiB chunks and their tags: about a hundred rows for a 25 MB file. */
    public static final int ROW_BYTES = 4 * (64 * 1024 + 16);
    /** Rows fetched by one query while reading: at most about a megabyte in memory. */
    public static final int ROWS_PER_QUERY = 4;
    static final String READ = "SELECT seq, bytes FROM file_chunks WHERE name = ? AND seq >= ? ORDER BY seq LIMIT "
            + ROWS_PER_QUERY;

    private final Database db;

    public FileChunks(Database db) {
        this.db = db;
    }

    /** Each row commits on its own; a failure deletes the rows written, a crash leaves them to {@link #delete}. */
    @Override
    public <T> T store(String name, Content<T> content) throws IOException {
        if (db.inTransactionNow()) {
            throw new IllegalStateException("file bytes are stored outside a transaction");
        }
        try (RowWriter out = new RowWriter(name)) {
            return content.writeTo(out);
        } catch (IOException | RuntimeException e) {
            try {
                delete(name);
            } catch (RuntimeException cleanup) {
                e.addSuppressed(cleanup);
            }
            throw e;
        }
    }

    @Override
    public InputStream open(String name) {
        return new RowReader(name);
    }

    @Override
    public boolean holds(String name) {
        return db.queryOne("SELECT 1 AS one FROM file_chunks WHERE name = ? AND seq = 0", r -> r.getInt("one"), name)
                .isPresent();
    }

    @Override
    public void delete(String name) {
        db.update("DELETE FROM file_chunks WHERE name = ?", name);
    }

    /** Cuts the stream into rows, inserting each as soon as it is full and the rest on close. */
    private final class RowWriter extends OutputStream {
        private final String name;
        private final byte[] row = new byte[ROW_BYTES];
        private int filled;
        private long seq;

        RowWriter(String name) {
            this.name = name;
        }

        @Override
        public void write(int b) {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            while (len > 0) {
                int n = Math.min(len, row.length - filled);
                System.arraycopy(b, off, row, filled, n);
                filled += n;
                off += n;
                len -= n;
                if (filled == row.length) {
                    flushRow();
                }
            }
        }

        @Override
        public void close() {
            if (filled > 0 || seq == 0) {
                flushRow();
            }
        }

        private void flushRow() {
            db.update("INSERT INTO file_chunks(name, seq, bytes) VALUES (?, ?, ?)", name, seq++,
                    Arrays.copyOf(row, filled));
            filled = 0;
        }
    }

    /** Fetches the rows in order, a few per query; a row missing from the sequence ends the stream with an error. */
    private final class RowReader extends InputStream {
        private final String name;
        private final Deque<byte[]> fetched = new ArrayDeque<>();
        private byte[] current = new byte[0];
        private int pos;
        private long next;
        private boolean exhausted;

        RowReader(String name) {
            this.name = name;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) {
                return 0;
            }
            while (pos == current.length) {
                if (fetched.isEmpty() && !fetch()) {
                    return -1;
                }
                current = fetched.poll();
                pos = 0;
            }
            int n = Math.min(len, current.length - pos);
            System.arraycopy(current, pos, b, off, n);
            pos += n;
            return n;
        }

        private boolean fetch() throws IOException {
            if (exhausted) {
                return false;
            }
            List<Chunk> rows = db.query(READ, r -> new Chunk(r.getLong("seq"), r.bytes("bytes")), name, next);
            for (Chunk c : rows) {
                if (c.seq() != next) {
                    throw new IOException("stored file " + name + " is missing its part " + next);
                }
                fetched.add(c.bytes());
                next++;
            }
            exhausted = rows.size() < ROWS_PER_QUERY;
            return !rows.isEmpty();
        }
    }

    private record Chunk(long seq, byte[] bytes) {}
}
