package org.signet.http.front;

/**
 * How long, and how much, a relay that has answered and is closing goes on reading and dropping what
 * the client still sends: until the client has sent nothing for {@link #IDLE_MS}, and never past
 * {@link #MAX_MS} or {@link #MAX_BYTES} in all. A client that writes its whole body before it reads
 * (as many do) then finds the answer instead of a reset, and one that goes on sending is cut off all
 * the same. The front drains without a worker thread, so this costs a socket for seconds at most.
 * Time is handed in by the caller, as for {@link TransferRate}.
 */
final class Drain {
    static final long IDLE_MS = 2_000;
    static final long MAX_MS = 10_000;
    static final long MAX_BYTES = 64L * 1024 * 1024;

    private long bytes;
    private long startedAt = -1;
    private long lastAt;

    /** Our side is shut at {@code now}: the clocks start (bytes dropped before count all the same). */
    void start(long now) {
        startedAt = now;
        lastAt = now;
    }

    /** {@code n} bytes read and dropped at {@code now}; true when that passes the byte cap. */
    boolean dropped(long n, long now) {
        bytes += n;
        lastAt = now;
        return bytes > MAX_BYTES;
    }

    /** Whether a drain that has started should end now: the client went quiet, or its time is up. */
    boolean over(long now) {
        return startedAt >= 0 && (now - lastAt > IDLE_MS || now - startedAt > MAX_MS);
    }
}
