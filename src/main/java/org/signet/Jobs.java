package org.signet;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import org.signet.config.Config;
import org.signet.http.RateLimiter;
import org.signet.jobs.BackupJob;
import org.signet.jobs.ExpiryJob;
import org.signet.jobs.IdempotencyPruneJob;
import org.signet.jobs.ReminderJob;
import org.signet.jobs.RetentionJob;
import org.signet.jobs.Scheduler;
import org.signet.jobs.SealRenewalJob;
import org.signet.jobs.StagingCleanupJob;
import org.signet.service.Backups;
import org.signet.service.SealRenewal;
import org.signet.store.Database;
import org.signet.store.DocumentStore;

/** Signet's background work over its {@link Services}, built once and handed to the {@link Scheduler} by {@link #schedule}. */
final class Jobs {
    final Services services;
    final ExpiryJob expiryJob;
    final ReminderJob reminderJob;
    final StagingCleanupJob stagingCleanup;
    final IdempotencyPruneJob idempotencyPrune;
    final SealRenewalJob sealRenewalJob;
    final RetentionJob retentionJob;
    /** Empty when Signet takes no backups itself. */
    final Optional<BackupJob> backupJob;

    Jobs(Services s) throws IOException {
        this.services = s;
        expiryJob = new ExpiryJob(s.stores.documents, s.workflow, s.clock);
        reminderJob = new ReminderJob(s.stores.documents, s.workflow, s.clock);
        stagingCleanup = new StagingCleanupJob(s.staging);
        idempotencyPrune = new IdempotencyPruneJob(s.idempotencyKeys);
        sealRenewalJob = sealRenewalJob(s.config, s.stores.documents, s.sealRenewal, s.clock);
        backupJob = backupJob(s.config, s.db, s.clock);
        retentionJob = new RetentionJob(s.retention, s.clock);
    }

    /** Renews the seals that are due: the server's hourly job and the command line's {@code seals renew} alike. */
    static SealRenewalJob sealRenewalJob(Config config, DocumentStore documents, SealRenewal renewal, Clock clock) {
        return new SealRenewalJob(documents, renewal, clock, Duration.ofDays(config.integer("signing.renew_days")));
    }

    private static Optional<BackupJob> backupJob(Config config, Database db, Clock clock) throws IOException {
        int hours = config.integer("backup.every_hours");
        if (hours == 0) {
            return Optional.empty();
        }
        if (config.string("backup.dir").isEmpty()) {
            throw new IOException("backup.every_hours is " + hours + " but backup.dir is not set: name the folder"
                    + " the backups go to");
        }
        return Optional.of(new BackupJob(new Backups(db, config.dataDir(), clock), Path.of(config.string("backup.dir")),
                Duration.ofHours(hours), config.integer("backup.keep"), clock));
    }

    /** Hands every job to {@code scheduler} at its period; the rate limiter's counters are evicted there too. */
    void schedule(Scheduler scheduler, RateLimiter limiter) {
        Services s = services;
        scheduler.every("rate-limit-eviction", Duration.ofMinutes(1), Duration.ofMinutes(1),
                () -> limiter.evictExpired(Duration.ofHours(1)));
        scheduler.every("mail", Duration.ofSeconds(5), Duration.ofSeconds(15), s.mailSender::runOnce);
        scheduler.every("expiry", Duration.ofSeconds(10), Duration.ofSeconds(30), expiryJob);
        scheduler.every("reminders", Duration.ofMinutes(1), Duration.ofMinutes(15), reminderJob);
        scheduler.every("sealing", Duration.ofSeconds(30), Duration.ofMinutes(1), s.completion::sealPending);
        scheduler.every("seal-renewal", Duration.ofMinutes(10), Duration.ofHours(1), sealRenewalJob);
        scheduler.every("unlock-sessions", Duration.ofMinutes(5), Duration.ofMinutes(5), s.unlockSessions::evictExpired);
        scheduler.every("admin-sessions", Duration.ofMinutes(5), Duration.ofMinutes(5), s.signIns.sessions::evictExpired);
        s.signIns.singleSignOn.ifPresent(sso ->
                scheduler.every("sso-pending", Duration.ofMinutes(5), Duration.ofMinutes(5), sso::evictExpired));
        scheduler.every("staging-cleanup", Duration.ofMinutes(1), Duration.ofMinutes(5), stagingCleanup);
        scheduler.every("idempotency-prune", Duration.ofMinutes(5), Duration.ofMinutes(15), idempotencyPrune);
        scheduler.every("webhooks", Duration.ofSeconds(5), Duration.ofSeconds(15), s.webhookDeliverer::runOnce);
        // Also woken when a bulk send starts; the periodic run carries on after a restart.
        scheduler.every("bulk-sends", Duration.ofSeconds(3), Duration.ofSeconds(30), s.bulkSendJob);
        Duration keepMail = Duration.ofDays(s.config.integer("mail.retention_days"));
        // Every few minutes it asks whether a backup is due, so a restart never skips one for a period.
        backupJob.ifPresent(b -> scheduler.every("backup", Duration.ofMinutes(1), Duration.ofMinutes(5), b));
        // Asked hourly; it purges once a day, whichever instance claims the day first.
        scheduler.every("retention", Duration.ofMinutes(3), Duration.ofHours(1), retentionJob);
        scheduler.every("mail-retention", Duration.ofMinutes(2), Duration.ofHours(1),
                () -> s.mailSender.pruneDelivered(keepMail));
    }
}
