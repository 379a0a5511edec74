package org.signet.http.front;

import java.nio.ByteBuffer;

/**
 * Follows a chunked body (RFC 9112 section 7.1) as its bytes pass through, to find where it ends and
 * the next request, or the next answer, begins. Strict: size lines are hex digits with an optional extension, every line
 * ends in CRLF, and size lines and trailers are bounded; what it refuses the front does not pass on.
 */
final class ChunkedBody {
    private static final int MAX_LINE = 1024;
    private static final int MAX_TRAILER = 8 * 1024;

    private enum State { SIZE, SIZE_LF, DATA, DATA_CR, DATA_LF, TRAILER, TRAILER_LF, DONE }

    private State state = State.SIZE;
    private long size;
    private int digits;
    private boolean inExtension;
    private int lineLength;
    private int trailerBytes;
    private long remaining;
    private boolean malformed;

    /**
     * Takes up to {@code length} bytes from {@code b[offset..]} and returns how many belong to this
     * body (fewer only when it ended or turned out malformed).
     */
    int feed(byte[] b, int offset, int length) {
        return feed(ByteBuffer.wrap(b), offset, length);
    }

    /** As {@link #feed(byte[], int, int)}, at absolute indices of {@code b}. */
    int feed(ByteBuffer b, int offset, int length) {
        int i = 0;
        while (i < length && state != State.DONE && !malformed) {
            if (state == State.DATA) {
                int n = (int) Math.min(remaining, length - i);
                remaining -= n;
                i += n;
                if (remaining == 0) {
                    state = State.DATA_CR;
                }
                continue;
            }
            step(b.get(offset + i));
            i++;
        }
        return i;
    }

    boolean done() {
        return state == State.DONE;
    }

    boolean malformed() {
        return malformed;
    }

    private void step(byte c) {
        switch (state) {
            case SIZE -> sizeLine(c);
            case SIZE_LF -> endSizeLine(c);
            case DATA_CR -> expect(c, '\r', State.DATA_LF);
            case DATA_LF -> expect(c, '\n', State.SIZE);
            case TRAILER -> trailerLine(c);
            case TRAILER_LF -> endTrailerLine(c);
            default -> malformed = true;
        }
    }

    private void sizeLine(byte c) {
        if (++lineLength > MAX_LINE) {
            malformed = true;
        } else if (c == '\r') {
            state = State.SIZE_LF;
        } else if (inExtension) {
            malformed = (c < 0x20 && c != '\t') || c == 0x7f;
        } else if (c == ';') {
            inExtension = true;
        } else if (Character.digit(c, 16) >= 0 && digits < 15) {
            size = size * 16 + Character.digit(c, 16);
            digits++;
        } else {
            malformed = true;
        }
    }

    private void endSizeLine(byte c) {
        if (c != '\n' || digits == 0) {
            malformed = true;
            return;
        }
        lineLength = 0;
        digits = 0;
        inExtension = false;
        if (size == 0) {
            state = State.TRAILER;
        } else {
            remaining = size;
            size = 0;
            state = State.DATA;
        }
    }

    private void trailerLine(byte c) {
        if (++trailerBytes > MAX_TRAILER || ((c < 0x20 && c != '\t' && c != '\r') || c == 0x7f)) {
            malformed = true;
        } else if (c == '\r') {
            state = State.TRAILER_LF;
        } else {
            lineLength++;
        }
    }

    private void endTrailerLine(byte c) {
        if (c != '\n') {
            malformed = true;
            return;
        }
        state = lineLength == 0 ? State.DONE : State.TRAILER;
        lineLength = 0;
    }

    private void expect(byte c, char wanted, State next) {
        if (c == wanted) {
            state = next;
        } else {
            malformed = true;
        }
    }
}
