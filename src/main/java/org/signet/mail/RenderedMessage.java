package org.signet.mail;

import java.util.List;
import java.util.Objects;

/** A filled-in message template: the subject line and the plain-text and HTML bodies. */
public record RenderedMessage(String subject, String text, String html) {

    public RenderedMessage {
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(html, "html");
    }

    /** The message for one recipient, ready for a {@link MailTransport}. */
    public MailMessage toMessage(String to, String toName, List<Attachment> attachments) {
        return new MailMessage(to, toName, subject, text, html, attachments);
    }
}
