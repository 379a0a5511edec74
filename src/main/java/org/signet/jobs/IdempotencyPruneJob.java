package org.signet.jobs;

import org.signet.service.IdempotencyKeys;

/** Forgets the requests remembered under idempotency keys once they are a day old; runs every few minutes. */
public final class IdempotencyPruneJob implements Runnable {
    private final IdempotencyKeys keys;

    public IdempotencyPruneJob(IdempotencyKeys keys) {
        this.keys = keys;
    }

    @Override
    public void run() {
        runOnce();
    }

    /** Removes every remembered request older than a day; returns how many. */
    public int runOnce() {
        return keys.pruneExpired();
    }
}
