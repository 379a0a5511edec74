package org.signet.mail;

/** Hands a {@link MailMessage} to whatever delivers mail: an SMTP server or the outbox folder. */
public interface MailTransport {

    /**
     * Delivers one message, or throws saying whether trying again later could succeed.
     *
     * @throws MailDeliveryException when the message could not be handed over
     */
    void send(MailMessage message) throws MailDeliveryException;
}
