package org.signet;

import java.io.IOException;
import java.time.Clock;
import org.signet.config.Config;
import org.signet.jobs.SealRenewalJob;
import org.signet.service.Operator;
import org.signet.service.People;
import org.signet.service.Retention;
import org.signet.service.WebhookEvents;
import org.signet.service.SealRenewal;
import org.signet.service.SiteSeal;
import org.signet.store.AccountEventStore;
import org.signet.store.ApiKeyStore;
import org.signet.store.Database;
import org.signet.store.UserStore;
import org.signet.text.Wire;

/**
 * The services a command of the command line works through, built by the server's own wiring ({@link Stores},
 * {@link Services}, {@link Jobs}): a command asks for services, never for stores.
 */
public final class CommandServices {
    /** Renewing seals: one document's now, or every one due as the hourly job would. */
    public record SealWork(SealRenewal renewal, SealRenewalJob dueRenewals) {}

    private CommandServices() {}

    /** Accounts and API keys, as the operator manages them. */
    public static Operator operator(Database db, Clock clock) {
        return new Operator(new UserStore(db, clock), new ApiKeyStore(db, clock), new AccountEventStore(db, clock));
    }

    /**
     * The purge under the site's retention, as the daily job runs it; the webhook events it records are delivered
     * by the server, whose deliverer finds them on its next round.
     */
    public static Retention retention(Config config, Database db, Clock clock) throws IOException {
        return retention(config, Stores.open(db, config.dataDir(), clock));
    }

    /** A person's export and erasure, with the purge an erasure may run. */
    public static People people(Config config, Database db, Clock clock) throws IOException {
        Stores stores = Stores.open(db, config.dataDir(), clock);
        return Services.people(stores, retention(config, stores));
    }

    private static Retention retention(Config config, Stores stores) {
        WebhookEvents events = new WebhookEvents(stores.db, stores.webhooks, stores.clock, () -> { });
        return Services.retention(stores, events, config, new Wire(config.zone()));
    }

    /** Seal renewal over the data folder's vault, checked against {@code db} as the server checks it. */
    public static SealWork sealWork(Config config, Database db, Clock clock) throws IOException {
        Stores stores = Stores.open(db, config.dataDir(), clock);
        SealRenewal renewal = Services.sealRenewal(stores, SiteSeal.sealer(config, SiteSeal.loading(config)));
        return new SealWork(renewal, Jobs.sealRenewalJob(config, stores.documents, renewal, clock));
    }
}
