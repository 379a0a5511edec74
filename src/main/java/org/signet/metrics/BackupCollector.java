package org.signet.metrics;

import java.time.Instant;
import java.util.Optional;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Signet's own backups: when the newest complete one was taken, read from the backup folder at each
 * scrape so that it survives a restart, and how many due backups failed since start. Both are 0 when
 * Signet takes no backups itself.
 */
public final class BackupCollector implements Collector {
    private final Supplier<Optional<Instant>> newest;
    private final LongSupplier failures;

    public BackupCollector(Supplier<Optional<Instant>> newest, LongSupplier failures) {
        this.newest = newest;
        this.failures = failures;
    }

    @Override
    public String name() {
        return "backups";
    }

    @Override
    public void collect(Exposition out) {
        out.gauge("signet_backup_last_success_timestamp_seconds",
                "When the newest complete backup in backup.dir was taken, in Unix seconds; 0 when there is none.")
                .sample("signet_backup_last_success_timestamp_seconds",
                        newest.get().map(Instant::getEpochSecond).orElse(0L));
        out.counter("signet_backup_failures_total", "Backups that were due and failed since Signet started.")
                .sample("signet_backup_failures_total", failures.getAsLong());
    }
}
