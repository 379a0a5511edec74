package org.signet.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.SentMail.bodies;

import jakarta.mail.internet.MimeMessage;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.signet.support.ApiFlow;
import org.signet.support.Party;
import org.signet.support.SentMail;
import org.signet.support.SignetFixture;

/**
 * The signer's pages and emails in the signer's language: which language a page speaks, and
 * that each of German, French and Spanish is spoken on the signing page, a gate, a notice and the
 * invitation email.
 */
class SignerLanguageTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.stopped().owner("olivia@example.org");

    private static final Pattern HTML_LANG = Pattern.compile("<html lang=\"([a-z]{2})\">");
    private static final Pattern SCRIPT_TAG = Pattern.compile("<script[^>]*>");

    /** Words each language's pages and invitation must show, written here by hand, not read from the catalogues. */
    private record Expected(String consent, String pinIntro, String notYourTurn, String subject, String body) {}

    private static final Map<String, Expected> EXPECTED = Map.of(
            "de", new Expected("Ich bin mit der Verwendung elektronischer Dokumente und Signaturen einverstanden.",
                    "Geben Sie die PIN ein", "Sie sind noch nicht an der Reihe",
                    "olivia hat Ihnen ein Dokument zur Unterschrift gesendet: Mietvertrag",
                    "Prüfen und unterschreiben"),
            "fr", new Expected("J’accepte l’utilisation de documents et de signatures électroniques.",
                    "Saisissez le code PIN", "Ce n’est pas encore votre tour",
                    "olivia vous a envoyé un document à signer\u00a0: Mietvertrag", "Examiner et signer"),
            "es", new Expected("Acepto el uso de documentos y firmas electrónicos.", "Introduzca el PIN",
                    "Todavía no es su turno", "olivia le ha enviado un documento para firmar: Mietvertrag",
                    "Revisar y firmar"));

    private ApiFlow flow;

    private void start(String... settings) throws Exception {
        signet.start(settings);
        flow = signet.flow();
    }

    private static Map<String, Object> signer(String name, String email, int order, Object... extra) {
        Map<String, Object> m = new LinkedHashMap<>(ApiFlow.signerBody(name, email, "signer", order));
        for (int i = 0; i < extra.length; i += 2) {
            m.put((String) extra[i], extra[i + 1]);
        }
        return m;
    }

    /** A sent document with these parties, each with a signature field. */
    private List<Party> sent(String title, List<Map<String, Object>> bodies) {
        String doc = flow.upload(title, 1);
        List<Party> parties = bodies.stream().map(b -> flow.addSigner(doc, b)).toList();
        flow.signatureFields(doc, parties.stream().map(Party::id).toArray(String[]::new));
        flow.send(doc);
        return parties;
    }

    private HttpResponse<String> page(String pathAndQuery, String... headers) {
        HttpRequest.Builder b = signet.server().request(pathAndQuery, null).GET();
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return signet.server().send(b.build());
    }

    private static String lang(HttpResponse<String> page) {
        Matcher m = HTML_LANG.matcher(page.body());
        assertTrue(m.find(), page.body());
        return m.group(1);
    }

    @Test
    void page_languageChosen_linkThenSignerThenBrowserThenSite() throws Exception {
        start("site.language=fr");
        List<Party> p = sent("Lease", List.of(signer("Ann", "ann@example.org", 1),
                signer("Eva", "eva@example.org", 1, "language", "es")));
        String plain = "/sign/" + p.get(0).token();
        String spanish = "/sign/" + p.get(1).token();

        assertEquals("fr", lang(page(plain)), "site.language without anything else");
        assertEquals("de", lang(page(plain, "Accept-Language", "de-CH,de;q=0.9,en;q=0.8")), "the browser's");
        assertEquals("es", lang(page(spanish, "Accept-Language", "de")), "the signer's beats the browser's");
        assertEquals("en", lang(page(spanish + "?lang=en", "Accept-Language", "de")), "the link's beats all");
        assertEquals("de", lang(page(plain + "?lang=de")));
    }

    @Test
    void page_badLangParameter_ignored() throws Exception {
        start();
        Party eva = sent("Lease", List.of(signer("Eva", "eva@example.org", 1, "language", "es"))).get(0);

        for (String bad : List.of("xx", "DEU", "%3Cscript%3E", "", "de-DE")) {
            HttpResponse<String> r = page("/sign/" + eva.token() + "?lang=" + bad);
            assertEquals(200, r.statusCode(), bad);
            assertEquals("es", lang(r), bad);
        }
        assertEquals("de", lang(page("/sign/" + eva.token() + "?lang=DE")), "codes are read case-insensitively");
    }

    @Test
    void pages_varyByAcceptLanguage() throws Exception {
        start();
        Party ann = sent("Lease", List.of(signer("Ann", "ann@example.org", 1, "pin_code", "4821"))).get(0);

        for (String path : List.of("/", "/sign/" + ann.token(), "/sign/not-a-real-token")) {
            HttpResponse<String> r = page(path);
            assertTrue(r.headers().allValues("Vary").stream().anyMatch(v -> v.contains("Accept-Language")),
                    path + ": " + r.headers().map());
        }
    }

    @Test
    void notices_withoutASigner_followTheBrowser() throws Exception {
        start();

        HttpResponse<String> invalid = page("/sign/not-a-real-token", "Accept-Language", "fr-FR,fr;q=0.9");
        HttpResponse<String> home = page("/?lang=es");

        assertEquals(404, invalid.statusCode());
        assertEquals("fr", lang(invalid));
        assertTrue(invalid.body().contains("Ce lien n’est pas valide"), invalid.body());
        assertEquals("es", lang(home));
        assertTrue(home.body().contains("Este es un servicio de firma electrónica"), home.body());
    }

    @Test
    void pinGate_formPostAndRedirect_keepTheLinksLanguage() throws Exception {
        start();
        Party pia = sent("Lease", List.of(signer("Pia", "pia@example.org", 1, "pin_code", "4821"))).get(0);
        String link = "/sign/" + pia.token();

        HttpResponse<String> gate = page(link + "?lang=de");
        HttpResponse<String> wrong = postPin(link + "/pin?lang=de", "1111");
        HttpResponse<String> right = postPin(link + "/pin?lang=de", "4821");

        assertTrue(gate.body().contains("action=\"" + link + "/pin?lang=de\""), gate.body());
        assertEquals(400, wrong.statusCode());
        assertEquals("de", lang(wrong));
        assertTrue(wrong.body().contains("Die PIN ist nicht korrekt. Noch 4 Versuche, bevor der Link"), wrong.body());
        assertTrue(wrong.body().contains("action=\"" + link + "/pin?lang=de\""), wrong.body());
        assertEquals(302, right.statusCode(), right.body());
        assertEquals(link + "?lang=de", right.headers().firstValue("Location").orElseThrow());
    }

    @Test
    void pinGate_withoutLang_postsToThePlainAddress() throws Exception {
        start();
        Party pia = sent("Lease", List.of(signer("Pia", "pia@example.org", 1, "pin_code", "4821"))).get(0);
        String link = "/sign/" + pia.token();

        HttpResponse<String> right = postPin(link + "/pin", "4821");

        assertTrue(page(link).body().contains("action=\"" + link + "/pin\""));
        assertEquals(link, right.headers().firstValue("Location").orElseThrow());
    }

    private HttpResponse<String> postPin(String path, String pin) {
        return signet.server().send(signet.server().request(path, null).header("Content-Type", "application/x-www-form-urlencoded")
                .header("Sec-Fetch-Site", "same-origin").POST(HttpRequest.BodyPublishers.ofString("pin=" + pin)).build());
    }

    @Test
    void signingPage_scriptWords_inADataBlockThePolicyAllows() throws Exception {
        start();
        Party ann = sent("Lease", List.of(signer("Ann", "ann@example.org", 1, "language", "de"))).get(0);

        HttpResponse<String> r = page("/sign/" + ann.token());

        assertTrue(r.body().contains("<script type=\"application/json\" id=\"page-text\">{"), r.body());
        assertTrue(r.body().contains("\"lang\":\"de\""), r.body());
        assertTrue(r.body().contains("\"gate.checking\":\"Wird geprüft\u2026\""), r.body());
        Matcher tags = SCRIPT_TAG.matcher(r.body());
        while (tags.find()) {
            String tag = tags.group();
            assertTrue(tag.contains(" src=\"") || tag.contains("type=\"application/json\""), "inline script: " + tag);
        }
        String csp = r.headers().firstValue("Content-Security-Policy").orElse("");
        assertTrue(csp.contains("script-src 'self'") && !csp.contains("unsafe-inline"), csp);
    }

    @ParameterizedTest
    @ValueSource(strings = {"de", "fr", "es"})
    void eachLanguage_signingPageGateNoticeAndInvitation(String code) throws Exception {
        start();
        Expected words = EXPECTED.get(code);
        List<Party> p = sent("Mietvertrag", List.of(signer("Ann", "ann@example.org", 1, "language", code),
                signer("Pia", "pia@example.org", 1, "language", code, "pin_code", "4821"),
                signer("Lou", "lou@example.org", 2, "language", code)));

        HttpResponse<String> signing = page("/sign/" + p.get(0).token());
        HttpResponse<String> gate = page("/sign/" + p.get(1).token());
        HttpResponse<String> notice = page("/sign/" + p.get(2).token());

        for (HttpResponse<String> r : List.of(signing, gate, notice)) {
            assertEquals(200, r.statusCode());
            assertEquals(code, lang(r), r.body());
        }
        assertTrue(signing.body().contains(words.consent()), signing.body());
        assertTrue(gate.body().contains(words.pinIntro()), gate.body());
        assertTrue(notice.body().contains(words.notYourTurn()), notice.body());
        MimeMessage invitation = flow.mail.awaitDelivered("ann@example.org", m -> true);
        assertEquals(words.subject(), SentMail.subject(invitation));
        for (String body : bodies(invitation)) {
            assertTrue(body.contains(words.body()), body);
            assertTrue(body.contains(p.get(0).url()), "the link with ?lang=: " + body);
            assertFalse(body.contains("Hello"), body);
        }
        assertTrue(p.get(0).url().endsWith("?lang=" + code), p.get(0).url());
    }

    @Test
    void invitation_signerWithoutLanguage_inTheSitesLanguage_withAPlainLink() throws Exception {
        start("site.language=es");
        Party ann = sent("Contrato", List.of(signer("Ann", "ann@example.org", 1))).get(0);

        MimeMessage invitation = flow.mail.awaitDelivered("ann@example.org", m -> true);

        assertEquals("olivia le ha enviado un documento para firmar: Contrato", SentMail.subject(invitation));
        for (String body : bodies(invitation)) {
            assertTrue(body.contains(ann.url()) && !ann.url().contains("?lang="), body);
        }
    }

    @Test
    void invitation_expiringDocument_dateInTheSignersLanguage() throws Exception {
        start();
        String doc = flow.upload("Angebot", 1);
        Party ann = flow.addSigner(doc, signer("Ann", "ann@example.org", 1, "language", "de"));
        flow.signatureFields(doc, ann.id());
        assertEquals(200, flow.put("documents/" + doc, Map.of("expires_at", "2030-02-01 12:00:00")).statusCode());
        flow.send(doc);

        MimeMessage invitation = flow.mail.awaitDelivered("ann@example.org", m -> true);

        for (String body : bodies(invitation)) {
            assertTrue(body.contains("Diese Anfrage läuft am 1. Februar 2030 um 12:00 Uhr (UTC) ab."), body);
        }
    }

    @Test
    void declined_toTheOwner_inTheSitesLanguage_notTheSigners() throws Exception {
        start("site.language=de");
        Party ann = sent("Lease", List.of(signer("Ann", "ann@example.org", 1, "language", "fr"))).get(0);

        assertEquals(200, flow.postToLink(ann.token(), "decline", Map.of("reason", "Falsche Adresse")).statusCode());
        MimeMessage toOwner = flow.mail.awaitDelivered("olivia@example.org", m -> true);

        assertEquals("Ann hat abgelehnt: Lease", SentMail.subject(toOwner));
        for (String body : bodies(toOwner)) {
            assertTrue(body.contains("Guten Tag olivia,") && body.contains("Falsche Adresse"), body);
        }
    }
}
