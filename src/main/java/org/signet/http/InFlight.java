package org.signet.http;

import java.time.Duration;

/** Counts requests being handled, so a shutdown can wait for exactly those and no longer. */
final class InFlight {
    private int count;

    synchronized void enter() {
        count++;
    }

    synchronized void exit() {
        count--;
        if (count == 0) {
            notifyAll();
        }
    }

    synchronized boolean awaitZero(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (count > 0) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            wait(Math.max(1, left / 1_000_000));
        }
        return true;
    }
}
