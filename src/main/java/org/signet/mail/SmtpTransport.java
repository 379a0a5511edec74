package org.signet.mail;

import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.Transport;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Supplier;
import java.util.Properties;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.angus.mail.smtp.SMTPAddressFailedException;

/** Sends messages through the configured SMTP server (Jakarta Mail with the Angus provider). */
public final class SmtpTransport implements MailTransport {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final Logger LOG = Logger.getLogger(SmtpTransport.class.getName());

    private final SmtpSettings settings;
    private final InternetAddress from;
    private final Supplier<Session> session;

    /**
     * @throws IllegalArgumentException when the From address in the settings is not valid
     */
    public SmtpTransport(SmtpSettings settings) {
        this(settings, TIMEOUT);
    }

    /** With another connect and read timeout, so tests of a silent server finish quickly. */
    SmtpTransport(SmtpSettings settings, Duration timeout) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.from = MimeMessages.fromAddress(settings.from());
        this.session = MimeMessages.sessionOnFirstUse(() -> properties(settings, this.from, timeout));
    }

    private static Properties properties(SmtpSettings settings, InternetAddress from, Duration timeout) {
        Properties properties = MimeMessages.sessionProperties(from);
        properties.setProperty("mail.smtp.host", settings.host());
        properties.setProperty("mail.smtp.port", Integer.toString(settings.port()));
        String millis = Long.toString(timeout.toMillis());
        // Without these a server that accepts and then stays silent holds the sender forever.
        properties.setProperty("mail.smtp.connectiontimeout", millis);
        properties.setProperty("mail.smtp.timeout", millis);
        properties.setProperty("mail.smtp.writetimeout", millis);
        properties.setProperty("mail.smtp.auth", Boolean.toString(settings.authenticates()));
        if (settings.starttls()) {
            properties.setProperty("mail.smtp.starttls.enable", "true");
            // Required, or a man in the middle strips STARTTLS and reads the password and the links.
            properties.setProperty("mail.smtp.starttls.required", "true");
            properties.setProperty("mail.smtp.ssl.checkserveridentity", "true");
        }
        return properties;
    }

    @Override
    public void send(MailMessage message) throws MailDeliveryException {
        MimeMessage mime = MimeMessages.build(session.get(), from, message);
        Transport transport = null;
        try {
            transport = session.get().getTransport("smtp");
            if (settings.authenticates()) {
                transport.connect(settings.host(), settings.port(), settings.username(), settings.password());
            } else {
                transport.connect();
            }
            transport.sendMessage(mime, mime.getAllRecipients());
        } catch (MessagingException e) {
            throw failure(message, e);
        } finally {
            closeQuietly(transport);
        }
    }

    private MailDeliveryException failure(MailMessage message, MessagingException e) {
        boolean permanent = recipientRejected(e);
        String what = permanent ? "The SMTP server rejected the recipient " : "Could not send mail to ";
        String text = what + message.to() + " via " + settings.host() + ":" + settings.port()
                + ": " + masked(describe(e));
        return new MailDeliveryException(text, permanent, e);
    }

    /** A 5xx reply to RCPT TO (RFC 5321 section 4.2.1) means this address will never be accepted. */
    private static boolean recipientRejected(MessagingException e) {
        for (Exception next = e; next != null; next = next instanceof MessagingException m
                ? m.getNextException() : null) {
            if (next instanceof SMTPAddressFailedException rejected
                    && rejected.getReturnCode() >= 500 && rejected.getReturnCode() < 600) {
                return true;
            }
        }
        return false;
    }

    /** The first line of each exception in the chain; Jakarta Mail spreads them over lines. */
    private static String describe(Throwable e) {
        StringBuilder text = new StringBuilder();
        for (Throwable next = e; next != null; next = next.getCause() == next ? null : next.getCause()) {
            String line = next.getMessage() == null ? next.getClass().getSimpleName()
                    : next.getMessage().lines().findFirst().orElse("").strip();
            if (text.indexOf(line) < 0) {
                text.append(text.length() == 0 ? "" : "; ").append(line);
            }
        }
        return text.toString();
    }

    /** Servers sometimes echo what they were sent; the password must not reach a log from here. */
    private String masked(String text) {
        String password = settings.password();
        return password == null || password.isEmpty() ? text : text.replace(password, "****");
    }

    private static void closeQuietly(Transport transport) {
        if (transport == null) {
            return;
        }
        try {
            transport.close();
        } catch (MessagingException e) {
            // The message was already accepted (or already failed); a failed QUIT changes neither.
            LOG.log(Level.FINE, "Closing the SMTP connection failed: {0}", e.getMessage());
        }
    }
}
