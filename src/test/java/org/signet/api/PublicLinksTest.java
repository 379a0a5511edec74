package org.signet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.TestServer.array;
import static org.signet.support.TestServer.code;
import static org.signet.support.TestServer.data;
import static org.signet.support.TestServer.expect;
import static org.signet.support.TestServer.expectObject;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.json.Json;
import org.signet.support.ApiFlow;
import org.signet.support.MailedCodes;
import org.signet.support.Party;
import org.signet.support.SignetFixture;

/**
 * A template's public link: turned on, opened by visitors who prove their address with a mailed code and
 * each get a document of the owner to sign; the limits per address, per link and per day; a wrong code;
 * a link turned off answering 404.
 */
class PublicLinksTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running("public_links.per_address_per_day=2",
            "public_links.per_link_per_day=3", "public_links.per_day=4").withMail();

    private ApiFlow flow;
    private long template;
    private String url;

    /** A visitor's browser: the cookie the start step left. */
    private record Visitor(String email, String cookie) {}

    @BeforeEach
    void start() {
        flow = signet.flow();
        template = oneParty("Volunteer form");
        url = enable(template);
    }

    private long oneParty(String name) {
        String doc = flow.upload(name, 1);
        flow.addSignerWithSignatureField(doc, "placeholder@example.org");
        return ((Number) expectObject(201, flow.post("templates", Map.of("document_id", doc, "name", name)))
                .get("id")).longValue();
    }

    private String enable(long id) {
        Map<String, Object> on = expectObject(200, flow.post("templates/" + id + "/public-link", Map.of("enabled", true)));
        assertEquals(true, on.get("enabled"));
        return (String) on.get("url");
    }

    private HttpResponse<String> post(String address, String cookie, Object body) {
        HttpRequest.Builder b = signet.server().request(address, null).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(Json.write(body)));
        if (cookie != null) {
            b.header("Cookie", cookie);
        }
        return signet.server().send(b.build());
    }

    private HttpResponse<String> begin(String link, String name, String email) {
        return post(link + "/start", null, Map.of("name", name, "email", email));
    }

    private Visitor started(String link, String name, String email) {
        HttpResponse<String> r = expect(200, begin(link, name, email));
        String cookie = r.headers().firstValue("Set-Cookie").orElseThrow();
        assertTrue(cookie.contains("HttpOnly") && cookie.contains("Path=/p/"), cookie);
        return new Visitor(email, cookie.substring(0, cookie.indexOf(';')));
    }

    private HttpResponse<String> verify(String link, Visitor v, String code) {
        return post(link + "/verify", v.cookie(), Map.of("code", code));
    }

    private int codeMails(String email) {
        return MailedCodes.mails(signet.mail(), email).size();
    }

    @Test
    void twoVisitors_eachProvesTheAddress_andSignsADocumentOfTheOwner() {
        Visitor ann = started(url, "Ann Visitor", "ann@example.org");
        Visitor bob = started(url, "Bob Visitor", "bob@example.org");
        String annUrl = (String) expectObject(200, verify(url, ann, MailedCodes.latest(signet.mail(), ann.email())))
                .get("signing_url");
        String bobUrl = (String) expectObject(200, verify(url, bob, MailedCodes.latest(signet.mail(), bob.email())))
                .get("signing_url");
        assertNotEquals(annUrl, bobUrl);

        HttpResponse<String> made = expect(200, flow.get("documents?external_id=public-link:" + template));
        assertEquals("2", made.headers().firstValue("X-WP-Total").orElseThrow());
        for (Object item : array(made)) {
            assertEquals("sent", ((Map<?, ?>) item).get("status"));
            assertEquals("public-link:" + template, ((Map<?, ?>) item).get("external_id"));
        }
        Party annParty = new Party(null, "Ann Visitor", ann.email(), annUrl);
        expect(200, flow.sign(annParty.token()));
        String annDoc = (String) ((Map<?, ?>) array(flow.get(
                "documents?external_id=public-link:" + template + "&status=completed")).get(0)).get("id");
        Map<String, Object> sealed = flow.awaitSealed(annDoc);
        assertEquals("completed", sealed.get("status"));
        for (String action : List.of("document_created", "document_sent", "document_completed")) {
            assertFalse(flow.audit(annDoc, action).isEmpty(), action);
        }
    }

    @Test
    void verify_wrongCode_400WithAttemptsLeft_andNoDocument() {
        Visitor ann = started(url, "Ann Visitor", "ann@example.org");
        String right = MailedCodes.latest(signet.mail(), ann.email());
        String wrong = right.equals("000000") ? "111111" : "000000";
        HttpResponse<String> r = expect(400, verify(url, ann, wrong));
        assertEquals("invalid_code", code(r));
        assertEquals(4, ((Number) data(r).get("attempts_left")).intValue());
        assertEquals("0", flow.get("documents?external_id=public-link:" + template).headers()
                .firstValue("X-WP-Total").orElseThrow());
        HttpResponse<String> noVisit = expect(400, post(url + "/verify", null, Map.of("code", right)));
        assertEquals("code_expired", code(noVisit));
        expect(200, verify(url, ann, right));
        assertEquals("code_expired", code(expect(400, verify(url, ann, right))), "a code works once");
    }

    @Test
    void start_perAddressLimit_429AndNoMail() {
        started(url, "Ann Visitor", "ann@example.org");
        started(url, "Ann Visitor", "ANN@example.org");
        MailedCodes.nth(signet.mail(), "ann@example.org", 2);
        HttpResponse<String> r = expect(429, begin(url, "Ann Visitor", "ann@example.org"));
        assertEquals("public_link_limit", code(r));
        assertTrue(r.headers().firstValue("Retry-After").isPresent());
        started(url, "Bob Visitor", "bob@example.org");
        MailedCodes.latest(signet.mail(), "bob@example.org");
        assertEquals(2, codeMails("ann@example.org"));
    }

    @Test
    void start_perLinkLimit_429() {
        started(url, "A", "a@example.org");
        started(url, "B", "b@example.org");
        started(url, "C", "c@example.org");
        assertEquals("public_link_limit", code(expect(429, begin(url, "D", "d@example.org"))));
        String other = enable(oneParty("Waiver"));
        started(other, "D", "d@example.org");
    }

    @Test
    void start_perDayLimit_429_untilTheDayHasPassed() {
        String other = enable(oneParty("Waiver"));
        started(url, "A", "a@example.org");
        started(url, "B", "b@example.org");
        started(other, "C", "c@example.org");
        started(other, "D", "d@example.org");
        assertEquals("public_link_limit", code(expect(429, begin(other, "E", "e@example.org"))));
        signet.clock().advance(Duration.ofHours(24).plusSeconds(1));
        started(other, "E", "e@example.org");
    }

    @Test
    void disable_theUrlAnswers404_andEnablingAgainMakesANewOne() {
        Visitor ann = started(url, "Ann Visitor", "ann@example.org");
        String code = MailedCodes.latest(signet.mail(), ann.email());
        assertEquals(false, expectObject(200, flow.delete("templates/" + template + "/public-link")).get("enabled"));
        assertEquals(404, signet.server().send(signet.server().request(url, null).GET().build()).statusCode());
        assertEquals(404, begin(url, "Bob", "bob@example.org").statusCode());
        assertEquals(404, verify(url, ann, code).statusCode());
        assertEquals(404, flow.delete("templates/" + template + "/public-link").statusCode());
        String again = enable(template);
        assertNotEquals(url, again);
        assertEquals(200, signet.server().send(signet.server().request(again, null).GET().build()).statusCode());
        assertEquals("0", flow.get("documents?external_id=public-link:" + template).headers()
                .firstValue("X-WP-Total").orElseThrow());
    }

    @Test
    void enable_templateOfTwoParties_refused() {
        String doc = flow.upload("Lease", 1);
        Party a = flow.addSigner(doc, "Ann", "ann@example.org", "signer", 1);
        Party b = flow.addSigner(doc, "Bob", "bob@example.org", "signer", 2);
        flow.signatureFields(doc, a.id(), b.id());
        long two = ((Number) expectObject(201, flow.post("templates", Map.of("document_id", doc, "name", "Lease")))
                .get("id")).longValue();
        HttpResponse<String> r = expect(400, flow.post("templates/" + two + "/public-link", Map.of("enabled", true)));
        assertEquals("public_link_one_party", code(r));
        assertFalse(r.body().contains("/p/"));
    }
}
