package org.signet.pdf.updates;

import java.io.IOException;
import java.io.RandomAccessFile;

/**
 * A file read byte by byte at any position through one window, so that a reader may look ahead,
 * step back and skip a stream's bytes without holding the file in memory.
 */
final class RawBytes {
    private static final int WINDOW = 64 * 1024;

    private final RandomAccessFile file;
    private final long length;
    private final byte[] window = new byte[WINDOW];
    private long windowStart = -1;
    private int windowLength;

    RawBytes(RandomAccessFile file, long length) {
        this.file = file;
        this.length = length;
    }

    long length() {
        return length;
    }

    /** The byte at {@code position}, or -1 at and past the end. */
    int at(long position) throws IOException {
        if (position < 0 || position >= length) {
            return -1;
        }
        if (position < windowStart || position >= windowStart + windowLength) {
            file.seek(position);
            windowStart = position;
            windowLength = file.read(window, 0, (int) Math.min(WINDOW, length - position));
            if (windowLength <= 0) {
                throw new IOException("the file ended at " + position);
            }
        }
        return window[(int) (position - windowStart)] & 0xff;
    }

    /** {@code count} bytes from {@code position}; the caller bounds {@code count}. */
    byte[] read(long position, int count) throws IOException {
        byte[] out = new byte[count];
        for (int i = 0; i < count; i++) {
            int b = at(position + i);
            if (b < 0) {
                throw new IOException("the file ended at " + (position + i));
            }
            out[i] = (byte) b;
        }
        return out;
    }

    /** Whether the bytes at {@code position} spell {@code word}. */
    boolean startsWith(long position, String word) throws IOException {
        for (int i = 0; i < word.length(); i++) {
            if (at(position + i) != word.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** The file's own handle, for streaming a long run of bytes. */
    RandomAccessFile file() {
        return file;
    }
}
