package org.signet.mail;

import java.util.List;
import java.util.Objects;

/**
 * One email ready to hand to a {@link MailTransport}: recipient, subject, plain-text and HTML
 * bodies, and attachments. {@code toName} may be empty when the recipient's name is unknown.
 */
public record MailMessage(String to, String toName, String subject, String text, String html,
                          List<Attachment> attachments) {

    public MailMessage {
        Objects.requireNonNull(to, "to");
        Objects.requireNonNull(toName, "toName");
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(html, "html");
        attachments = List.copyOf(Objects.requireNonNull(attachments, "attachments"));
    }

    /** A message without attachments. */
    public MailMessage(String to, String toName, String subject, String text, String html) {
        this(to, toName, subject, text, html, List.of());
    }

    /** Leaves out the bodies: they hold signing links, which are credentials and must not reach logs. */
    @Override
    public String toString() {
        return "MailMessage[to=" + to + ", subject=" + subject
                + ", attachments=" + attachments.size() + "]";
    }
}
