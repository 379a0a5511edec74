package org.signet.jobs;

import org.signet.service.Staging;

/** Removes staged files nobody turned into a document within their 15 minutes; runs every few minutes. */
public final class StagingCleanupJob implements Runnable {
    private final Staging staging;

    public StagingCleanupJob(Staging staging) {
        this.staging = staging;
    }

    @Override
    public void run() {
        runOnce();
    }

    /** Removes every staged file older than its lifetime; returns how many. */
    public int runOnce() {
        return staging.removeExpired();
    }
}
