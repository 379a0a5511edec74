package org.signet;

import java.time.Clock;
import org.signet.service.EmailCodes;
import org.signet.service.Notifications;
import org.signet.service.UnlockSessions;
import org.signet.store.Database;
import org.signet.store.EmailCodeMailStore;
import org.signet.store.EmailCodeStore;
import org.signet.store.UnlockSessionStore;

/**
 * The services whose state lives in memory on one instance and in the database where several instances share it:
 * there a browser's or a mail's next step may reach any of them.
 */
final class InstanceSharing {
    private InstanceSharing() {}

    /** Where instances share the database, a browser's next request may reach any of them: sessions live there. */
    static UnlockSessions unlockSessions(Database db, Stores stores, Clock clock) {
        return db.deployment().sharedByInstances()
                ? new UnlockSessions(stores.users, clock, new UnlockSessionStore(db))
                : new UnlockSessions(stores.users, clock);
    }

    /** Where instances share the database any of them may send the code's mail, so the code waits there, sealed. */
    static EmailCodes emailCodes(Database db, Stores stores, Notifications notify, Clock clock) {
        EmailCodeStore codes = new EmailCodeStore(db);
        return db.deployment().sharedByInstances()
                ? new EmailCodes(db, codes, stores.documents, stores.audit, notify, clock, new EmailCodeMailStore(db),
                        stores.vault)
                : new EmailCodes(db, codes, stores.documents, stores.audit, notify, clock);
    }
}
