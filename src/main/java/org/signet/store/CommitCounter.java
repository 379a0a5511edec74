package org.signet.store;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Tells without a query whether any connection, in this process or another, has committed to the
 * database: in WAL mode every connection maps SQLite's WAL index (the {@code -shm} file beside the
 * database), whose header holds a counter each commit moves ({@code iChange}) and the number of
 * frames in the log ({@code mxFrame}). Reading them from a read-only mapping of that file costs no
 * system call, where a query costs a read transaction with its file locks. Until the index can be
 * mapped, every reading is new, so callers go on querying as they would without it.
 */
final class CommitCounter {
    /** The first copy of the index header: {@code iChange} at byte 8, {@code mxFrame} at byte 16, native order. */
    private static final int HEADER_BYTES = 48;
    private static final int CHANGE_OFFSET = 8;
    private static final int FRAMES_OFFSET = 16;
    private static final VarHandle INTS = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.nativeOrder());

    /** After this many readings without an index, it is not looked for again. */
    private static final int MAX_TRIES = 1_000;

    private final Path index;
    private final AtomicLong unknown = new AtomicLong();
    private volatile ByteBuffer header;
    private volatile int tries;

    /** The counter of {@code databaseFile}, open in WAL mode; its index appears with the first transaction. */
    CommitCounter(Path databaseFile) {
        this.index = databaseFile.resolveSibling(databaseFile.getFileName() + "-shm");
    }

    private static ByteBuffer mapped(Path index) {
        try (FileChannel channel = FileChannel.open(index, StandardOpenOption.READ)) {
            if (!Files.isRegularFile(index) || channel.size() < HEADER_BYTES) {
                return null;
            }
            // The mapping outlives the channel; SQLite keeps the file while any connection is open.
            return channel.map(FileChannel.MapMode.READ_ONLY, 0, HEADER_BYTES);
        } catch (IOException | UnsupportedOperationException e) {
            return null;
        }
    }

    /** A value that differs from the last one read whenever a commit has happened in between. */
    long reading() {
        ByteBuffer header = this.header;
        if (header == null && tries < MAX_TRIES) {
            tries++;
            header = mapped(index);
            this.header = header;
        }
        if (header == null) {
            return unknown.decrementAndGet();
        }
        long changes = Integer.toUnsignedLong((int) INTS.getVolatile(header, CHANGE_OFFSET));
        long frames = Integer.toUnsignedLong((int) INTS.getVolatile(header, FRAMES_OFFSET));
        return changes << 32 | frames;
    }
}
