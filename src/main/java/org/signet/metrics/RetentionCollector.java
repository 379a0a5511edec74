package org.signet.metrics;

import java.util.function.LongSupplier;

/**
 * Documents purged under the site's retention, ever: read from the records they leave at each scrape, so the
 * count is the database's, whichever instance or command purged them, and survives a restart.
 */
public final class RetentionCollector implements Collector {
    private final LongSupplier purged;

    public RetentionCollector(LongSupplier purged) {
        this.purged = purged;
    }

    @Override
    public String name() {
        return "retention";
    }

    @Override
    public void collect(Exposition out) {
        out.counter("signet_documents_purged_total", "Documents whose files and personal data were purged under the "
                + "site's retention or a person's erasure; each leaves a record.")
                .sample("signet_documents_purged_total", purged.getAsLong());
    }
}
