package org.signet.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.files.FileVault;
import org.signet.files.StoredFile;
import org.signet.process.JavaCommand;
import org.signet.support.Postgres;

/**
 * A 25 MB file goes into PostgreSQL's rows and comes back in a JVM whose whole heap is smaller than
 * the file: neither the write nor the read may hold it at once.
 */
class FileChunksHeapTest {
    /** Smaller than the file: a byte array of it alone would not fit. */
    private static final String HEAP = "-Xmx20m";
    private static final long SIZE = 25L * 1024 * 1024 + 5;

    @TempDir
    Path dir;

    @Test
    void writeThenRead_heapSmallerThanTheFile_sameBytesBack() throws Exception {
        Postgres.Database pg = Postgres.shared().freshDatabase();
        List<String> command = JavaCommand.ofThisJvm().options(List.of(HEAP)).mainClass(Child.class.getName())
                .args(List.of(pg.url(), pg.user(), pg.password(), dir.toString())).toList();
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out;
        try (InputStream in = p.getInputStream()) {
            out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "the child did not finish");

        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("read back equal"), out);
    }

    /** Writes and reads the file in the child JVM; prints whether the bytes came back equal. */
    public static final class Child {
        private Child() {}

        public static void main(String[] args) throws Exception {
            try (Database db = Database.openPostgres(args[0], args[1], args[2], 2)) {
                FileVault vault = FileVault.open(Path.of(args[3])).storingIn(new FileChunks(db));
                StoredFile stored = vault.write(new FileChunksTest.Generated(SIZE, 5));
                String read = FileChunksTest.sha256(vault.open(stored.ref()));
                String written = FileChunksTest.sha256(new FileChunksTest.Generated(SIZE, 5));
                boolean whole = Runtime.getRuntime().maxMemory() < SIZE;
                System.out.println(read.equals(written) && stored.sha256Hex().equals(written) && whole
                        ? "read back equal" : "differs: " + read + " " + written + " heap " + Runtime.getRuntime().maxMemory());
            }
        }
    }
}
