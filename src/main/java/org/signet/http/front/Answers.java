package org.signet.http.front;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * What goes back to one client: the answers of the server behind the front, read straight into a
 * direct buffer and sent from it with no copy on the heap, and at the end perhaps the front's own
 * rejection. Bytes are sent only as far as {@link AnswerFraming} has followed them; the buffer is
 * made when the first answer or rejection needs it.
 */
final class Answers {
    private static final int BUFFER = 32 * 1024;

    private final AnswerFraming framing = new AnswerFraming();
    private ByteBuffer buffer;
    /** Bytes at the buffer's start that {@link AnswerFraming} has followed. */
    private int followed;
    /** Bytes at the buffer's start that may be sent: those followed but for what the framing holds back. */
    private int ready;

    /** A request was passed on to the server behind; its answer comes in turn. */
    void asked(String method) {
        framing.asked(method);
    }

    /** Reads what the server behind has sent: the bytes read, or -1 at its end. */
    int readFrom(SocketChannel inner) throws IOException {
        ensureRoom(0);
        int n = inner.read(buffer);
        if (n > 0) {
            followed = framing.follow(buffer, followed, buffer.position());
            ready = followed - framing.held();
        }
        return n;
    }

    /** The server behind has ended (or failed): what is held back goes as it is. */
    void innerEnded() {
        if (buffer != null) {
            followed = framing.end(buffer.position());
            ready = followed;
        }
    }

    /** Adds {@code bytes} after every answer, to be sent as they are. */
    void add(byte[] bytes) {
        ensureRoom(bytes.length);
        buffer.put(bytes);
        followed = framing.end(buffer.position());
        ready = followed;
    }

    /** Sends what it can of the bytes that may be sent: how many the client took. */
    int writeTo(ClientChannel client) throws IOException {
        if (ready == 0) {
            return 0;
        }
        int end = buffer.position();
        buffer.position(0).limit(ready);
        int n;
        try {
            n = client.write(buffer);
        } finally {
            buffer.limit(end).compact();
        }
        ready -= n;
        followed -= n;
        return n;
    }

    /** Whether bytes are waiting to go to the client, sendable yet or not. */
    boolean waiting() {
        return buffer != null && buffer.position() > 0;
    }

    /** Whether bytes may be sent now. */
    boolean sendable() {
        return ready > 0;
    }

    /** Whether the server behind may be read: the buffer has room. */
    boolean room() {
        return buffer == null || buffer.hasRemaining();
    }

    private void ensureRoom(int bytes) {
        if (buffer == null) {
            buffer = ByteBuffer.allocateDirect(Math.max(BUFFER, bytes));
        } else if (buffer.remaining() < bytes) {
            ByteBuffer bigger = ByteBuffer.allocateDirect(buffer.position() + bytes);
            bigger.put(buffer.flip());
            buffer = bigger;
        }
    }
}
