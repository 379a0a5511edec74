package org.signet.store;

import java.util.logging.Logger;

/**
 * The secrets an earlier Signet kept in clear, sealed once: webhooks' secrets and the answers kept for
 * idempotency keys (see {@link SealedValues}). Migration 033 leaves a row in {@code clear_values_left};
 * the first start after it seals every clear value, and on SQLite rewrites the file with {@code VACUUM}
 * and empties the write-ahead log, so that no clear value written or deleted before is left in a free
 * page or an old log frame; then it removes the row. Cut short, it runs again at the next start.
 */
public final class ClearValues {
    private static final Logger LOG = Logger.getLogger("signet.store");
    /** Answers sealed per transaction: each may be up to a mebibyte, and together far more than the heap. */
    private static final int ANSWERS_PER_BATCH = 16;

    private ClearValues() {}

    /** Seals what is left in clear, if anything is; returns how many values were sealed. */
    public static int sealLeft(Database db, SealedValues sealed) {
        if (db.queryOne("SELECT id FROM clear_values_left", r -> true).isEmpty()) {
            return 0;
        }
        int secrets = new WebhookStore(db, sealed).sealClearSecrets();
        IdempotencyStore answers = new IdempotencyStore(db, sealed);
        int kept = 0;
        for (int n = answers.sealClearAnswers(ANSWERS_PER_BATCH); n > 0; n = answers.sealClearAnswers(ANSWERS_PER_BATCH)) {
            kept += n;
        }
        db.rewrite();
        db.update("DELETE FROM clear_values_left");
        if (secrets + kept > 0) {
            LOG.info("Sealed under the master key what an earlier Signet kept in clear: " + secrets
                    + " webhook secrets and " + kept + " answers kept for idempotency keys");
        }
        return secrets + kept;
    }
}
