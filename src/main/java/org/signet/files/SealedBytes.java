package org.signet.files;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * Where the vault keeps the sealed bytes of its files (a header and the encrypted chunks, exactly as
 * written): a folder of the data folder, or a database that several Signets share. It only stores
 * and returns bytes; sealing, opening and checking them is the vault's.
 */
public interface SealedBytes {

    /** Writes a file's sealed bytes to the stream it is given, and returns what the writer learnt on the way. */
    @FunctionalInterface
    interface Content<T> {
        T writeTo(OutputStream out) throws IOException;
    }

    /**
     * Stores the bytes {@code content} writes under {@code name}, which holds nothing yet, streaming
     * them (a file is never held whole in memory); they are durable when this returns. A failure
     * removes what was written, or leaves what a crash left for {@link #delete} to remove. Returns what
     * {@code content} returned.
     */
    <T> T store(String name, Content<T> content) throws IOException;

    /** Streams the bytes stored under {@code name}; missing bytes read as an empty or short stream, or fail here. */
    InputStream open(String name) throws IOException;

    /** Whether anything is stored under {@code name}. */
    boolean holds(String name);

    /** Removes what is stored under {@code name}, a finished file or the remains of an interrupted write. */
    void delete(String name) throws IOException;
}
