package org.signet.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.support.ApiFlow;
import org.signet.support.Party;
import org.signet.support.SignetFixture;
import org.signet.support.TestServer;

/** The PIN gate posted as an HTML form: taken from the site's own page, refused from another site. */
class GateFormTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running().onSystemClock();

    Party pia;

    @BeforeEach
    void start() throws Exception {
        ApiFlow flow = new ApiFlow(signet.server(), signet.server().account("owner@example.com", false).full(), null);
        String doc = flow.upload("contract", 1);
        pia = flow.addSigner(doc, Map.of("name", "Pia Pin", "email", "pia@example.com", "pin_code", "4821"));
        flow.saveFields(doc, List.of(Map.of("signer_id", Long.parseLong(pia.id()), "field_type", "signature",
                "page_number", 1, "position_x", 72, "position_y", 600)));
        flow.send(doc);
    }

    private HttpResponse<String> postPin(String pin, String... headers) {
        HttpRequest.Builder b = signet.server().request("/sign/" + pia.token() + "/pin", null)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("pin=" + pin));
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return signet.server().send(b.build());
    }

    @Test
    void wrongPin_theGateAgainWithTheReason_rightPin_backToTheLinkUnlocked() {
        HttpResponse<String> wrong = postPin("1111", "Sec-Fetch-Site", "same-origin");
        assertEquals(400, wrong.statusCode());
        assertTrue(wrong.body().contains("The PIN is not correct"), wrong.body());
        assertTrue(wrong.body().contains("method=\"post\""), "the gate is drawn again, ready for another try");

        HttpResponse<String> right = postPin("4821", "Sec-Fetch-Site", "same-origin",
                "Origin", signet.server().app.siteUrl());
        assertEquals(302, right.statusCode(), right.body());
        assertEquals("/sign/" + pia.token(), right.headers().firstValue("Location").orElseThrow());
        String cookie = ApiFlow.cookie(right);
        HttpResponse<String> page = signet.server().send(signet.server().request("/sign/" + pia.token(), null)
                .header("Cookie", cookie).build());
        assertFalse(page.body().contains("pin-form"), "the link is unlocked for this browser");
    }

    @Test
    void formWithOriginNull_taken_asABrowserSendsItUnderNoReferrer() {
        // The gate's page sends Referrer-Policy: no-referrer, under which a browser's own form says Origin: null.
        HttpResponse<String> right = postPin("4821", "Origin", "null");
        assertEquals(302, right.statusCode(), right.body());
    }

    @Test
    void formFromAnotherSite_refused_andCountsNoTry() {
        HttpResponse<String> crossSite = postPin("4821", "Sec-Fetch-Site", "cross-site");
        assertEquals(403, crossSite.statusCode());
        assertTrue(crossSite.body().contains("another site"), crossSite.body());
        assertTrue(crossSite.headers().allValues("Set-Cookie").isEmpty(), "nothing unlocked");

        HttpResponse<String> foreignOrigin = postPin("0000", "Origin", "https://evil.example");
        assertEquals(403, foreignOrigin.statusCode());

        HttpResponse<String> wrong = postPin("1111");
        assertTrue(wrong.body().contains("4 tries left"), "refused posts were not counted as tries: " + wrong.body());
    }
}
