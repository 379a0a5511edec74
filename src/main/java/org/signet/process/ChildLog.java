package org.signet.process;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * The file a child's standard output and error go to, read from where this child began: a log
 * several children append to in turn holds each one's lines after the others'.
 */
final class ChildLog {
    /** Lines a failure message quotes from the end of the log. */
    static final int TAIL_LINES = 40;

    private final Path file;
    private final long start;

    private ChildLog(Path file, long start) {
        this.file = file;
        this.start = start;
    }

    /** The log at {@code file}, which the child starts afresh or, with {@code append}, continues. */
    static ChildLog at(Path file, boolean append) throws IOException {
        return new ChildLog(file, append && Files.exists(file) ? Files.size(file) : 0);
    }

    /** Everything the child has written so far; a note in its place when the file cannot be read. */
    String text() {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long from = Math.min(start, channel.size());
            ByteBuffer bytes = ByteBuffer.allocate((int) (channel.size() - from));
            while (bytes.hasRemaining() && channel.read(bytes, from + bytes.position()) >= 0) {
                // read on until the buffer is full or the file ends
            }
            return new String(bytes.array(), 0, bytes.position(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    /** The last {@link #TAIL_LINES} lines the child wrote, for a failure message. */
    String tail() {
        List<String> lines = text().lines().toList();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - TAIL_LINES), lines.size()));
    }
}
