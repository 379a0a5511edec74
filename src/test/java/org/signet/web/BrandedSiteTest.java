package org.signet.web;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.interactive.digitalsignature.PDSignature;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.config.Colour;
import org.signet.config.Palette;
import org.signet.crypto.Passwords;
import org.signet.support.AdminClient;
import org.signet.support.ApiFlow;
import org.signet.support.Party;
import org.signet.support.SealedDocuments;
import org.signet.support.SentMail;
import org.signet.support.SignetFixture;
import org.signet.support.TestFiles;
import org.signet.support.TestServer;

/**
 * A site with its own name, logo and accent: the signer's, verify and administrator pages name it and show its
 * logo, the logo and the accent's stylesheet are served, its emails carry its name and are sent under it, and its
 * certificate of completion and seal name it.
 */
class BrandedSiteTest {
    static final String NAME = "Atelier Rosé & Fils";
    static final String ACCENT = "#b45309";
    static final byte[] LOGO = TestFiles.png(160, 48);
    private static final String PASSWORD = "branded-admin-pass";

    @RegisterExtension
    static final SignetFixture signet = SignetFixture.stopped().withMail();

    static ApiFlow flow;
    static Party ann;
    static String doc;

    @BeforeAll
    static void start() throws Exception {
        Files.createDirectories(signet.dir().resolve("brand"));
        Files.write(signet.dir().resolve("brand/logo.png"), LOGO);
        signet.start("site.name=" + NAME, "site.logo=brand/logo.png", "site.accent=" + ACCENT,
                "smtp.from=noreply@atelier.example");
        flow = signet.flow();
        doc = flow.upload("Lease", 1);
        ann = flow.addSignerWithSignatureField(doc, "ann@example.org");
        flow.send(doc);
    }

    private static HttpResponse<String> page(String path) {
        return signet.server().send(signet.server().request(path, null).header("Accept-Language", "de").GET().build());
    }

    private static HttpResponse<byte[]> bytes(String path, String ifNoneMatch) {
        var request = signet.server().request(path, null);
        if (ifNoneMatch != null) {
            request.header("If-None-Match", ifNoneMatch);
        }
        return signet.server().sendForBytes(request.GET().build());
    }

    /** The site's name and logo where Signet's were, its accent's stylesheet after the page's own. */
    private static void branded(String html) {
        String name = "Atelier Rosé &amp; Fils";
        assertTrue(html.contains("<img class=\"brand-logo\" src=\"/assets/logo.png\" alt=\"" + name + "\" />"), html);
        assertTrue(html.contains(" - " + name + "</title>"), html);
        assertTrue(html.contains("<link rel=\"stylesheet\" href=\"/assets/site.css\" />"), html);
        assertFalse(html.contains("Signet"), html);
    }

    @Test
    void signerPage_inEnglishAndGerman_namesTheSiteAndShowsItsLogo() {
        String path = URI.create(ann.url()).getPath();
        branded(TestServer.expect(200, page(path + "?lang=en")).body());
        String german = TestServer.expect(200, page(path)).body();
        branded(german);
        assertTrue(german.contains("<html lang=\"de\">"));
    }

    @Test
    void homeAndVerifyPages_nameTheSite() {
        String home = TestServer.expect(200, page("/")).body();
        branded(home);
        assertTrue(home.contains("<h1 class=\"card-title\">Atelier Rosé &amp; Fils</h1>"), home);
        assertTrue(home.contains("elektronische Signaturen von Atelier Rosé &amp; Fils."), home);
        branded(TestServer.expect(200, page("/verify")).body());
    }

    @Test
    void adminPages_signInAndDashboard_nameTheSite() {
        signet.server().app.users().add("ada@example.org", "Ada Admin", true, Passwords.hash(PASSWORD.toCharArray()));
        AdminClient admin = new AdminClient(signet.server());
        String login = TestServer.expect(200, admin.get("/admin/login")).body();
        branded(login);
        assertTrue(login.contains("<a class=\"brand\" href=\"/admin\"><img class=\"brand-logo\""), login);
        admin.signIn("ada@example.org", PASSWORD);
        branded(TestServer.expect(200, admin.get("/admin")).body());
    }

