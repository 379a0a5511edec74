package org.signet.http.front;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Follows the answers of the server behind the front as their bytes arrive, to tell heads from
 * bodies (RFC 9112 section 6.3): a head ends at its blank line; its body is as long as its
 * Content-Length says, chunked, absent (an answer to HEAD, a 1xx, 204 or 304), or runs to the end of
 * the connection. In each head the field names get their usual case back ({@link HeaderNames}). A
 * line of a head is held back until it is whole, so that a name is never sent half rewritten; and a
 * head whose body is still to come waits for its first byte, since the JDK server sends the two apart
 * and one write to the client is cheaper than two. Should the answers ever not look like HTTP, the
 * rest passes untouched.
 */
final class AnswerFraming {
    private static final int MAX_LINE = 16 * 1024;

    private enum State { STATUS_LINE, FIELDS, LENGTH, CHUNKED, TO_END }

    /** For each request passed on and not yet answered: whether it was a HEAD, whose answer has no body. */
    private final Deque<Boolean> asked = new ArrayDeque<>();
    private State state = State.STATUS_LINE;
    private int status;
    private long length;
    private boolean chunkedBody;
    private long remaining;
    private ChunkedBody chunks;
    /** Bytes of a finished head, just before where following stopped, that wait for their body's first byte. */
    private int held;

    /** A request was passed on; its answer will follow those of the requests before it. */
    void asked(String method) {
        asked.add(method.equals("HEAD"));
    }

    /**
     * Follows {@code b[from..to)}, new bytes after those followed before; answers how far the bytes
     * may now be sent: {@code to}, or the start of a head's line that has not ended yet.
     */
    int follow(ByteBuffer b, int from, int to) {
        int at = from;
        int headStart = from;
        while (at < to && state != State.TO_END) {
            if (state == State.STATUS_LINE) {
                headStart = at;
            }
            State before = state;
            int next = switch (state) {
                case STATUS_LINE, FIELDS -> line(b, at, to);
                case LENGTH -> skip(at, to);
                default -> chunk(b, at, to);
            };
            if (next < 0) {
                return to - at > MAX_LINE ? lose(to) : at;
            }
            if (before == State.FIELDS && (state == State.LENGTH || state == State.CHUNKED)) {
                held = next - headStart;
            } else if (before == State.LENGTH || before == State.CHUNKED) {
                held = 0;
            }
            at = next;
        }
        return to;
    }

    /** How many bytes before where {@link #follow} stopped wait still: a head whose body has not begun. */
    int held() {
        return held;
    }

    /** The server behind has ended: whatever is held back goes as it is. */
    int end(int to) {
        return lose(to);
    }

    private int lose(int to) {
        state = State.TO_END;
        held = 0;
        return to;
    }

    /** One whole line of a head, from {@code at}; where the next one starts, or -1 while it has not ended. */
    private int line(ByteBuffer b, int at, int to) {
        int lf = indexOfLf(b, at, to);
        if (lf < 0) {
            return -1;
        }
        int end = lf > at && b.get(lf - 1) == '\r' ? lf - 1 : lf;
        if (state == State.STATUS_LINE) {
            statusLine(b, at, end);
        } else if (end == at) {
            endOfHead();
        } else {
            field(b, at, end);
        }
        return lf + 1;
    }

    private void statusLine(ByteBuffer b, int at, int end) {
        if (end - at < 12 || b.get(at) != 'H' || b.get(at + 4) != '/' || b.get(at + 8) != ' ') {
            state = State.TO_END;
            return;
        }
        status = digits(b, at + 9, at + 12);
        length = -1;
        chunkedBody = false;
        state = status < 0 ? State.TO_END : State.FIELDS;
    }

    private void field(ByteBuffer b, int at, int end) {
        int colon = at;
        while (colon < end && b.get(colon) != ':') {
            colon++;
        }
        if (colon == end || colon == at) {
            state = State.TO_END;
            return;
        }
        HeaderNames.restore(b, at, colon);
        if (named(b, at, colon, "Content-Length")) {
            length = digits(b, valueStart(b, colon + 1, end), end);
        } else if (named(b, at, colon, "Transfer-Encoding")) {
            chunkedBody = true;
        }
    }

    private void endOfHead() {
        if (status >= 100 && status < 200) {
            state = State.STATUS_LINE; // an interim answer; the final one follows for the same request
            return;
        }
        boolean head = Boolean.TRUE.equals(asked.poll());
        if (head || status == 204 || status == 304 || (!chunkedBody && length == 0)) {
            state = State.STATUS_LINE;
        } else if (chunkedBody) {
            chunks = new ChunkedBody();
            state = State.CHUNKED;
        } else if (length > 0) {
            remaining = length;
            state = State.LENGTH;
        } else {
            state = State.TO_END;
        }
    }

    private int skip(int at, int to) {
        int n = (int) Math.min(remaining, to - at);
        remaining -= n;
        if (remaining == 0) {
            state = State.STATUS_LINE;
        }
        return at + n;
    }

    private int chunk(ByteBuffer b, int at, int to) {
        int n = chunks.feed(b, at, to - at);
        if (chunks.malformed()) {
            return lose(to);
        }
        if (chunks.done()) {
            chunks = null;
            state = State.STATUS_LINE;
        }
        return at + n;
    }

    private static int indexOfLf(ByteBuffer b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b.get(i) == '\n') {
                return i;
            }
        }
        return -1;
    }

    private static boolean named(ByteBuffer b, int from, int to, String name) {
        if (to - from != name.length()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            if (b.get(from + i) != name.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private static int valueStart(ByteBuffer b, int from, int end) {
        int i = from;
        while (i < end && (b.get(i) == ' ' || b.get(i) == '\t')) {
            i++;
        }
        return i;
    }

    /** The decimal number in {@code b[from..to)} up to trailing blanks, or -1 when it is none or too long. */
    private static int digits(ByteBuffer b, int from, int to) {
        long n = 0;
        int i = from;
        for (; i < to && b.get(i) >= '0' && b.get(i) <= '9' && i - from < 12; i++) {
            n = n * 10 + (b.get(i) - '0');
        }
        return i == from || n > Integer.MAX_VALUE ? -1 : (int) n;
    }
}
