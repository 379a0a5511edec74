package org.signet.store;

import java.sql.SQLException;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;
import java.util.logging.Logger;
import org.signet.error.Refusal;

/**
 * Runs a write transaction again when PostgreSQL gave it up because of another transaction: a
 * deadlock it broke, a serialization failure or a lock it could not wait for. Every change runs as one
 * transaction, so running it again from the start is safe; if it is given up every time, the caller
 * gets a 503 {@code busy} to try again, never an internal error.
 */
final class Contention {
    private static final Logger LOG = Logger.getLogger("signet.store");
    /** deadlock_detected, serialization_failure, lock_not_available. */
    private static final Set<String> GIVEN_UP = Set.of("40P01", "40001", "55P03");
    static final int ATTEMPTS = 4;

    private Contention() {}

    static <T> T retrying(Supplier<T> transaction) {
        for (int attempt = 1; ; attempt++) {
            try {
                return transaction.get();
            } catch (StoreException e) {
                if (!givenUpForAnother(e)) {
                    throw e;
                }
                if (attempt == ATTEMPTS) {
                    LOG.warning("a transaction was given up " + ATTEMPTS + " times for others on the same rows: " + e.getMessage());
                    throw busy();
                }
                // A short random pause, so that the two that collided do not meet again at once.
                LockSupport.parkNanos(ThreadLocalRandom.current().nextLong(1_000_000, 20_000_000L * attempt));
            }
        }
    }

    /** Whether PostgreSQL ended the transaction because of another one, by the SQLSTATE in its cause chain. */
    static boolean givenUpForAnother(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql && sql.getSQLState() != null && GIVEN_UP.contains(sql.getSQLState())) {
                return true;
            }
        }
        return false;
    }

    static Refusal busy() {
        return new Refusal(Refusal.Kind.UNAVAILABLE, "busy", "Others are changing the same document right now; "
                + "try again in a moment.", Map.of("retry_after", 1));
    }
}
