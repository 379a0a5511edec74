package org.signet.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Clock;
import java.util.HexFormat;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.signet.files.FileVault;
import org.signet.files.StoredFile;
import org.signet.support.BothDatabases;

/**
 * Sealed file bytes in the database's rows: written and read back in pieces, damage found as in the
 * folder, and deleted; on both databases (SQLite keeps the table, empty, and its files in the folder).
 */
class FileChunksTest {
    /** 25 MB and a few bytes: the largest upload, and a last row that is not full. */
    private static final long LARGE = 25L * 1024 * 1024 + 5;

    @TempDir
    Path dir;
    private Database db;

    @AfterEach
    void close() {
        if (db != null) {
            db.close();
        }
    }

    private FileVault chunkVault(Dialect dialect) throws Exception {
        db = BothDatabases.open(dialect, dir);
        return FileVault.open(dir).storingIn(new FileChunks(db));
    }

    @ParameterizedTest
    @EnumSource(Dialect.class)
    void openVault_largeFile_readsBackEqualWhereItsDatabaseKeepsFiles(Dialect dialect) throws Exception {
        db = BothDatabases.open(dialect, dir);
        FileVault vault = MasterKeyCheck.openVault(db, dir, Clock.systemUTC());
        StoredFile stored = vault.write(new Generated(LARGE, 7));

        assertEquals(LARGE, stored.size());
        assertEquals(new Generated(LARGE, 7).sha256(), stored.sha256Hex());
        try (InputStream in = vault.open(stored.ref())) {
            assertEquals(stored.sha256Hex(), sha256(in));
        }
        long rows = db.queryLong("SELECT count(*) FROM file_chunks WHERE name = ?", stored.name());
        boolean inFolder = Files.exists(dir.resolve(FileVault.FILES).resolve(stored.name()));
        assertEquals(dialect == Dialect.SQLITE, inFolder, "SQLite keeps the folder");
        assertEquals(dialect == Dialect.SQLITE ? 0 : sealedSize(LARGE) / FileChunks.ROW_BYTES + 1, rows);
    }

    @ParameterizedTest
    @EnumSource(Dialect.class)
    void open_largeFile_fetchesAFewRowsPerQuery(Dialect dialect) throws Exception {
        FileVault vault = chunkVault(dialect);
        StoredFile stored = vault.write(new Generated(LARGE, 3));
        long rows = db.queryLong("SELECT count(*) FROM file_chunks WHERE name = ?", stored.name());
        AtomicInteger reads = new AtomicInteger();
        db.watch(new Database.Watcher() {
            @Override
            public void statement(String sql) {
                if (sql.equals(FileChunks.READ)) {
                    reads.incrementAndGet();
                }
            }
        });

        try (InputStream in = vault.open(stored.ref())) {
            assertEquals(stored.sha256Hex(), sha256(in));
        } finally {
            db.watch(Database.Watcher.NONE);
        }
        assertTrue(rows > 90, "rows: " + rows);
        assertTrue(FileChunks.ROWS_PER_QUERY * FileChunks.ROW_BYTES <= 2 * 1024 * 1024);
        assertTrue(reads.get() >= rows / FileChunks.ROWS_PER_QUERY, reads + " queries for " + rows + " rows");
    }

    @ParameterizedTest
    @EnumSource(Dialect.class)
    void open_oneRowDamaged_failsAuthentication(Dialect dialect) throws Exception {
        FileVault vault = chunkVault(dialect);
        StoredFile stored = vault.write(new Generated(3 * FileChunks.ROW_BYTES, 11));
        byte[] row = db.queryOne("SELECT bytes FROM file_chunks WHERE name = ? AND seq = 1", r -> r.bytes("bytes"),
                stored.name()).orElseThrow();
        row[row.length / 2] ^= 1;
        db.update("UPDATE file_chunks SET bytes = ? WHERE name = ? AND seq = 1", row, stored.name());

        IOException e = assertThrows(IOException.class, () -> sha256(vault.open(stored.ref())));
        assertTrue(e.getMessage().contains("failed authentication"), e.getMessage());
    }

