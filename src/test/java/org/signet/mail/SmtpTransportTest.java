package org.signet.mail;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.icegreen.greenmail.junit5.GreenMailExtension;
import com.icegreen.greenmail.util.ServerSetupTest;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class SmtpTransportTest {

    // A dynamic port, so this test never collides with another build on the same machine.
    @RegisterExtension
    static final GreenMailExtension greenMail = new GreenMailExtension(ServerSetupTest.SMTP.dynamicPort());

    private static final String TITLE = "Vertrag für Müller";
    private static final byte[] PDF = pdfBytes();

    private static byte[] pdfBytes() {
        byte[] bytes = new byte[70_000];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) (i * 31 + 7); // every byte value, including CR, LF and NUL
        }
        System.arraycopy("%PDF-1.7\n".getBytes(), 0, bytes, 0, 9);
        return bytes;
    }

    private static SmtpSettings settings(String username, String password) {
        return new SmtpSettings("127.0.0.1", greenMail.getSmtp().getPort(), username, password,
                false, "noreply@signet.example");
    }

    private static MailMessage message(List<Attachment> attachments) {
        return new MailMessage("jurgen@example.org", "Jürgen Müller", "Bitte unterschreiben: " + TITLE,
                "Text for " + TITLE, "<p>HTML for " + TITLE + "</p>", attachments);
    }

    @Test
    void send_withAttachment_arrivesWithRecipientSubjectPartsAndIntactBytes() throws Exception {
        Attachment pdf = new Attachment(TITLE + "-signed.pdf", "application/pdf", PDF);
        new SmtpTransport(settings(null, null)).send(message(List.of(pdf)));

        assertTrue(greenMail.waitForIncomingEmail(5_000, 1));
        MimeMessage received = greenMail.getReceivedMessages()[0];
        InternetAddress to = (InternetAddress) received.getAllRecipients()[0];
        assertEquals("jurgen@example.org", to.getAddress());
        assertEquals("Jürgen Müller", to.getPersonal());
        assertEquals("Bitte unterschreiben: " + TITLE, received.getSubject());
        InternetAddress from = (InternetAddress) received.getFrom()[0];
        assertEquals("noreply@signet.example", from.getAddress());
        assertEquals("Signet", from.getPersonal());

        MimeParts parts = MimeParts.of(received);
        assertEquals(List.of("multipart/mixed", "multipart/alternative", "text/plain", "text/html",
                "application/pdf"), parts.structure);
        assertEquals("Text for " + TITLE, parts.text);
        assertEquals("<p>HTML for " + TITLE + "</p>", parts.html);
        assertEquals(TITLE + "-signed.pdf", parts.attachments.get(0).getFileName());
        assertArrayEquals(PDF, parts.attachments.get(0).getInputStream().readAllBytes());
    }

    @Test
    void send_withoutAttachments_sendsOnlyTheAlternativeParts() throws Exception {
        new SmtpTransport(settings(null, null)).send(message(List.of()));

        assertTrue(greenMail.waitForIncomingEmail(5_000, 1));
        MimeParts parts = MimeParts.of(greenMail.getReceivedMessages()[0]);
        assertEquals(List.of("multipart/alternative", "text/plain", "text/html"), parts.structure);
    }

    @Test
    void send_withAuthentication_logsInAndDelivers() throws Exception {
        greenMail.setUser("signet@signet.example", "signet", "Corr3ct-Horse");

        new SmtpTransport(settings("signet", "Corr3ct-Horse")).send(message(List.of()));

        assertTrue(greenMail.waitForIncomingEmail(5_000, 1));
        assertEquals("Bitte unterschreiben: " + TITLE, greenMail.getReceivedMessages()[0].getSubject());
    }

    @Test
    void send_wrongPassword_failsTemporarilyWithoutShowingThePassword() {
        greenMail.setUser("signet@signet.example", "signet", "Corr3ct-Horse");
        SmtpTransport transport = new SmtpTransport(settings("signet", "Wr0ng-Battery"));

        MailDeliveryException e = assertThrows(MailDeliveryException.class,
                () -> transport.send(message(List.of())));

        assertFalse(e.permanent(), "a login problem is fixed in the settings, then a retry succeeds");
        assertFalse(e.getMessage().contains("Wr0ng-Battery"), e.getMessage());
        assertEquals(0, greenMail.getReceivedMessages().length);
    }

    @Test
    void send_starttlsRequiredButNotOffered_refusesToSendInTheClear() {
        SmtpSettings tls = new SmtpSettings("127.0.0.1", greenMail.getSmtp().getPort(), null, null, true,
                "noreply@signet.example");

        MailDeliveryException e = assertThrows(MailDeliveryException.class,
                () -> new SmtpTransport(tls).send(message(List.of())));

        assertFalse(e.permanent());
        assertTrue(e.getMessage().contains("STARTTLS"), e.getMessage());
        assertEquals(0, greenMail.getReceivedMessages().length);
    }

    @Test
    void send_nothingListening_failsTemporarilyAndQuickly() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        SmtpTransport transport = new SmtpTransport(new SmtpSettings("127.0.0.1", closedPort, null, null,
                false, "noreply@signet.example"));

        MailDeliveryException e = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> assertThrows(
                MailDeliveryException.class, () -> transport.send(message(List.of()))));

        assertFalse(e.permanent());
        assertTrue(e.getMessage().contains("127.0.0.1:" + closedPort), e.getMessage());
    }

    @Test
    void send_serverNeverAnswers_givesUpAfterTheReadTimeout() throws IOException {
        try (ScriptedSmtpServer server = ScriptedSmtpServer.silent()) {
            SmtpTransport transport = new SmtpTransport(new SmtpSettings("127.0.0.1", server.port(), null,
                    null, false, "noreply@signet.example"), Duration.ofMillis(500));

            MailDeliveryException e = assertTimeoutPreemptively(Duration.ofSeconds(5), () -> assertThrows(
                    MailDeliveryException.class, () -> transport.send(message(List.of()))));

            assertFalse(e.permanent());
        }
    }

    @Test
    void send_recipientRejectedPermanently_isPermanent() throws IOException {
        try (ScriptedSmtpServer server = ScriptedSmtpServer.rejectingRecipients("550 5.1.1 No such user")) {
            MailDeliveryException e = assertThrows(MailDeliveryException.class,
                    () -> scriptedTransport(server).send(message(List.of())));

            assertTrue(e.permanent());
            assertTrue(e.getMessage().contains("jurgen@example.org"), e.getMessage());
            assertTrue(e.getMessage().contains("No such user"), e.getMessage());
        }
    }

    @Test
    void send_recipientDeferred_isTemporary() throws IOException {
        try (ScriptedSmtpServer server = ScriptedSmtpServer.rejectingRecipients("451 4.3.0 Try again later")) {
            MailDeliveryException e = assertThrows(MailDeliveryException.class,
                    () -> scriptedTransport(server).send(message(List.of())));

            assertFalse(e.permanent());
        }
    }

    @Test
    void send_invalidRecipientAddress_isPermanentAndContactsNoServer() {
        MailMessage bad = new MailMessage("not an address", "", "Subject", "text", "<p>html</p>");

        MailDeliveryException e = assertThrows(MailDeliveryException.class,
                () -> new SmtpTransport(settings(null, null)).send(bad));

        assertTrue(e.permanent());
        assertTrue(e.getMessage().contains("not an address"), e.getMessage());
        assertEquals(0, greenMail.getReceivedMessages().length);
    }

    @Test
    void constructor_invalidFromAddress_throwsNamingIt() {
        SmtpSettings bad = new SmtpSettings("127.0.0.1", 25, null, null, false, "signet at example");

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new SmtpTransport(bad));

        assertTrue(e.getMessage().contains("signet at example"), e.getMessage());
    }

    private static SmtpTransport scriptedTransport(ScriptedSmtpServer server) {
        return new SmtpTransport(new SmtpSettings("127.0.0.1", server.port(), null, null, false,
                "noreply@signet.example"), Duration.ofSeconds(5));
    }
}
