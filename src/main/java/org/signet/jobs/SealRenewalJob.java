package org.signet.jobs;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.signet.error.Refusal;
import org.signet.service.SealRenewal;
import org.signet.store.DocumentStore;

/**
 * Renews the evidence of every sealed document whose newest document timestamp's authority
 * certificate expires within {@code signing.renew_days}; runs every hour. A renewal that fails (an
 * authority down) is tried again at the next run. A document renewed within the last quarter of
 * that window waits: an authority whose own certificate is about to expire gives nothing better
 * by being asked again at once.
 */
public final class SealRenewalJob implements Runnable {
    private static final Logger LOG = Logger.getLogger("signet.jobs");

    private final DocumentStore documents;
    private final SealRenewal renewal;
    private final Clock clock;
    private final Duration window;

    public SealRenewalJob(DocumentStore documents, SealRenewal renewal, Clock clock, Duration window) {
        this.documents = documents;
        this.renewal = renewal;
        this.clock = clock;
        this.window = window;
    }

    @Override
    public void run() {
        runOnce();
    }

    /** Renews every seal due now; returns how many were renewed. */
    public int runOnce() {
        long now = clock.millis() / 1000;
        long rest = Math.max(window.toSeconds() / 4, Duration.ofHours(1).toSeconds());
        int renewed = 0;
        for (long id : documents.dueForRenewal(now + window.toSeconds(), now - rest, 100)) {
            if (Thread.currentThread().isInterrupted()) {
                break; // Signet is stopping: the rest stay due for the next start
            }
            try {
                if (renewal.renew(id).isPresent()) {
                    renewed++;
                }
            } catch (Refusal e) {
                LOG.fine("document " + id + " not renewed: " + e.getMessage());
            } catch (IOException | RuntimeException e) {
                LOG.log(Level.WARNING, "the seal of document " + id + " could not be renewed; the next run tries again", e);
            }
        }
        return renewed;
    }
}