    @ParameterizedTest
    @EnumSource(Dialect.class)
    void open_oneRowMissing_refusesTheFile(Dialect dialect) throws Exception {
        FileVault vault = chunkVault(dialect);
        StoredFile stored = vault.write(new Generated(3 * FileChunks.ROW_BYTES, 13));
        db.update("DELETE FROM file_chunks WHERE name = ? AND seq = 1", stored.name());

        IOException e = assertThrows(IOException.class, () -> sha256(vault.open(stored.ref())));
        assertTrue(e.getMessage().contains("missing its part 1"), e.getMessage());
    }

    @ParameterizedTest
    @EnumSource(Dialect.class)
    void delete_storedFile_removesEveryRow(Dialect dialect) throws Exception {
        FileVault vault = chunkVault(dialect);
        StoredFile kept = vault.write(new ByteArrayInputStream(new byte[] {1, 2, 3}));
        StoredFile gone = vault.write(new Generated(2 * FileChunks.ROW_BYTES, 17));
        assertTrue(vault.holds(gone.name()));

        vault.delete(gone.name());

        assertFalse(vault.holds(gone.name()));
        assertEquals(0, db.queryLong("SELECT count(*) FROM file_chunks WHERE name = ?", gone.name()));
        assertArrayEquals(new byte[] {1, 2, 3}, vault.readAll(kept.ref()));
        assertThrows(IOException.class, () -> vault.readAll(gone.ref()));
    }

    @ParameterizedTest
    @EnumSource(Dialect.class)
    void write_plaintextFailsHalfway_leavesNoRow(Dialect dialect) throws Exception {
        FileVault vault = chunkVault(dialect);
        String name = vault.newName();
        InputStream failing = new Generated(5L * FileChunks.ROW_BYTES, 19) {
            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (left() < 2L * FileChunks.ROW_BYTES) {
                    throw new IOException("the upload broke off");
                }
                return super.read(b, off, len);
            }
        };

        IOException e = assertThrows(IOException.class, () -> vault.write(name, failing));

        assertEquals("the upload broke off", e.getMessage());
        assertFalse(vault.holds(name));
        assertEquals(0, db.queryLong("SELECT count(*) FROM file_chunks"));
    }

    @ParameterizedTest
    @EnumSource(Dialect.class)
    void write_emptyFile_oneRowThatReadsBackEmpty(Dialect dialect) throws Exception {
        FileVault vault = chunkVault(dialect);
        StoredFile stored = vault.write(new ByteArrayInputStream(new byte[0]));

        assertEquals(1, db.queryLong("SELECT count(*) FROM file_chunks WHERE name = ?", stored.name()));
        assertEquals(0, vault.readAll(stored.ref()).length);
    }

    /** The sealed size of a plaintext: the header, then each 64 KiB chunk and its 16-byte tag. */
    private static long sealedSize(long plain) {
        long chunks = Math.max(1, (plain + 65535) / 65536);
        return 5 + plain + 16 * chunks;
    }

    static String sha256(InputStream in) throws Exception {
        try (in) {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            byte[] buf = new byte[8192];
            for (int n; (n = in.read(buf)) > 0; ) {
                md.update(buf, 0, n);
            }
            return HexFormat.of().formatHex(md.digest());
        }
    }

    /** A stream of {@code size} pseudo-random bytes, the same for the same variant, made as it is read, never held whole. */
    static class Generated extends InputStream {
        private final long size;
        private final SplittableRandom random;
        private long read;

        Generated(long size, long variant) {
            this.size = size;
            this.random = new SplittableRandom(variant);
        }

        long left() {
            return size - read;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (read == size) {
                return -1;
            }
            int n = (int) Math.min(len, size - read);
            for (int i = 0; i < n; i++) {
                b[off + i] = (byte) random.nextInt(256);
            }
            read += n;
            return n;
        }

        String sha256() throws Exception {
            return FileChunksTest.sha256(this);
        }
    }
}
