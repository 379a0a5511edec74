package org.signet.oidc;

/**
 * A sign-in the provider's side could not complete: the provider unreachable, the code refused at its token
 * endpoint, or an ID token that does not pass its checks. The message is for the log, never for the page.
 */
public final class OidcException extends Exception {
    private static final long serialVersionUID = 1L;

    /** What failed, which decides what the person signing in is told. */
    public enum Reason {
        /** Discovery, the token endpoint or the key set did not answer, or answered something unreadable. */
        UNREACHABLE,
        /** The token endpoint refused the code: a wrong client secret, a code used or expired. */
        TOKEN_REFUSED,
        /** The ID token's signature, algorithm, issuer, audience, times or nonce are not what they must be. */
        INVALID_TOKEN
    }

    private final Reason reason;

    public OidcException(Reason reason, String message) {
        super(message, null, false, false);
        this.reason = reason;
    }

    public OidcException(Reason reason, String message, Throwable cause) {
        super(message, cause, false, false);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }

    /**
     * An {@code error} value a provider sent, fit for a log line: the characters RFC 6749 (section 4.1.2.1)
     * allows in one, at most 64 of them, else a word saying it was not one; a value from the address bar must
     * not write lines of its own into the log.
     */
    public static String errorCode(String value) {
        if (value == null || value.isEmpty()) {
            return "(none)";
        }
        return value.matches("[\\x20-\\x21\\x23-\\x5b\\x5d-\\x7e]{1,64}") ? value : "(not an error code)";
    }
}
