package org.signet.cli;

/** A command line that cannot be carried out as written; the message says what to change. */
final class UsageException extends Exception {
    UsageException(String message) {
        super(message);
    }
}
