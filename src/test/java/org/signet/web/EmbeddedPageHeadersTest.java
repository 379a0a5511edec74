package org.signet.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.json.Json;
import org.signet.support.ApiFlow;
import org.signet.support.DocumentSetup;
import org.signet.support.Party;
import org.signet.support.SignetFixture;

/**
 * With {@code embed.origins}, exactly the listed origins may frame the signer's pages and the files they
 * show (the party's PDF, the page images) and nothing else,
 * the page names them for its script, and a gate's unlock cookie is one a cross-site frame keeps;
 * without it, nothing changes.
 */
class EmbeddedPageHeadersTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.stopped();

    private static final String LISTED = "frame-ancestors https://app.example.com http://127.0.0.2:8081";

    private ApiFlow flow;

    private void start(String... settings) throws Exception {
        signet.start(settings);
        flow = signet.flow();
    }

    @Test
    void signerPages_listedOriginsMayFrame_everyOtherPageNone() throws Exception {
        start("embed.origins=HTTPS://App.Example.com:443 , http://127.0.0.2:8081,https://app.example.com");
        DocumentSetup doc = DocumentSetup.upload(flow, "Lease", 1);
        Party ann = signer(doc, "Ann Open", 1);
        Party pia = signer(doc, "Pia Pin", 2, "pin_code", "4827");
        doc.send();

        for (String path : List.of("/sign/" + ann.token(), "/sign/" + pia.token(), "/sign/not-a-real-token")) {
            HttpResponse<String> r = get(path);
            String csp = r.headers().firstValue("Content-Security-Policy").orElse("");
            assertTrue(csp.endsWith("; " + LISTED), path + ": " + csp);
            assertTrue(csp.contains("script-src 'self'"), path + ": " + csp);
            assertTrue(r.headers().firstValue("X-Frame-Options").isEmpty(), path + " sends X-Frame-Options");
        }
        for (String path : List.of("/", "/verify", "/admin/login")) {
            HttpResponse<String> r = get(path);
            String csp = r.headers().firstValue("Content-Security-Policy").orElse("");
            assertTrue(csp.endsWith("frame-ancestors 'none'"), path + ": " + csp);
            assertEquals("DENY", r.headers().firstValue("X-Frame-Options").orElse(""), path);
        }
        assertTrue(get("/sign/" + ann.token()).body()
                .contains("data-embed-origins=\"https://app.example.com http://127.0.0.2:8081\""));
        for (String file : List.of("/document.pdf", "/pages/1.png")) {
            HttpResponse<String> r = get("/sign/" + ann.token() + file);
            assertEquals(200, r.statusCode(), file);
            assertEquals(List.of(LISTED), r.headers().allValues("Content-Security-Policy"), file);
            assertTrue(r.headers().firstValue("X-Frame-Options").isEmpty(), file + " sends X-Frame-Options");
        }
    }

    @Test
    void pin_withEmbedding_unlockCookieKeptInACrossSiteFrame() throws Exception {
        start("embed.origins=https://app.example.com");
        DocumentSetup doc = DocumentSetup.upload(flow, "Lease", 1);
        Party pia = signer(doc, "Pia Pin", 1, "pin_code", "4827");
        doc.send();

        String cookie = unlock(pia);
        assertTrue(cookie.endsWith("; HttpOnly; SameSite=None; Secure; Partitioned"), cookie);
        assertTrue(cookie.contains("; Path=/sign/" + pia.token() + ";"), cookie);
    }

    @Test
    void pin_withoutEmbedding_strictCookieAndNoFraming() throws Exception {
        start();
        DocumentSetup doc = DocumentSetup.upload(flow, "Lease", 1);
        Party pia = signer(doc, "Pia Pin", 1, "pin_code", "4827");
        doc.send();

        String cookie = unlock(pia);
        assertTrue(cookie.endsWith("; HttpOnly; SameSite=Strict"), cookie);
        HttpResponse<String> page = get("/sign/" + pia.token());
        assertTrue(page.headers().firstValue("Content-Security-Policy").orElse("").endsWith("frame-ancestors 'none'"));
        assertEquals("DENY", page.headers().firstValue("X-Frame-Options").orElse(""));
        assertFalse(page.body().contains("data-embed-origins"));
        String cookieValue = cookie.substring(0, cookie.indexOf(';'));
        for (String file : List.of("/document.pdf", "/pages/1.png")) {
            HttpResponse<String> r = signet.server().send(signet.server().request("/sign/" + pia.token() + file, null)
                    .header("Cookie", cookieValue).GET().build());
            assertEquals(200, r.statusCode(), file);
            assertEquals(List.of("frame-ancestors 'none'"), r.headers().allValues("Content-Security-Policy"), file);
            assertEquals("DENY", r.headers().firstValue("X-Frame-Options").orElse(""), file);
        }
    }

    private String unlock(Party party) {
        HttpResponse<String> r = signet.server().send(signet.server().request("/sign/" + party.token() + "/pin", null)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(Json.write(Map.of("pin", "4827")))).build());
        assertEquals(200, r.statusCode(), r.body());
        return r.headers().firstValue("Set-Cookie").orElseThrow();
    }

    private static Party signer(DocumentSetup doc, String name, int order, Object... extra) {
        Party p = doc.party(name, "signer", order, extra);
        doc.field(p, "signature", 1, 72, 600 - 100 * order, 220, 50);
        return p;
    }

    private HttpResponse<String> get(String path) {
        return signet.server().send(signet.server().request(path, null).GET().build());
    }
}
