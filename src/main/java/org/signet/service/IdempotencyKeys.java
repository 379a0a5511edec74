package org.signet.service;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.signet.domain.IdempotentAnswer;
import org.signet.domain.IdempotentRequest;
import org.signet.store.Database;
import org.signet.store.IdempotencyStore;

/**
 * Idempotency keys of API keys: a request is claimed under its key before it runs, in a short
 * transaction of its own, and its answer is remembered for a day so that a retry gets it again. What
 * one API key keeps is capped: past the cap its oldest answers are forgotten first, as if their day
 * were over, so a client sending large answers at its full rate shortens its own window, no one else's,
 * and never fills the disk.
 */
public final class IdempotencyKeys {
    /** How long an answer is kept for a retry. */
    public static final Duration RETENTION = Duration.ofHours(24);
    /**
     * Longer than any request runs here: on a database several instances share, a key claimed longer
     * ago than this and still running was left by an instance that stopped, and is let go.
     */
    public static final Duration ABANDONED_AFTER = Duration.ofMinutes(15);

    /** Answers looked at per query when the oldest are forgotten to make room. */
    private static final int EVICTION_BATCH = 64;

    private final Database db;
    private final IdempotencyStore store;
    private final Clock clock;
    private final long maxBytesPerKey;

    /** {@code maxBytesPerKey}: how many bytes of answers (as sealed) one API key may have kept at once. */
    public IdempotencyKeys(Database db, IdempotencyStore store, Clock clock, long maxBytesPerKey) {
        this.db = db;
        this.store = store;
        this.clock = clock;
        this.maxBytesPerKey = maxBytesPerKey;
    }

    /**
     * Claims {@code idempotencyKey} of API key {@code keyId} for a request now starting: empty when it
     * is this request's to run, else the request that holds the key (running, or done with its answer).
     * A request older than {@link #RETENTION} is forgotten here even before the pruning job has run.
     */
    public Optional<IdempotentRequest> claim(long keyId, String idempotencyKey, String method, String target) {
        return db.inTransaction(() -> {
            long now = now();
            store.deleteIfCreatedBefore(keyId, idempotencyKey, now - RETENTION.toSeconds());
            if (shared()) {
                store.deleteIfInProgressBefore(keyId, idempotencyKey, now - ABANDONED_AFTER.toSeconds());
            }
            if (store.claim(keyId, idempotencyKey, method, target, now)) {
                return Optional.empty();
            }
            return store.find(keyId, idempotencyKey);
        });
    }

    /**
     * Keeps the answer of the request that claimed the key, and forgets the API key's oldest answers
     * while together they are over the cap (never this one).
     */
    public void complete(long keyId, String idempotencyKey, IdempotentAnswer answer) {
        db.inTransaction(() -> {
            store.complete(keyId, idempotencyKey, answer.bodySha256(), answer.bodyLength(), answer.status(),
                    answer.contentType(), answer.body());
            long over = store.keptBytes(keyId) - maxBytesPerKey;
            while (over > 0) {
                List<IdempotencyStore.Kept> oldest = store.oldestKept(keyId, EVICTION_BATCH);
                for (IdempotencyStore.Kept k : oldest) {
                    if (over > 0 && !k.idempotencyKey().equals(idempotencyKey)) {
                        store.delete(keyId, k.idempotencyKey());
                        over -= k.bytes();
                    }
                }
                if (oldest.size() < EVICTION_BATCH) {
                    return;
                }
            }
        });
    }

    /** Lets the key go without an answer, so that a retry runs the request again. */
    public void forget(long keyId, String idempotencyKey) {
        store.delete(keyId, idempotencyKey);
    }

    /** Removes every request older than {@link #RETENTION}; returns how many. */
    public int pruneExpired() {
        return store.deleteCreatedBefore(now() - RETENTION.toSeconds());
    }

    /**
     * Releases keys whose requests were still running when Signet stopped, which would otherwise refuse
     * every retry for a day. On SQLite this is the only process, so none runs at start-up and every
     * claimed key is released. On a shared PostgreSQL other instances may be running requests right now: only
     * claims older than {@link #ABANDONED_AFTER} are released, those of an instance that stopped (the
     * rest are let go by {@link #claim} once they are that old).
     */
    public int releaseAbandoned() {
        return shared() ? store.deleteInProgressBefore(now() - ABANDONED_AFTER.toSeconds()) : store.deleteInProgress();
    }

    /** Whether other instances may use this database or this process is its only user. */
    private boolean shared() {
        return db.deployment().sharedByInstances();
    }


    private long now() {
        return clock.millis() / 1000;
    }
}
