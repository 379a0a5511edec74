package org.signet.http.front;

/**
 * The minimum transfer rate of one connection: bytes moved against the time the front spent waiting
 * on that client, judged once per 10-second window. Time is handed in by the caller, so the rule is
 * the same whether the front's clock or a test drives it.
 */
final class TransferRate {
    static final long WINDOW_MS = 10_000;

    private final int minBytesPerSecond;
    private long waitedMs;
    private long bytes;

    TransferRate(int minBytesPerSecond) {
        this.minBytesPerSecond = minBytesPerSecond;
    }

    /** {@code n} bytes moved to or from the client. */
    void moved(long n) {
        bytes += n;
    }

    /**
     * {@code elapsedMs} more spent waiting on the client; true when that completes a window in which
     * fewer bytes moved than the minimum rate asks for. Each window starts afresh.
     */
    boolean tooSlowAfter(long elapsedMs) {
        waitedMs += elapsedMs;
        if (waitedMs < WINDOW_MS) {
            return false;
        }
        boolean slow = bytes * 1000 < (long) minBytesPerSecond * waitedMs;
        waitedMs = 0;
        bytes = 0;
        return slow;
    }
}
