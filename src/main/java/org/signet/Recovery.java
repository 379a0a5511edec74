package org.signet;

import org.signet.service.IdempotencyKeys;
import org.signet.store.ClearValues;

/**
 * What a stopped run left behind, put in order before the first request: run once at start, after the
 * wiring is built and before the server listens, when no request of this process can be in flight.
 */
final class Recovery {
    private Recovery() {}

    static void afterStoppedRun(Stores stores, IdempotencyKeys idempotencyKeys) {
        // Links made before tokens were sealed keep working: their tokens become hashes here, once.
        stores.tokens.secureExisting(stores.db);
        // Webhook secrets and kept answers an earlier Signet wrote in clear are sealed here, once.
        ClearValues.sealLeft(stores.db, stores.sealedValues);
        // A file still unclaimed was left by a request that a crash interrupted (where instances share the
        // database, another Signet's may be in flight, so only the abandoned ones).
        stores.files.destroyLeftOver();
        // A key still claimed was held by a request that a stop interrupted.
        idempotencyKeys.releaseAbandoned();
        // Claims on queued work and seals that a stopped run of this instance left (killed mid-delivery) are
        // taken again now rather than when their leases end; other instances' claims are left to their leases.
        stores.mailOutbox.releaseStoppedRun();
        stores.webhooks.releaseStoppedRun();
        stores.documents.releaseStoppedSealClaims();
    }
}
