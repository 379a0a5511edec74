package org.signet.mail;

import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Objects;
import java.util.function.Supplier;
import java.util.concurrent.ThreadLocalRandom;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.signet.files.OwnerOnly;

/**
 * Writes each message as an RFC 822 {@code .eml} file into an outbox folder, for sites without an
 * SMTP server (a demo, a test); any mail program opens the files.
 */
public final class OutboxTransport implements MailTransport {

    private static final DateTimeFormatter STAMP =
            DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);
    private static final Logger LOG = Logger.getLogger(OutboxTransport.class.getName());

    private final Path outboxDir;
    private final InternetAddress from;
    private final Supplier<Session> session;

    /**
     * @param outboxDir the folder to write into; created on first use
     * @param from the From address, as for SMTP
     * @throws IllegalArgumentException when {@code from} is not a valid address
     */
    public OutboxTransport(Path outboxDir, String from) {
        this.outboxDir = Objects.requireNonNull(outboxDir, "outboxDir");
        this.from = MimeMessages.fromAddress(Objects.requireNonNull(from, "from"));
        this.session = MimeMessages.sessionOnFirstUse(() -> MimeMessages.sessionProperties(this.from));
    }

    @Override
    public void send(MailMessage message) throws MailDeliveryException {
        MimeMessage mime = MimeMessages.build(session.get(), from, message);
        try {
            Path file = write(mime);
            LOG.log(Level.INFO, "Mail to {0} (\"{1}\") written to {2}",
                    new Object[] {message.to(), MimeMessages.oneLine(message.subject()), file});
        } catch (IOException | MessagingException e) {
            throw new MailDeliveryException("Could not write mail to " + message.to() + " into "
                    + outboxDir + ": " + e.getMessage(), false, e);
        }
    }

    /** Writes to a hidden temporary name, then renames, so the folder only ever shows whole messages. */
    private Path write(MimeMessage mime) throws IOException, MessagingException {
        OwnerOnly.folder(outboxDir);
        Path temp = Files.createTempFile(outboxDir, ".", ".eml.tmp");
        try {
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE);
                 OutputStream out = new BufferedOutputStream(Channels.newOutputStream(channel))) {
                mime.writeTo(out);
                out.flush();
                // On disk before the queue records the message as delivered.
                channel.force(true);
            }
            Path target = outboxDir.resolve(fileName());
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
            return target;
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    private static String fileName() {
        return STAMP.format(Instant.now()) + "-"
                + String.format("%016x", ThreadLocalRandom.current().nextLong()) + ".eml";
    }
}
