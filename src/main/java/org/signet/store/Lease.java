package org.signet.store;

import java.time.Duration;
import java.util.UUID;

/**
 * A claim on rows of a queue (mail, webhooks): the name of the claim, new for every claim, and until
 * when (Unix seconds) its rows belong to it. Only the holder records a row's outcome, and a claim
 * left behind by a process that stopped ends with its lease, so the row is taken again.
 */
public record Lease(String holder, long until) {
    /** A new claim from {@code now} for {@code length}. */
    public static Lease from(long now, Duration length) {
        return new Lease(UUID.randomUUID().toString(), now + length.toSeconds());
    }

    /** Whether work started at {@code now} that takes at most {@code longest} ends before the lease does. */
    public boolean covers(long now, Duration longest) {
        return now + longest.toSeconds() < until;
    }
}
