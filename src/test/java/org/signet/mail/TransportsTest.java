package org.signet.mail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.icegreen.greenmail.junit5.GreenMailExtension;
import com.icegreen.greenmail.util.ServerSetupTest;
import jakarta.mail.internet.InternetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.signet.config.Config;
import org.signet.support.LogCapture;

class TransportsTest {

    @RegisterExtension
    static final GreenMailExtension greenMail = new GreenMailExtension(ServerSetupTest.SMTP.dynamicPort());

    private static final MailMessage MESSAGE =
            new MailMessage("jurgen@example.org", "Jürgen", "Please sign", "text", "<p>html</p>");

    @TempDir
    Path dir;

    @Test
    void fromConfig_noSmtpHost_writesEmlFilesIntoTheDataFolder() throws Exception {
        MailTransport transport = Transports.fromConfig(Config.load(dir, Optional.empty(), Map.of(), Map.of()));

        transport.send(MESSAGE);

        assertInstanceOf(OutboxTransport.class, transport);
        try (Stream<Path> files = Files.list(dir.resolve("outbox"))) {
            List<Path> eml = files.filter(p -> p.toString().endsWith(".eml")).toList();
            assertEquals(1, eml.size());
            assertTrue(Files.readString(eml.get(0)).contains("Subject: Please sign"));
        }
    }

    @Test
    void fromConfig_smtpHost_deliversThroughThatServerWithTheConfiguredFrom() throws Exception {
        Config config = Config.load(dir, Optional.empty(), Map.of(), Map.of("smtp.host", "127.0.0.1",
                "smtp.port", Integer.toString(greenMail.getSmtp().getPort()), "smtp.starttls", "false",
                "smtp.from", "Signet Test <noreply@signet.example>"));
        greenMail.setUser("noreply@signet.example", "signet", "S3cret-Pass");
        MailTransport transport = Transports.fromConfig(config.with("smtp.username", "signet")
                .with("smtp.password", "S3cret-Pass"));

        transport.send(MESSAGE);

        assertInstanceOf(SmtpTransport.class, transport);
        assertTrue(greenMail.waitForIncomingEmail(5_000, 1));
        InternetAddress from = (InternetAddress) greenMail.getReceivedMessages()[0].getFrom()[0];
        assertEquals("noreply@signet.example", from.getAddress());
        assertEquals("Signet Test", from.getPersonal());
        assertFalse(Files.exists(dir.resolve("outbox")));
    }

    @Test
    void fromConfig_logsTheChoiceWithoutThePassword() throws Exception {
        Config config = Config.load(dir, Optional.empty(), Map.of(), Map.of("smtp.host", "mail.example.org",
                "smtp.username", "signet", "smtp.password", "S3cret-Pass"));

        try (LogCapture log = new LogCapture(Transports.class)) {
            Transports.fromConfig(config);

            assertEquals(1, log.lines.size(), log.lines.toString());
            assertTrue(log.lines.get(0).contains("mail.example.org"), log.lines.get(0));
            assertFalse(log.lines.get(0).contains("S3cret-Pass"), log.lines.get(0));
        }
    }

    @Test
    void sender_smtpFromWithoutName_takesTheSitesName() throws Exception {
        Config config = Config.load(dir, Optional.empty(), Map.of(), Map.of("site.name", "Atelier Rosé",
                "smtp.from", "noreply@atelier.example"));

        InternetAddress from = new InternetAddress(Transports.sender(config), true);

        assertEquals("noreply@atelier.example", from.getAddress());
        assertEquals("Atelier Rosé", from.getPersonal());
    }

    @Test
    void sender_smtpFromUnset_theBuiltInAddressUnderTheSitesName() throws Exception {
        Config branded = Config.load(dir, Optional.empty(), Map.of("SIGNET_SITE_NAME", "Acme, Inc."), Map.of());
        Config plain = Config.load(dir, Optional.empty(), Map.of(), Map.of());

        InternetAddress from = new InternetAddress(Transports.sender(branded), true);

        assertEquals("signet@localhost", from.getAddress());
        assertEquals("Acme, Inc.", from.getPersonal());
        assertEquals("Signet", new InternetAddress(Transports.sender(plain), true).getPersonal());
    }

    @Test
    void sender_smtpFromNamesItsOwnSender_keptAsItIs() throws Exception {
        Config config = Config.load(dir, Optional.empty(), Map.of(), Map.of("site.name", "Atelier Rosé",
                "smtp.from", "Contracts Desk <desk@atelier.example>"));

        assertEquals("Contracts Desk <desk@atelier.example>", Transports.sender(config));
    }
}
