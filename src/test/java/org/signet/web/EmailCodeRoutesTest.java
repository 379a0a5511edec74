package org.signet.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.TestServer.code;
import static org.signet.support.TestServer.data;
import static org.signet.support.TestServer.expect;
import static org.signet.support.TestServer.object;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.support.ApiFlow;
import org.signet.support.MailedCodes;
import org.signet.support.Party;
import org.signet.support.SignetFixture;

/**
 * The emailed-code gate's endpoints, {@code /sign/{token}/email-code/send} and {@code /email-code}, as JSON
 * and as the HTML forms a browser without script posts: bad input answered clearly without counting a
 * try, another signer's code refused, a locked link refused, the page's states.
 */
class EmailCodeRoutesTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running().withMail();

    private ApiFlow flow;
    private Party cody;
    private Party dana;
    private Party plain;

    @BeforeEach
    void start() {
        flow = signet.flow();
        String doc = flow.upload("Lease", 1);
        cody = flow.addSigner(doc, Map.of("name", "Cody Code", "email", "cody@example.com", "verification", "email_code"));
        dana = flow.addSigner(doc, Map.of("name", "Dana Code", "email", "dana@example.com", "verification", "email_code"));
        plain = flow.addSigner(doc, Map.of("name", "Pat Plain", "email", "pat@example.com"));
        flow.saveFields(doc, List.of(ApiFlow.field(cody.id(), "signature", 1, 72, 500, 200, 60),
                ApiFlow.field(dana.id(), "signature", 1, 72, 600, 200, 60),
                ApiFlow.field(plain.id(), "signature", 1, 72, 700, 200, 60)));
        flow.send(doc);
    }

    private HttpResponse<String> check(Party p, Object body) {
        return flow.postToLink(p.token(), "email-code", body);
    }

    private String mailed(Party p) {
        expect(200, flow.postToLink(p.token(), "email-code/send", Map.of()));
        return MailedCodes.latest(signet.mail(), p.email());
    }

    private HttpResponse<String> form(Party p, String action, String body, String... headers) {
        HttpRequest.Builder b = signet.server().request("/sign/" + p.token() + "/" + action, null)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return signet.server().send(b.build());
    }

    private HttpResponse<String> page(Party p, String cookie) {
        HttpRequest.Builder b = signet.server().request("/sign/" + p.token(), null);
        if (cookie != null) {
            b.header("Cookie", cookie);
        }
        return signet.server().send(b.build());
    }

    private static void assertInvalidCodeParam(HttpResponse<String> r) {
        expect(400, r);
        assertEquals("rest_invalid_param", code(r), r.body());
        assertTrue(((Map<?, ?>) data(r).get("params")).containsKey("code"), r.body());
    }

    @Test
    void session_andPage_askForTheCodeShowingTheMaskedAddressAndNothingOfTheDocument() {
        Map<String, Object> session = object(flow.session(cody.token()));
        String page = page(cody, null).body();

        assertEquals("email_code", session.get("requires"));
        assertEquals(List.of(), session.get("fields"));
        assertEquals(false, session.get("can_act"));
        assertTrue(page.contains("c***@example.com"), page);
        assertFalse(page.contains("cody@example.com"), "the whole address on the gate");
        assertTrue(page.contains("id=\"code-send\""), page);
        assertFalse(page.contains("id=\"code-input\""), "no code field before a code was sent");
        assertFalse(page.contains("document-area"));
        assertEquals(403, flow.sign(cody.token()).statusCode());
    }

    @Test
    void check_missingShortOrNonDigitCode_refusedNamingCode_andCountsNoTry() {
        String code = mailed(cody);

        HttpResponse<String> missing = check(cody, Map.of());
        HttpResponse<String> nullCode = check(cody, "{\"code\": null}");
        assertInvalidCodeParam(check(cody, Map.of("code", "12345")));
        assertInvalidCodeParam(check(cody, Map.of("code", "1234567")));
        assertInvalidCodeParam(check(cody, Map.of("code", "12a456")));
        assertInvalidCodeParam(check(cody, Map.of("code", "")));
        assertInvalidCodeParam(check(cody, Map.of("code", 123456)));

        expect(400, missing);
        assertEquals("rest_missing_callback_param", code(missing), missing.body());
        expect(400, nullCode);
        HttpResponse<String> wrong = check(cody, Map.of("code", code.equals("000000") ? "111111" : "000000"));
        assertEquals("invalid_code", code(wrong));
        assertEquals(4, ((Number) data(wrong).get("attempts_left")).intValue(), "malformed codes counted no try");
    }

    @Test
    void check_anotherSignersCode_invalidCode() {
        String codys = mailed(cody);
        String danas = mailed(dana);
        if (codys.equals(danas)) {
            return; // one chance in a million: the two links' codes are the same digits
        }

        HttpResponse<String> crossed = check(dana, Map.of("code", codys));

        expect(400, crossed);
        assertEquals("invalid_code", code(crossed));
        expect(200, check(dana, Map.of("code", danas)));
    }

    @Test
    void bothEndpoints_linkWithoutACode_invalidCode_unknownToken_notFound_notJson_unsupported() {
        HttpResponse<String> send = flow.postToLink(plain.token(), "email-code/send", Map.of());
        HttpResponse<String> typed = check(plain, Map.of("code", "123456"));
        HttpResponse<String> unknown = flow.postToLink("NoSuchToken", "email-code/send", Map.of());
        HttpResponse<String> text = signet.server().send(signet.server().request("/sign/" + cody.token()
                + "/email-code/send", null).header("Content-Type", "text/plain")
                .POST(HttpRequest.BodyPublishers.ofString("{}")).build());

        assertEquals("invalid_code", code(expect(400, send)));
        assertEquals("invalid_code", code(expect(400, typed)));
        assertEquals("not_found", code(expect(404, unknown)));
        assertEquals("not_found", code(expect(404, check(new Party("0", "x", "x@example.com",
                "http://localhost/sign/NoSuchToken"), Map.of("code", "123456")))));
        assertEquals("unsupported_media_type", code(expect(415, text)));
        assertEquals(List.of(), MailedCodes.mails(signet.mail(), cody.email()));
    }

    @Test
    void bothEndpoints_afterTheLock_pinLocked() {
        String code = mailed(cody);
        String wrong = code.equals("000000") ? "111111" : "000000";
        for (int i = 0; i < 5; i++) {
            check(cody, Map.of("code", wrong));
        }

        HttpResponse<String> right = check(cody, Map.of("code", code));
        HttpResponse<String> again = flow.postToLink(cody.token(), "email-code/send", Map.of());
        HttpResponse<String> formed = form(cody, "email-code", "code=" + code);

        assertEquals("pin_locked", code(expect(429, right)));
        assertEquals("pin_locked", code(expect(429, again)));
        assertEquals(429, formed.statusCode());
        assertTrue(formed.body().contains("data-locked=\"true\""), formed.body());
        assertTrue(formed.body().contains("locked for 15 minutes"), formed.body());
        assertTrue(formed.headers().allValues("Set-Cookie").isEmpty());
    }

    @Test
    void forms_sendThenWrongMalformedAndRightCode_theGateAgainWithEachReasonThenUnlocked() {
        HttpResponse<String> sent = form(cody, "email-code/send", "", "Sec-Fetch-Site", "same-origin");
        assertEquals(302, sent.statusCode(), sent.body());
        assertEquals("/sign/" + cody.token(), sent.headers().firstValue("Location").orElseThrow());
        assertTrue(sent.headers().allValues("Set-Cookie").isEmpty(), "asking unlocks nothing");
        String code = MailedCodes.latest(signet.mail(), cody.email());
        assertTrue(page(cody, null).body().contains("id=\"code-input\""), "once sent, the gate asks for the code");

        HttpResponse<String> wrong = form(cody, "email-code", "code=" + (code.equals("000000") ? "111111" : "000000"));
        HttpResponse<String> malformed = form(cody, "email-code", "code=12ab");
        HttpResponse<String> tooSoon = form(cody, "email-code/send", "");
        HttpResponse<String> right = form(cody, "email-code", "code=" + code, "Origin", signet.server().app.siteUrl());

        assertEquals(400, wrong.statusCode());
        assertTrue(wrong.body().contains("The code is not correct."), wrong.body());
        assertTrue(wrong.body().contains("4 tries left"), wrong.body());
        assertEquals(400, malformed.statusCode());
        assertTrue(malformed.body().contains("Enter the 6 digits of the code from the email."), malformed.body());
        assertEquals(429, tooSoon.statusCode());
        assertTrue(tooSoon.body().contains("less than a minute ago"), tooSoon.body());
        assertTrue(tooSoon.headers().firstValue("Retry-After").isPresent());
        assertEquals(302, right.statusCode(), right.body());
        String unlocked = page(cody, ApiFlow.cookie(right)).body();
        assertTrue(unlocked.contains("document-area"), unlocked);
        assertFalse(unlocked.contains(code), "the code on the page");
    }

    @Test
    void forms_fromAnotherSite_refusedAndSendNothing() {
        HttpResponse<String> send = form(cody, "email-code/send", "", "Sec-Fetch-Site", "cross-site");
        HttpResponse<String> typed = form(cody, "email-code", "code=123456", "Origin", "https://evil.example");

        assertEquals(403, send.statusCode());
        assertEquals(403, typed.statusCode());
        assertTrue(send.body().contains("another site"), send.body());
        assertEquals(List.of(), MailedCodes.mails(signet.mail(), cody.email()));
    }

    @Test
    void page_inGerman_saysItInGerman() {
        HttpResponse<String> de = signet.server().send(signet.server().request("/sign/" + cody.token() + "?lang=de", null)
                .build());

        assertTrue(de.body().contains("Code senden"), de.body());
        assertTrue(de.body().contains("c***@example.com"), de.body());
        assertTrue(de.body().contains("action=\"/sign/" + cody.token() + "/email-code/send?lang=de\""), de.body());
    }
}
