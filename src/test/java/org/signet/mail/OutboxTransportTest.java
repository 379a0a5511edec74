package org.signet.mail;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.mail.Session;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutboxTransportTest {

    private static final String TITLE = "Vertrag für Müller";

    @TempDir
    Path dataDir;

    private static MailMessage message(String subject, List<Attachment> attachments) {
        return new MailMessage("jurgen@example.org", "Jürgen Müller", subject,
                "Text for " + TITLE, "<p>HTML for " + TITLE + "</p>", attachments);
    }

    private static List<Path> files(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.sorted().toList();
        }
    }

    private static MimeMessage parse(Path file) throws Exception {
        try (InputStream in = Files.newInputStream(file)) {
            return new MimeMessage(Session.getInstance(new Properties()), in);
        }
    }

    @Test
    void send_createsFolderAndWritesOneEmlThatParsesBack() throws Exception {
        Path outbox = dataDir.resolve("outbox");
        byte[] pdf = "%PDF-1.7\r\n\u0000\u00ff binary".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        Attachment attachment = new Attachment(TITLE + "-signed.pdf", "application/pdf", pdf);

        new OutboxTransport(outbox, "Example Ltd <noreply@signet.example>")
                .send(message("Abgeschlossen: " + TITLE, List.of(attachment)));

        List<Path> files = files(outbox);
        assertEquals(1, files.size(), "no temporary file may be left: " + files);
        assertTrue(files.get(0).getFileName().toString().matches("\\d{8}-\\d{6}-[0-9a-f]{16}\\.eml"),
                files.get(0).toString());
        MimeMessage parsed = parse(files.get(0));
        assertEquals("Abgeschlossen: " + TITLE, parsed.getSubject());
        InternetAddress to = (InternetAddress) parsed.getAllRecipients()[0];
        assertEquals("jurgen@example.org", to.getAddress());
        assertEquals("Jürgen Müller", to.getPersonal());
        assertEquals("Example Ltd", ((InternetAddress) parsed.getFrom()[0]).getPersonal());
        assertTrue(parsed.getMessageID().endsWith("@signet.example>"), parsed.getMessageID());
        MimeParts parts = MimeParts.of(parsed);
        assertEquals(List.of("multipart/mixed", "multipart/alternative", "text/plain", "text/html",
                "application/pdf"), parts.structure);
        assertEquals("Text for " + TITLE, parts.text);
        assertEquals("<p>HTML for " + TITLE + "</p>", parts.html);
        assertEquals(TITLE + "-signed.pdf", parts.attachments.get(0).getFileName());
        assertArrayEquals(pdf, parts.attachments.get(0).getInputStream().readAllBytes());
    }

    @Test
    void send_newFolder_folderAndMailAreTheOwnersAlone() throws Exception {
        Path outbox = dataDir.resolve("outbox");

        new OutboxTransport(outbox, "noreply@signet.example").send(message("A link", List.of()));

        // The mail holds the signing link; the test's umask (022 on most machines) must not show it to others.
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(outbox)));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(files(outbox).get(0))));
    }

    @Test
    void send_attachmentNamedWithOverrideOrAnotherType_namedAsEveryDownloadIs() throws Exception {
        Path outbox = dataDir.resolve("outbox");
        byte[] pdf = "%PDF-1.7".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);

        new OutboxTransport(outbox, "noreply@signet.example").send(message("Done", List.of(
                new Attachment("\u00e9\u202ecod.exe", "application/pdf", pdf),
                new Attachment("report.html", "application/pdf", pdf))));

        MimeParts parts = MimeParts.of(parse(files(outbox).get(0)));
        assertEquals("\u00e9cod.exe.pdf", parts.attachments.get(0).getFileName());
        assertEquals("report.html.pdf", parts.attachments.get(1).getFileName());
    }

    @Test
    void send_twice_writesTwoFiles() throws Exception {
        OutboxTransport outbox = new OutboxTransport(dataDir, "noreply@signet.example");

        outbox.send(message("first", List.of()));
        outbox.send(message("second", List.of()));

        List<Path> files = files(dataDir);
        assertEquals(2, files.size());
        assertEquals(List.of("first", "second"),
                Stream.of(parse(files.get(0)).getSubject(), parse(files.get(1)).getSubject()).sorted().toList());
    }

    @Test
    void send_bareFromAddress_isShownAsSignet() throws Exception {
        new OutboxTransport(dataDir, "noreply@signet.example").send(message("s", List.of()));

        InternetAddress from = (InternetAddress) parse(files(dataDir).get(0)).getFrom()[0];
        assertEquals("noreply@signet.example", from.getAddress());
        assertEquals("Signet", from.getPersonal());
    }

    @Test
    void send_lineBreakInSubject_cannotAddAHeader() throws Exception {
        new OutboxTransport(dataDir, "noreply@signet.example")
                .send(message("Contract\r\nBcc: attacker@example.net", List.of()));

        MimeMessage parsed = parse(files(dataDir).get(0));
        assertNull(parsed.getHeader("Bcc"));
        assertEquals("Contract Bcc: attacker@example.net", parsed.getSubject());
    }

    @Test
    void send_invalidRecipient_isPermanentAndWritesNothing() throws Exception {
        MailMessage bad = new MailMessage("jurgen at example", "", "s", "t", "h");

        MailDeliveryException e = assertThrows(MailDeliveryException.class,
                () -> new OutboxTransport(dataDir, "noreply@signet.example").send(bad));

        assertTrue(e.permanent());
        assertTrue(e.getMessage().contains("jurgen at example"), e.getMessage());
        assertEquals(List.of(), files(dataDir));
    }

    @Test
    void send_outboxIsAFile_failsTemporarily() throws Exception {
        Path notAFolder = Files.writeString(dataDir.resolve("outbox"), "in the way");

        MailDeliveryException e = assertThrows(MailDeliveryException.class,
                () -> new OutboxTransport(notAFolder, "noreply@signet.example").send(message("s", List.of())));

        assertFalse(e.permanent());
        assertTrue(e.getMessage().contains(notAFolder.toString()), e.getMessage());
    }
}
