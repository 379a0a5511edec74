package org.signet.jobs;

import java.time.Clock;
import java.util.List;
import java.util.logging.Logger;
import org.signet.service.Retention;

/**
 * Purges the documents whose retention has run out, once a day across every instance on the database: it is
 * asked every hour, and the run claims the day in the database (see {@link Retention#runDaily}).
 */
public final class RetentionJob implements Runnable {
    private static final Logger LOG = Logger.getLogger("signet.jobs");

    private final Retention retention;
    private final Clock clock;

    public RetentionJob(Retention retention, Clock clock) {
        this.retention = retention;
        this.clock = clock;
    }

    @Override
    public void run() {
        runOnce();
    }

    /** Runs the day's purge if it is due and no other instance has it; returns how many documents it purged. */
    public int runOnce() {
        return retention.runDaily(clock.millis() / 1000).map(RetentionJob::purged).orElse(0);
    }

    private static int purged(List<Retention.Outcome> outcomes) {
        int purged = (int) outcomes.stream().filter(o -> o.action() == Retention.Action.PURGED).count();
        long held = outcomes.stream().filter(o -> o.action() == Retention.Action.HELD).count();
        if (purged > 0 || held > 0) {
            LOG.info("retention: purged " + purged + " document(s); " + held + " due but held");
        }
        return purged;
    }
}
