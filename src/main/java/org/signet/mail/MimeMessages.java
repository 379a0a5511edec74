package org.signet.mail;

import jakarta.activation.DataHandler;
import jakarta.mail.MessagingException;
import jakarta.mail.Part;
import jakarta.mail.Session;
import jakarta.mail.internet.AddressException;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeBodyPart;
import jakarta.mail.internet.MimeMessage;
import jakarta.mail.internet.MimeMultipart;
import jakarta.mail.util.ByteArrayDataSource;
import java.io.UnsupportedEncodingException;
import java.util.Date;
import java.util.List;
import java.util.Properties;
import java.util.function.Supplier;
import org.signet.concurrent.Lazy;
import org.signet.text.FileNames;

/**
 * Builds the MIME form of a {@link MailMessage}; both transports use it, so what the outbox
 * folder shows is exactly what the SMTP server receives.
 */
final class MimeMessages {

    /** Display name of the From address when the configured address has none. */
    static final String DEFAULT_SENDER_NAME = "Signet";

    private static final String UTF_8 = "UTF-8";

    private MimeMessages() {
    }

    /**
     * A mail session made from {@code properties} when first asked for: making one loads the mail
     * providers, which start-up need not wait for; a site may send its first mail much later.
     */
    static Supplier<Session> sessionOnFirstUse(Supplier<Properties> properties) {
        return Lazy.of(() -> Session.getInstance(properties.get()));
    }

    /**
     * Parses the configured From address ({@code noreply@example.org} or
     * {@code Example <noreply@example.org>}); a bare address is shown as "Signet".
     *
     * @throws IllegalArgumentException when it is not one valid address
     */
    static InternetAddress fromAddress(String from) {
        try {
            InternetAddress address = mailbox(from);
            if (address.getPersonal() == null || address.getPersonal().isBlank()) {
                address.setPersonal(DEFAULT_SENDER_NAME, UTF_8);
            }
            return address;
        } catch (AddressException | UnsupportedEncodingException e) {
            throw new IllegalArgumentException("Invalid mail From address '" + from + "': " + e.getMessage(), e);
        }
    }

    /**
     * {@code from} with {@code name} as its display name when it has none of its own, or always when
     * {@code replaceOwn}; {@code from} as it is when it is no valid address, for {@link #fromAddress} to refuse.
     */
    static String withDisplayName(String from, String name, boolean replaceOwn) {
        try {
            InternetAddress address = mailbox(from);
            if (replaceOwn || address.getPersonal() == null || address.getPersonal().isBlank()) {
                address.setPersonal(name, UTF_8);
            }
            return address.toString();
        } catch (AddressException | UnsupportedEncodingException e) {
            return from;
        }
    }

    /** Session properties both transports start from. */
    static Properties sessionProperties(InternetAddress from) {
        Properties properties = new Properties();
        // Message-ID takes its domain from mail.from; without it Jakarta Mail looks up the local host name.
        properties.setProperty("mail.from", from.getAddress());
        return properties;
    }

    /**
     * Builds the message: multipart/alternative (text, then HTML), inside multipart/mixed when
     * there are attachments. Building is deterministic, so a failure here is permanent.
     *
     * @throws MailDeliveryException (permanent) when the recipient address or an attachment is invalid
     */
    static MimeMessage build(Session session, InternetAddress from, MailMessage message)
            throws MailDeliveryException {
        try {
            MimeMessage mime = new MimeMessage(session);
            mime.setFrom(from);
            mime.setRecipient(MimeMessage.RecipientType.TO, recipient(message));
            mime.setSubject(oneLine(message.subject()), UTF_8);
            mime.setSentDate(new Date());
            MimeMultipart alternative = alternative(message);
            mime.setContent(message.attachments().isEmpty()
                    ? alternative : mixed(alternative, message.attachments()));
            mime.saveChanges();
            return mime;
        } catch (MessagingException | UnsupportedEncodingException e) {
            throw new MailDeliveryException("Cannot build the message to " + oneLine(message.to()) + ": "
                    + e.getMessage(), true, e);
        }
    }

    private static InternetAddress recipient(MailMessage message)
            throws AddressException, UnsupportedEncodingException {
        InternetAddress address = mailbox(message.to());
        if (!message.toName().isBlank()) {
            address.setPersonal(oneLine(message.toName()), UTF_8);
        }
        return address;
    }

    /** Parses exactly one address with a domain, strictly (RFC 822 syntax). */
    private static InternetAddress mailbox(String text) throws AddressException {
        InternetAddress address = new InternetAddress(text.strip(), true);
        if (address.getAddress().indexOf('@') < 1) {
            throw new AddressException("Address has no domain", text);
        }
        return address;
    }

    private static MimeMultipart alternative(MailMessage message) throws MessagingException {
        MimeBodyPart text = new MimeBodyPart();
        text.setText(message.text(), UTF_8, "plain");
        MimeBodyPart html = new MimeBodyPart();
        html.setText(message.html(), UTF_8, "html");
        // RFC 2046 section 5.1.4: alternatives go from least to most preferred.
        MimeMultipart alternative = new MimeMultipart("alternative");
        alternative.addBodyPart(text);
        alternative.addBodyPart(html);
        return alternative;
    }

    private static MimeMultipart mixed(MimeMultipart alternative, List<Attachment> attachments)
            throws MessagingException {
        MimeMultipart mixed = new MimeMultipart("mixed");
        MimeBodyPart body = new MimeBodyPart();
        body.setContent(alternative);
        mixed.addBodyPart(body);
        for (Attachment attachment : attachments) {
            mixed.addBodyPart(attachmentPart(attachment));
        }
        return mixed;
    }

    private static MimeBodyPart attachmentPart(Attachment attachment) throws MessagingException {
        MimeBodyPart part = new MimeBodyPart();
        part.setDataHandler(new DataHandler(
                new ByteArrayDataSource(attachment.content(), attachment.contentType())));
        part.setDisposition(Part.ATTACHMENT);
        // Set after the disposition; non-ASCII names are encoded per RFC 2231. Named again here, which
        // changes nothing for a name made so, so that no message ever carries an unsafe one.
        part.setFileName(FileNames.download(attachment.filename(), attachment.contentType()));
        return part;
    }

    /** Header values are one line; a line break in a title must not start a new header. */
    static String oneLine(String value) {
        return value.replaceAll("[\\r\\n]+", " ");
    }
}
