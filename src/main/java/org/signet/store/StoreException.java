package org.signet.store;

/** A database failure, wrapped once at the JDBC boundary; names the SQL, never its parameters. */
public final class StoreException extends RuntimeException {
    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
