package org.signet.support;

import jakarta.mail.MessagingException;
import jakarta.mail.Part;
import jakarta.mail.Session;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import jakarta.mail.internet.MimeMultipart;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.signet.domain.OutboxEntry;
import org.signet.mail.MailQueue;
import org.signet.mail.MessageTemplates;

/** The mail a running Signet queued and delivered to its outbox folder, read back for the tests. */
public final class SentMail {
    private static final Duration DEADLINE = Duration.ofSeconds(20);

    private final TestServer server;
    private final Clock clock;

    public SentMail(TestServer server, Clock clock) {
        this.server = server;
        this.clock = clock;
    }

    public MailQueue queue() {
        return new MailQueue(server.app.database(), MessageTemplates.load(), clock);
    }

    /** Messages queued for {@code recipient} with {@code template}, whatever their delivery state. */
    public List<OutboxEntry> queued(String recipient, String template) {
        // One query by id, not one list per status: the sender may move a message between lists meanwhile.
        MailQueue queue = queue();
        return server.app.database().query("SELECT id FROM mail_outbox WHERE recipient = ? COLLATE NOCASE "
                        + "AND template = ? ORDER BY id", r -> r.getLong("id"), recipient, template).stream()
                .map(id -> queue.find(id).orElseThrow()).toList();
    }

    /** The folder the outbox transport writes delivered messages to. */
    public Path outbox() {
        return server.app.config().dataDir().resolve("outbox");
    }

    /** Every message in the outbox now, parsed. */
    public List<MimeMessage> delivered() {
        List<MimeMessage> out = new ArrayList<>();
        if (!Files.isDirectory(outbox())) {
            return out;
        }
        Session session = Session.getInstance(new Properties());
        try (Stream<Path> files = Files.list(outbox())) {
            for (Path p : files.filter(f -> f.getFileName().toString().endsWith(".eml")
                    && !f.getFileName().toString().startsWith(".")).sorted().toList()) {
                try (InputStream in = Files.newInputStream(p)) {
                    out.add(new MimeMessage(session, in));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (MessagingException e) {
            throw new IllegalStateException(e);
        }
        return out;
    }

    /** Messages to {@code email} (delivering the queue first). */
    public List<MimeMessage> deliveredTo(String email) {
        server.app.mailSender().runOnce();
        return delivered().stream().filter(m -> recipient(m).equalsIgnoreCase(email)).toList();
    }

    /** Waits until a message to {@code email} matching {@code which} is in the outbox. */
    public MimeMessage awaitDelivered(String email, Predicate<MimeMessage> which) {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (true) {
            for (MimeMessage m : deliveredTo(email)) {
                if (which.test(m)) {
                    return m;
                }
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no matching message to " + email + " in " + outbox());
            }
            LockSupport.parkNanos(Duration.ofMillis(10).toNanos());
        }
    }

    public static String subject(MimeMessage m) {
        try {
            return m.getSubject();
        } catch (MessagingException e) {
            throw new IllegalStateException(e);
        }
    }

    public static String recipient(MimeMessage m) {
        try {
            return ((InternetAddress) m.getAllRecipients()[0]).getAddress();
        } catch (MessagingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The decoded text/plain and text/html parts of a message or part. */
    public static List<String> bodies(Part part) throws MessagingException, IOException {
        List<String> out = new ArrayList<>();
        if (part.getContent() instanceof MimeMultipart multipart) {
            for (int i = 0; i < multipart.getCount(); i++) {
                out.addAll(bodies(multipart.getBodyPart(i)));
            }
        } else if (part.isMimeType("text/plain") || part.isMimeType("text/html")) {
            out.add((String) part.getContent());
        }
        return out;
    }
}
