package org.signet.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.ApiFlow.field;
import static org.signet.support.TestServer.code;
import static org.signet.support.TestServer.data;
import static org.signet.support.TestServer.expect;
import static org.signet.support.TestServer.expectObject;

import java.io.ByteArrayInputStream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.json.Json;
import org.signet.support.ApiFlow;
import org.signet.support.Party;
import org.signet.support.SignetFixture;
import org.signet.support.TestServer;

class SigningRoutesTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running().at(Instant.now()).owner("owner@example.com");

    private ApiFlow flow;
    private String docId;
    private Party first;
    private Party second;
    private List<Map<String, Object>> fields;

    @BeforeEach
    void start() throws Exception {
        flow = signet.flow();
        docId = flow.upload("contract", 2);
        first = flow.addSigner(docId, "Ann First", "ann@example.com", "signer", 1);
        second = flow.addSigner(docId, "Bob Second", "bob@example.com", "signer", 2);
        Map<String, Object> text = field(first.id(), "text", 1, 72, 200, 200, 30);
        fields = flow.saveFields(docId, List.of(field(first.id(), "signature", 1, 72, 600, 200, 60), text,
                field(second.id(), "signature", 2, 72, 600, 200, 60)));
    }

    private String id(int i) {
        return (String) fields.get(i).get("id");
    }

    private HttpResponse<String> signFirst() {
        return flow.sign(first.token(), Map.of(id(1), "Ann's answer"));
    }

    @Test
    void submit_withoutConsent_consentRequiredAndNothingSigned() {
        flow.send(docId);

        for (Object consent : new Object[] {false, "true", 1}) {
            HttpResponse<String> r = flow.postToLink(first.token(), "submit", Map.of("consent", consent,
                    "values", Map.of(id(1), "x"), "signature", Map.of("method", "type", "text", "Ann First")));
            expect(400, r);
            assertEquals("consent_required", code(r));
        }
        assertEquals("pending", flow.signerStatus(docId, first.id()));
    }

    @Test
    void submit_requiredFieldsMissing_listsTheirIdsAsStrings() {
        flow.send(docId);

        HttpResponse<String> r = flow.postToLink(first.token(), "submit", Map.of("consent", true, "values", Map.of()));

        expect(400, r);
        assertEquals("missing_required_fields", code(r));
        assertEquals(List.of(id(0), id(1)), data(r).get("field_ids"));
        HttpResponse<String> blank = flow.sign(first.token(), Map.of(id(1), "   "));
        assertEquals(List.of(id(1)), data(blank).get("field_ids"));
        assertEquals("pending", flow.signerStatus(docId, first.id()));
    }

    @Test
    void submit_secondSignerBeforeFirstSigned_notYourTurn() {
        flow.send(docId);

        HttpResponse<String> early = flow.sign(second.token());
        HttpResponse<String> earlyDecline = flow.postToLink(second.token(), "decline", Map.of("reason", "no"));

        expect(409, early);
        assertEquals("not_your_turn", code(early));
        assertEquals("not_your_turn", code(earlyDecline));
        expect(200, signFirst());
        expect(200, flow.sign(second.token()));
    }

    @Test
    void submit_viewer_notYourTurn() {
        Party viewer = flow.addSigner(docId, "Vic Viewer", "vic@example.com", "viewer", 1);
        flow.send(docId);

        expect(200, flow.session(viewer.token()));
        HttpResponse<String> r = flow.postToLink(viewer.token(), "submit", Map.of("consent", true));
        HttpResponse<String> d = flow.postToLink(viewer.token(), "decline", Map.of("reason", "no"));

        expect(409, r);
        assertEquals("not_your_turn", code(r));
        assertEquals("not_your_turn", code(d));
        assertEquals("viewed", flow.signerStatus(docId, viewer.id()));
    }

    @Test
    void submit_twice_alreadyCompleted() {
        flow.send(docId);
        expect(200, signFirst());

        HttpResponse<String> again = signFirst();
        HttpResponse<String> decline = flow.postToLink(first.token(), "decline", Map.of("reason", "changed my mind"));

        expect(409, again);
        assertEquals("already_completed", code(again));
        assertEquals("already_completed", code(decline));
    }

    @Test
    void submit_documentCompleted_alreadyCompletedForEveryone() {
        Party viewer = flow.addSigner(docId, "Vic Viewer", "vic@example.com", "viewer", 1);
        flow.send(docId);
        expect(200, signFirst());
        HttpResponse<String> done = flow.sign(second.token());
        expect(200, done);
        assertEquals("completed", TestServer.object(done).get("document_status"));

        assertEquals("already_completed", code(flow.sign(second.token())));
        HttpResponse<String> viewerSession = flow.session(viewer.token());
        assertEquals(false, TestServer.object(viewerSession).get("can_act"));
    }

    @Test
    void submit_afterDecline_documentClosed() {
        flow.send(docId);
        expect(200, flow.postToLink(first.token(), "decline", Map.of("reason", "Wrong rent")));

        assertClosed(second.token());
    }

    @Test
    void submit_afterExpiry_documentClosed() {
        String in1h = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC)
                .format(signet.clock().instant().plus(Duration.ofHours(1)));
        expect(200, signet.server().send("PUT", "documents/" + docId, flow.key, Json.write(Map.of("expires_at", in1h))));
        flow.send(docId);
        signet.clock().advance(Duration.ofHours(2));

        expect(200, signet.server().send("POST", "documents/" + docId + "/expire", flow.key, "{}"));

        assertClosed(first.token());
    }

    @Test
    void submit_pastExpiryBeforeTheJobRan_documentClosed() {
        String in1h = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC)
                .format(signet.clock().instant().plus(Duration.ofHours(1)));
        expect(200, signet.server().send("PUT", "documents/" + docId, flow.key, Json.write(Map.of("expires_at", in1h))));
        flow.send(docId);

        signet.clock().advance(Duration.ofHours(2));

        assertClosed(first.token());
    }

    @Test
    void submit_afterRecall_documentClosed() {
        flow.send(docId);
        expect(200, flow.session(first.token()));

        expect(200, signet.server().send("PUT", "documents/" + docId, flow.key, "{\"status\":\"draft\"}"));

        assertClosed(first.token());
    }

    private void assertClosed(String token) {
        HttpResponse<String> submit = flow.sign(token, Map.of(id(1), "x"));
        HttpResponse<String> decline = flow.postToLink(token, "decline", Map.of("reason", "late"));
        HttpResponse<String> page = flow.server.send(flow.server.request("/sign/" + token + "/pages/1.png", null)
                .GET().build());
        expect(409, submit);
        assertEquals("document_closed", code(submit));
        assertEquals("document_closed", code(decline));
        assertEquals(409, page.statusCode());
        Map<String, Object> session = TestServer.object(flow.session(token));
        assertEquals(false, session.get("can_act"));
        assertEquals(List.of(), session.get("fields"));
    }

    @Test
    void everyEndpoint_unknownToken_notFound() {
        String bogus = "A".repeat(43);

        HttpResponse<String> session = flow.session(bogus);
        HttpResponse<String> submit = flow.sign(bogus);
        HttpResponse<String> decline = flow.postToLink(bogus, "decline", Map.of("reason", "x"));
        HttpResponse<String> pin = flow.postToLink(bogus, "pin", Map.of("pin", "1234"));
        HttpResponse<String> image = signet.server().send(signet.server().request("/sign/" + bogus + "/pages/1.png", null).build());
        HttpResponse<String> page = signet.server().send(signet.server().request("/sign/" + bogus, null).build());

        for (HttpResponse<String> r : List.of(session, submit, decline, pin, image)) {
            expect(404, r);
            assertEquals("not_found", code(r));
        }
        assertEquals(404, page.statusCode());
        assertTrue(page.headers().firstValue("Content-Type").orElse("").startsWith("text/html"));
    }

    @Test
    void decline_withoutReason_missingParam() {
        flow.send(docId);

        HttpResponse<String> r = flow.postToLink(first.token(), "decline", Map.of());
        HttpResponse<String> empty = flow.postToLink(first.token(), "decline", "");

        expect(400, r);
        assertEquals("rest_missing_callback_param", code(r));
        assertEquals(List.of("reason"), data(r).get("params"));
        assertEquals("rest_missing_callback_param", code(empty));
        assertEquals("pending", flow.signerStatus(docId, first.id()));
    }

    @Test
    void decline_reasonOf1001Characters_invalidParam() {
        flow.send(docId);

        HttpResponse<String> tooLong = flow.postToLink(first.token(), "decline", Map.of("reason", "x".repeat(1001)));
        HttpResponse<String> blank = flow.postToLink(first.token(), "decline", Map.of("reason", "   "));

        expect(400, tooLong);
        assertEquals("rest_invalid_param", code(tooLong));
        assertTrue(((Map<?, ?>) data(tooLong).get("params")).containsKey("reason"));
        assertEquals("rest_invalid_param", code(blank));
        expect(200, flow.postToLink(first.token(), "decline", Map.of("reason", "y".repeat(1000))));
    }

    @Test
    void postEndpoints_notJsonContentType_unsupportedMediaType() {
        flow.send(docId);
        // The PIN and login gates also take their own page's HTML form (GateFormTest); signing never does.
        for (String action : List.of("submit", "decline", "pin")) {
            for (String type : action.equals("pin") ? List.of("text/plain")
                    : List.of("text/plain", "application/x-www-form-urlencoded")) {
                HttpResponse<String> r = signet.server().send(signet.server().request("/sign/" + first.token() + "/" + action, null)
                        .header("Content-Type", type)
                        .POST(HttpRequest.BodyPublishers.ofString("{\"consent\":true,\"reason\":\"x\"}")).build());
                expect(415, r);
                assertEquals("unsupported_media_type", code(r), action + " " + type);
            }
        }
        HttpResponse<String> broken = flow.postToLink(first.token(), "submit", "{\"consent\": tru");
        HttpResponse<String> array = flow.postToLink(first.token(), "submit", "[1,2]");
        assertEquals("rest_invalid_json", code(broken));
        assertEquals("rest_invalid_json", code(array));
        assertEquals("pending", flow.signerStatus(docId, first.id()));
    }

    @Test
    void pageImage_validPage_isThePageRendered() throws Exception {
        flow.send(docId);

        HttpResponse<byte[]> r = signet.server().sendForBytes(signet.server().request("/sign/" + first.token() + "/pages/2.png", null)
                .build());
        HttpResponse<String> beyond = signet.server().send(signet.server().request("/sign/" + first.token() + "/pages/3.png", null)
                .build());
        HttpResponse<String> zero = signet.server().send(signet.server().request("/sign/" + first.token() + "/pages/0.png", null)
                .build());

        assertEquals(200, r.statusCode());
        assertEquals("image/png", r.headers().firstValue("Content-Type").orElse(""));
        var image = ImageIO.read(new ByteArrayInputStream(r.body()));
        assertEquals(842.0 / 595.0, (double) image.getHeight() / image.getWidth(), 0.01);
        assertEquals(404, beyond.statusCode());
        assertEquals(404, zero.statusCode());
    }

    @Test
    void home_wpsSignQuery_redirectsToThePage() {
        HttpResponse<String> r = signet.server().send(signet.server().request("/?wps_sign=" + first.token(), null).build());
        HttpResponse<String> odd = signet.server().send(signet.server().request("/?wps_sign=%3Cscript%3E", null).build());

        assertEquals(302, r.statusCode());
        assertTrue(r.headers().firstValue("Location").orElse("").endsWith("/sign/" + first.token()));
        assertEquals(200, odd.statusCode());
    }

    @Test
    void submit_success_answersStatuses() {
        flow.send(docId);

        HttpResponse<String> r = signFirst();

        expect(200, r);
        assertEquals("signed", TestServer.object(r).get("status"));
        assertEquals("viewed", TestServer.object(r).get("document_status"));
        assertFalse(r.body().contains(first.token()));
    }

    @Test
    void everyResponse_neverCarriesHiddenSignerFields() {
        Map<String, Object> created = expectObject(201, flow.postSigner(docId, Map.of("name", "Pia Pin",
                "email", "pia@example.com", "pin_code", "4821", "signing_order", 3)));
        assertFalse(created.containsKey("pin_code"));
        Party pinned = new Party((String) created.get("id"), "Pia Pin", "pia@example.com",
                (String) created.get("signing_url"));
        flow.saveFields(docId, List.of(fields.get(0), fields.get(1), fields.get(2),
                field(pinned.id(), "signature", 2, 300, 600, 200, 60)).stream().map(f -> {
                    Map<String, Object> copy = new java.util.LinkedHashMap<>(f);
                    copy.keySet().retainAll(List.of("signer_id", "field_type", "page_number", "position_x",
                            "position_y", "width", "height"));
                    return copy;
                }).toList());
        fields = flow.fields(docId);
        flow.send(docId);
        List<String> answers = new java.util.ArrayList<>();
        answers.add(withoutOwnDownload(flow.session(first.token()), first));
        answers.add(signFirst().body());
        answers.add(flow.sign(second.token()).body());
        String pinCookie = ApiFlow.cookie(flow.postToLink(pinned.token(), "pin", Map.of("pin", "4821")));
        answers.add(withoutOwnDownload(flow.session(pinned.token(), pinCookie), pinned));
        answers.add(signet.server().get("documents/" + docId, flow.key).body());
        answers.add(signet.server().get("documents", flow.key).body());
        answers.add(signet.server().get("documents/" + docId + "/fields", flow.key).body());
        answers.add(signet.server().get("documents/" + docId + "/audit", flow.key).body());
        HttpResponse<String> signers = signet.server().get("documents/" + docId + "/signers", flow.key);

        for (String body : answers) {
            assertNoHiddenFields(body);
        }
        String withoutUrls = signers.body().replaceAll("\"signing_url\":\"[^\"]*\"", "");
        assertNoHiddenFields(withoutUrls);
        assertTrue(signers.body().contains(first.token()));
    }

    /** A session names the caller's own copy under the token it was asked with; only that may carry it. */
    private static String withoutOwnDownload(HttpResponse<String> session, Party caller) {
        return session.body().replace("\"download_url\":\"/sign/" + caller.token() + "/document.pdf\"", "");
    }

    private void assertNoHiddenFields(String body) {
        // A key named pin, never the word: the audit trail says a gate passed was the "pin" one.
        for (String hidden : List.of("access_token", "pin_code", "pin_hash", "\"pin\":", "signature_ip",
                "signature_user_agent", "/sign/")) {
            assertFalse(body.contains(hidden), hidden + " in " + body);
        }
        // The PIN's digits may occur inside a hex hash by chance; only the PIN as a value of its own counts.
        assertFalse(java.util.regex.Pattern.compile("(?<![0-9A-Za-z])4821(?![0-9A-Za-z])").matcher(body).find(),
                "the PIN in " + body);
        for (Party s : List.of(first, second)) {
            assertFalse(body.contains(s.token()), "a token in " + body);
        }
    }

    @Test
    void page_everyoneSigned_signersSeeTheCompletedNotice() {
        flow.send(docId);
        signFirst();
        flow.sign(second.token());
        HttpResponse<String> page = signet.server().send(signet.server().request("/sign/" + first.token(), null).build());
        assertEquals(200, page.statusCode());
        assertTrue(page.body().contains("has been completed"), page.body());
        // Which document, from whom: a signer may have several links open.
        String sender = signet.server().app.users().findByEmail("owner@example.com").orElseThrow().name();
        assertTrue(page.body().contains("&#8220;contract&#8221;, sent by " + sender)
                || page.body().contains("\u201ccontract\u201d, sent by " + sender), page.body());
        assertFalse(page.body().contains("/session"), "a closed link never loads the document");
    }

    @Test
    void page_lockedByWrongPins_saysSoBeforeAnyoneTypes() {
        Party guarded = flow.addSigner(docId, Map.of("name", "Pia Pin", "email", "pia@example.com",
                "pin_code", "2468"));
        flow.saveFields(docId, List.of(field(first.id(), "signature", 1, 72, 600, 200, 60),
                field(second.id(), "signature", 2, 72, 600, 200, 60),
                field(guarded.id(), "signature", 1, 300, 600, 200, 60)));
        flow.send(docId);
        String open = signet.server().send(signet.server().request("/sign/" + guarded.token(), null).build()).body();
        assertFalse(open.contains("data-locked"), "not locked before any wrong try");
        for (int i = 0; i < 5; i++) {
            flow.postToLink(guarded.token(), "pin", Map.of("pin", "0000"));
        }
        String locked = signet.server().send(signet.server().request("/sign/" + guarded.token(), null).build()).body();
        assertTrue(locked.contains("data-locked=\"true\""), locked);
    }
}
