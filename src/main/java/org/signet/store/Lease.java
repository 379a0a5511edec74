package org.signet.store;

import java.time.Duration;
import java.util.UUID;

/**
 * A claim on rows of a queue (mail, webhooks): the name of the claim, new for every claim, and until
 * when (Unix seconds) its rows belong to it. Only the holder records a row's outcome, and a claim
 * left behind by a process that stopped ends with its lease, so the row is taken again.
 */
public record Lease(String holder, long until) {
    /**
     * A new claim of {@code instance} (see {@link Database#instance()}) from {@code now} for {@code length}:
     * its holder is the instance's name, a slash, and a name new for this claim.
     */
    public static Lease from(String instance, long now, Duration length) {
        return new Lease(instance + "/" + UUID.randomUUID(), now + length.toSeconds());
    }

    /** The holders of every claim of {@code instance}, as a LIKE pattern (instance names are hex digits and dashes). */
    static String ofInstance(String instance) {
        return instance + "/%";
    }

    /**
     * Lets go of the claims on queue {@code table} that a stopped run of this instance still held, at its start:
     * every claim where this process is the database's only user, else the claims named after this instance
     * ({@link Database#instance()}); another instance's are working now, and their leases decide.
     */
    static int releaseStoppedRun(Database db, String table) {
        String release = "UPDATE " + table + " SET claimed_by = NULL, claimed_until = NULL WHERE ";
        return db.deployment().sharedByInstances() ? db.update(release + "claimed_by LIKE ?", ofInstance(db.instance()))
                : db.update(release + "claimed_by IS NOT NULL");
    }

    /** Whether work started at {@code now} that takes at most {@code longest} ends before the lease does. */
    public boolean covers(long now, Duration longest) {
        return now + longest.toSeconds() < until;
    }
}
