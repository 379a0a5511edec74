package org.signet.mail;

/**
 * Thrown when a message could not be handed over; {@link #permanent()} tells a queue whether a
 * retry could succeed (a refused connection may, a recipient the server rejects will not).
 */
public final class MailDeliveryException extends Exception {

    private static final long serialVersionUID = 1L;

    private final boolean permanent;

    public MailDeliveryException(String message, boolean permanent, Throwable cause) {
        super(message, cause);
        this.permanent = permanent;
    }

    /** True when retrying the same message cannot succeed, e.g. the recipient address is rejected. */
    public boolean permanent() {
        return permanent;
    }
}
