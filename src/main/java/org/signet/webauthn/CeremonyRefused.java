package org.signet.webauthn;

/**
 * A passkey ceremony whose answer does not hold: malformed, made for another origin or challenge, without
 * user verification, with a bad signature or a counter that did not grow. The message says which, for the log.
 */
public final class CeremonyRefused extends Exception {
    private static final long serialVersionUID = 1L;

    public CeremonyRefused(String message, Throwable cause) {
        super(message, cause);
    }
}
