package org.signet.domain;

import java.util.Objects;

/**
 * A rendered message to queue: its template's name, recipient, subject and bodies, and, each possibly
 * null, the document it is about and the stored file it attaches.
 */
public record NewOutboxMessage(String template, String recipient, String recipientName, String subject,
        String textBody, String htmlBody, Long documentId, QueuedAttachment attachment) {

    public NewOutboxMessage {
        Objects.requireNonNull(recipient, "recipient");
    }

    /** Leaves out the bodies: they hold signing links, which are credentials and must not reach logs. */
    @Override
    public String toString() {
        return "NewOutboxMessage[template=" + template + ", to=" + recipient + "]";
    }
}
