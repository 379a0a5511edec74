package org.signet.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.domain.Language;
import org.signet.support.AlteredPdfs;
import org.signet.support.ApiFlow;
import org.signet.support.Multipart;
import org.signet.support.SignetFixture;
import org.signet.support.TestFiles;
import org.signet.text.Html;
import org.signet.text.Messages;

/**
 * The verify page over plain HTTP, as a browser without script uses it: the form, its language, the
 * page's security headers, and a posted file answered with a page of results or of the reason.
 */
class VerifyRoutesTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running("upload.max_bytes=300000").at(Instant.now())
            .owner("owner@example.com");

    private ApiFlow flow;

    @BeforeEach
    void start() throws Exception {
        flow = signet.flow();
    }

    private HttpResponse<String> get(String path, String acceptLanguage) {
        HttpRequest.Builder b = signet.server().request(path, null).GET();
        if (acceptLanguage != null) {
            b.header("Accept-Language", acceptLanguage);
        }
        return signet.server().send(b.build());
    }

    private HttpResponse<String> post(String path, byte[] file) {
        return signet.server().send(new Multipart().file("file", "copy.pdf", "application/pdf", file)
                .post(signet.server().request(path, null)).build());
    }

    private static String words(Language l, String key, Object... args) {
        return Html.message(Messages.of(PageHtml.BUNDLE, l).get(key, args)).toString();
    }

    private byte[] sealedPdf(String title) {
        return SealedFile.signedAndSealed(flow, title);
    }

    @Test
    void form_securityHeadersOfTheSignerPages_noInlineCode() {
        HttpResponse<String> r = get("/verify", null);

        assertEquals(200, r.statusCode());
        String csp = r.headers().firstValue("Content-Security-Policy").orElse("");
        assertTrue(csp.contains("frame-ancestors 'none'") && csp.contains("script-src 'self'")
                && !csp.contains("unsafe-inline"), csp);
        assertEquals("nosniff", r.headers().firstValue("X-Content-Type-Options").orElse(""));
        assertEquals("no-referrer", r.headers().firstValue("Referrer-Policy").orElse(""));
        assertFalse(r.body().contains("<script>") || r.body().contains("style=\""), "inline code");
        assertTrue(r.body().contains("src=\"/assets/verify.js\""));
        assertTrue(r.body().contains("enctype=\"multipart/form-data\""));
        assertTrue(r.body().contains(words(Language.EN, "verify.title")));
    }

    @Test
    void form_languageChosenAsOnTheSignerPages() {
        HttpResponse<String> german = get("/verify", "de-CH,de;q=0.9,en;q=0.5");
        assertTrue(german.body().contains("<html lang=\"de\">"));
        assertTrue(german.body().contains(words(Language.DE, "verify.submit")), german.body());
        assertEquals("Accept-Language", german.headers().firstValue("Vary").orElse(""));
        assertTrue(german.body().contains("action=\"/verify\""), "the browser's language needs no address");

        HttpResponse<String> french = get("/verify?lang=fr", "de");
        assertTrue(french.body().contains("<html lang=\"fr\">"));
        assertTrue(french.body().contains("action=\"/verify?lang=fr\""), "the address's language is kept");
    }

    @Test
    void post_sealedFile_resultsPageWithTheDocument() {
        byte[] pdf = sealedPdf("Lease of flat 4B");

        HttpResponse<String> r = post("/verify?lang=es", pdf);

        assertEquals(200, r.statusCode());
        assertTrue(r.body().contains("data-verdict=\"good\""), r.body());
        assertTrue(r.body().contains(words(Language.ES, "verify.verdict.good")));
        assertTrue(r.body().contains("Lease of flat 4B"));
        assertTrue(r.body().contains("Ann Able"));
        assertTrue(r.body().contains(words(Language.ES, "role.signer")));
        assertFalse(r.body().contains("@"), "no email address on the page");
        assertTrue(r.headers().firstValue("Content-Security-Policy").orElse("").contains("frame-ancestors 'none'"));
    }

    @Test
    void post_drawnOnCopy_changedVerdictNamingPages() {
        HttpResponse<String> r = post("/verify", AlteredPdfs.drawnOnPageOne(sealedPdf("Invoice")));

        assertTrue(r.body().contains("data-verdict=\"changed\""), r.body());
        assertTrue(r.body().contains(words(Language.EN, "verify.changed", words(Language.EN, "verify.change.pages"))),
                r.body());
        assertFalse(r.body().contains("id=\"document\""), "a changed copy is no stored seal");
    }

    @Test
    void post_unsignedAndBrokenFiles_sayWhy() {
        assertTrue(post("/verify", TestFiles.pdf(1)).body().contains("data-verdict=\"unsigned\""));
        assertTrue(post("/verify", AlteredPdfs.byteFlipped(sealedPdf("Offer"))).body()
                .contains("data-verdict=\"broken\""));
    }

    @Test
    void post_refusedFiles_pageWithTheReasonInItsLanguage() {
        HttpResponse<String> png = post("/verify?lang=de", TestFiles.png(10, 10));
        assertEquals(400, png.statusCode());
        assertTrue(png.body().contains(words(Language.DE, "verify.error.invalid_file_type")), png.body());
        assertFalse(png.body().contains("id=\"results\""));

        HttpResponse<String> big = post("/verify", new byte[300_001]);
        assertEquals(413, big.statusCode());
        assertTrue(big.body().contains(words(Language.EN, "verify.error.file_too_large", "0.2")), big.body());

        HttpResponse<String> none = signet.server().send(new Multipart().text("other", "x").post(signet.server().request("/verify", null))
                .build());
        assertEquals(400, none.statusCode());
        assertTrue(none.body().contains(words(Language.EN, "verify.error.rest_missing_callback_param")));
        assertTrue(none.headers().firstValue("Content-Type").orElse("").startsWith("text/html"));
    }
}
