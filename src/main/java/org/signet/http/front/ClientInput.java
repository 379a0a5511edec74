package org.signet.http.front;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * What a relay has read from its client and not yet passed on: a buffer that starts small, grows
 * while a head is incomplete up to the largest head allowed, and remembers how far it has already
 * been searched for the end of a head, so a head arriving a byte at a time is not searched over and over.
 */
final class ClientInput {
    private static final int FIRST_HEAD_BUFFER = 4 * 1024;

    private byte[] bytes = new byte[FIRST_HEAD_BUFFER];
    /** {@code bytes} as a buffer for the channel to read into, made again only when {@code bytes} grows. */
    private ByteBuffer view = ByteBuffer.wrap(bytes);
    private int length;
    private int scanned;

    /** Reads what the client has sent into the free space: the bytes read, 0 when none, -1 at its end. */
    int readFrom(ClientChannel client) throws IOException {
        int n = client.read(view.limit(bytes.length).position(length));
        if (n > 0) {
            length += n;
        }
        return n;
    }

    byte[] bytes() {
        return bytes;
    }

    /** The same bytes as a buffer, read at absolute indices. */
    ByteBuffer buffer() {
        return view.limit(bytes.length);
    }

    int length() {
        return length;
    }

    boolean full() {
        return length == bytes.length;
    }

    /** Where the head at the start ends (the index after its blank line), or -1 while it has not ended. */
    int headEnd() {
        int end = HeadParser.headEnd(bytes, Math.max(0, scanned - 3), length);
        if (end < 0) {
            scanned = length;
        }
        return end;
    }

    /** Room for more of an incomplete head once the buffer is full, up to {@code max} bytes in all. */
    void growIfFull(int max) {
        if (full()) {
            byte[] bigger = new byte[Math.min(bytes.length * 4, max)];
            System.arraycopy(bytes, 0, bigger, 0, length);
            bytes = bigger;
            view = ByteBuffer.wrap(bytes);
        }
    }

    /** Drops the empty lines a client may send before a request line (RFC 9112, section 2.2). */
    void skipEmptyLines() {
        int skip = 0;
        while (skip < length && (bytes[skip] == '\r' || bytes[skip] == '\n')) {
            skip++;
        }
        consume(skip);
    }

    /** Drops the first {@code n} bytes, passed on or refused. */
    void consume(int n) {
        System.arraycopy(bytes, n, bytes, 0, length - n);
        length -= n;
        scanned = Math.max(0, scanned - n);
    }

    void clear() {
        consume(length);
    }
}