    @Test
    void logo_servedAsPngWithAnETag_304WhenHeld() {
        HttpResponse<byte[]> r = bytes("/assets/logo.png", null);

        assertEquals(200, r.statusCode());
        assertEquals("image/png", r.headers().firstValue("Content-Type").orElseThrow());
        assertArrayEquals(LOGO, r.body());
        assertEquals("no-cache", r.headers().firstValue("Cache-Control").orElseThrow());
        String etag = r.headers().firstValue("ETag").orElseThrow();
        HttpResponse<byte[]> again = bytes("/assets/logo.png", etag);
        assertEquals(304, again.statusCode());
        assertEquals(0, again.body().length);
    }

    @Test
    void siteCss_carriesTheAccentAndItsShades_withAnETag() {
        HttpResponse<byte[]> r = bytes("/assets/site.css", null);

        assertEquals(200, r.statusCode());
        assertTrue(r.headers().firstValue("Content-Type").orElseThrow().startsWith("text/css"));
        String css = new String(r.body(), java.nio.charset.StandardCharsets.UTF_8);
        Palette palette = Palette.of(Colour.parse(ACCENT).orElseThrow());
        for (String property : List.of("--accent: " + ACCENT, "--primary: " + ACCENT,
                "--primary-ink: " + palette.ink().hex(), "--brand-ink: " + palette.brandInk().hex(),
                "--primary-hover: " + palette.hover().hex(), "--primary-soft: " + palette.soft().hex())) {
            assertTrue(css.contains(property + ";"), property + " in " + css);
        }
        assertEquals(304, bytes("/assets/site.css", r.headers().firstValue("ETag").orElseThrow()).statusCode());
    }

    @Test
    void invitation_fromTheSitesNameAtSmtpFromsAddress_framedInItsNameAndAccent() throws Exception {
        MimeMessage mail = awaitMail("ann@example.org");

        InternetAddress from = (InternetAddress) mail.getFrom()[0];
        assertEquals("noreply@atelier.example", from.getAddress());
        assertEquals(NAME, from.getPersonal());
        List<String> bodies = SentMail.bodies(mail);
        String text = bodies.get(0);
        String html = bodies.get(1);
        assertTrue(text.strip().endsWith("Sent by " + NAME + " electronic signatures."), text);
        assertTrue(html.contains(">Atelier Rosé &amp; Fils</td>"), html);
        assertTrue(html.contains("Sent by Atelier Rosé &amp; Fils electronic signatures."), html);
        assertTrue(html.contains("background-color:" + ACCENT + ";"), html);
        assertFalse(text.contains("Signet") || html.contains("Signet"), html);
    }

    private static MimeMessage awaitMail(String to) throws Exception {
        long deadline = System.nanoTime() + java.time.Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            signet.server().app.mailSender().runOnce();
            for (MimeMessage m : signet.mail().getReceivedMessages()) {
                if (Arrays.stream(m.getAllRecipients()).anyMatch(a -> ((InternetAddress) a).getAddress().equals(to))) {
                    return m;
                }
            }
            signet.mail().waitForIncomingEmail(200, signet.mail().getReceivedMessages().length + 1);
        }
        throw new AssertionError("no mail to " + to);
    }

    @Test
    void sealedDocument_certificateAndSealNameTheSite() throws IOException {
        String done = SealedDocuments.completed(flow);
        flow.awaitSealed(done);

        try (PDDocument pdf = Loader.loadPDF(SealedDocuments.sealedPdf(flow, done))) {
            String text = new PDFTextStripper().getText(pdf).replaceAll("\\s+", " ");
            assertTrue(text.contains("the one " + NAME + " sealed, unchanged."), text);
            PDSignature seal = pdf.getLastSignatureDictionary();
            assertEquals("All parties signed with " + NAME, seal.getReason());
            assertEquals(NAME, seal.getLocation());
        }
    }
}
