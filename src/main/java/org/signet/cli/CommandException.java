package org.signet.cli;

/** A command that could not do its work (unknown user, schema too new, ...); exit code 1. */
final class CommandException extends Exception {
    CommandException(String message) {
        super(message);
    }
}
