package org.signet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.TestServer.code;
import static org.signet.support.TestServer.expect;
import static org.signet.support.TestServer.expectObject;

import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.json.Json;
import org.signet.support.ApiFlow;
import org.signet.support.MailedCodes;
import org.signet.support.Party;
import org.signet.support.SentMail;
import org.signet.support.SignetFixture;
import org.signet.support.TestServer;

/**
 * The owner handing a party's place to someone else with {@code PUT /documents/{id}/signers/{signer_id}}
 * (see docs/api/workflow.md, Handing over), before and after sending, and every refusal.
 */
class SignerHandOverApiTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running();

    private TestServer.Account owner;
    private ApiFlow flow;
    private String doc;

    @BeforeEach
    void start() {
        owner = signet.server().account("olga@example.org", false);
        flow = new ApiFlow(signet.server(), owner.full(), signet.clock());
        // The owner may hand over whatever the document says: it does not allow it here.
        doc = flow.upload("Lease", 1);
    }

    private HttpResponse<String> put(ApiFlow as, String signerId, Map<String, Object> body) {
        return as.put("documents/" + doc + "/signers/" + signerId, body);
    }

    private static Map<String, Object> carla() {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("name", "Carla Nueva");
        body.put("email", "carla@example.org");
        return body;
    }

    private Map<String, Object> listed(String signerId) {
        for (Object o : TestServer.array(expect(200, flow.get("documents/" + doc + "/signers")))) {
            Map<?, ?> s = (Map<?, ?>) o;
            if (signerId.equals(s.get("id"))) {
                @SuppressWarnings("unchecked")
                Map<String, Object> found = (Map<String, Object>) s;
                return found;
            }
        }
        throw new AssertionError("no signer " + signerId);
    }

    private static String token(String url) {
        return url.substring(url.lastIndexOf('/') + 1);
    }

    /** What a refused change must leave: the party as they were, no trail event, no mail to the newcomer. */
    private void assertUnchanged(Party ann) {
        Map<String, Object> now = listed(ann.id());
        assertEquals(ann.name(), now.get("name"));
        assertEquals(ann.email(), now.get("email"));
        assertEquals(ann.url(), now.get("signing_url"));
        assertEquals(List.of(), flow.audit(doc, "signer_delegated"));
        assertEquals(List.of(), flow.mail.queued("carla@example.org", "invitation"));
    }

    @Test
    void put_nameAndEmailBeforeSending_samePlaceNewLinkNoInvitation() throws Exception {
        Party ann = flow.addSignerWithSignatureField(doc, "ann@example.org");
        String fieldId = (String) flow.fields(doc).get(0).get("id");
        expect(200, put(flow, ann.id(), Map.of("language", "de")));

        Map<String, Object> s = expectObject(200, put(flow, ann.id(), carla()));

        assertEquals(ann.id(), s.get("id"));
        assertEquals("Carla Nueva", s.get("name"));
        assertEquals("carla@example.org", s.get("email"));
        assertEquals("de", s.get("language"), "the place keeps its language");
        assertNotEquals(token(ann.url()), token((String) s.get("signing_url")));
        assertEquals(ann.id(), flow.fields(doc).get(0).get("signer_id"));
        assertEquals(fieldId, flow.fields(doc).get(0).get("id"));
        assertEquals(404, flow.session(ann.token()).statusCode());
        assertEquals(List.of(), flow.mail.queued("carla@example.org", "invitation"), "a draft invites nobody");
        Map<String, Object> event = flow.audit(doc, "signer_delegated").get(0);
        assertEquals(Map.of("name", "Carla Nueva", "email", "carla@example.org"),
                ((Map<?, ?>) Json.parse((String) event.get("detail"))).get("to"));
        assertTrue(event.get("api_key_id") != null && event.get("signer") == null, event::toString);
        flow.send(doc);
        String invitation = String.join("\n",
                SentMail.bodies(flow.mail.awaitDelivered("carla@example.org", m -> true)));
        assertTrue(invitation.contains((String) s.get("signing_url")), invitation);
    }

    @Test
    void put_nameAndEmailAfterSending_newInvitationOldLinkStops() throws Exception {
        Party ann = flow.addSignerWithSignatureField(doc, "ann@example.org");
        flow.send(doc);
        expect(200, flow.session(ann.token()));

        Map<String, Object> body = carla();
        body.put("reason", "Ann has left the company.");
        Map<String, Object> s = expectObject(200, put(flow, ann.id(), body));

        assertEquals("pending", s.get("status"), "the new person has not opened it yet");
        assertEquals(404, flow.session(ann.token()).statusCode());
        assertEquals(404, flow.sign(ann.token()).statusCode());
        String invitation = String.join("\n",
                SentMail.bodies(flow.mail.awaitDelivered("carla@example.org", m -> true)));
        assertTrue(invitation.contains((String) s.get("signing_url")), invitation);
        Map<?, ?> detail = (Map<?, ?>) Json.parse((String) flow.audit(doc, "signer_delegated").get(0).get("detail"));
        assertEquals("Ann has left the company.", detail.get("reason"));
        assertEquals(List.of(), flow.mail.queued("olga@example.org", "delegated"), "the owner did it: no mail to them");
        expect(200, flow.sign(token((String) s.get("signing_url"))));
        assertEquals("completed", flow.status(doc));
    }

    /** Ann, whose link asks for an emailed code, on the document sent, having asked for her code. */
    private Party annWithACodeSent() {
        Party ann = flow.addSigner(doc, Map.of("name", "Ann Able", "email", "ann@example.org",
                "verification", "email_code"));
        flow.signatureFields(doc, ann.id());
        flow.send(doc);
        expect(200, flow.postToLink(ann.token(), "email-code/send", Map.of()));
        return ann;
    }

    @Test
    void put_emailCodeSigner_theNewPersonIsAskedForACodeMailedToTheirAddress() {
        Party ann = annWithACodeSent();

        Map<String, Object> s = expectObject(200, put(flow, ann.id(), carla()));

        String carlas = token((String) s.get("signing_url"));
        assertEquals("email_code", expectObject(200, flow.session(carlas)).get("requires"));
        Map<String, Object> sent = expectObject(200, flow.postToLink(carlas, "email-code/send", Map.of()));
        assertTrue(((String) sent.get("email")).endsWith("@example.org"), sent.toString());
        assertEquals(1, flow.mail.queued("carla@example.org", "email_code").size(),
                "a fresh code for the new address, not held back by the old person's minute");
        assertEquals(1, flow.mail.queued("ann@example.org", "email_code").size());
    }

    @Test
    void put_afterTheOldPersonUnlockedTheLink_theirCookieOpensNothingOfTheNewOne() {
        Party ann = annWithACodeSent();
        String code = MailedCodes.code(flow.mail.awaitDelivered("ann@example.org", m -> MailedCodes.code(m) != null));
        String annsCookie = ApiFlow.cookie(expect(200, flow.postToLink(ann.token(), "email-code", Map.of("code", code))));
        assertEquals(true, expectObject(200, flow.session(ann.token(), annsCookie)).get("can_act"));

        String carlas = token((String) expectObject(200, put(flow, ann.id(), carla())).get("signing_url"));

        Map<String, Object> session = expectObject(200, flow.session(carlas, annsCookie));
        assertEquals("email_code", session.get("requires"));
        assertEquals(false, session.get("can_act"));
        assertEquals(List.of(), session.get("fields"));
        HttpResponse<String> file = signet.server().send(signet.server().request("/sign/" + carlas + "/document.pdf", null)
                .header("Cookie", annsCookie).build());
        assertEquals(403, file.statusCode(), "the document for the old person's cookie");
        HttpResponse<String> signed = flow.postToLink(carlas, "submit", Map.of("consent", true,
                "signature", Map.of("method", "type", "text", "Ann Able")), annsCookie);
        assertEquals(403, signed.statusCode(), signed.body());
        assertEquals("pending", listed(ann.id()).get("status"));
    }

    @Test
    void put_afterTheSignerActed_signerAlreadyActed() {
        Party ann = flow.addSignerWithSignatureField(doc, "ann@example.org");
        Party bob = flow.addSignerWithSignatureField(doc, "bob@example.org");
        flow.signatureFields(doc, ann.id(), bob.id());
        flow.send(doc);
        expect(200, flow.sign(ann.token()));

        HttpResponse<String> r = put(flow, ann.id(), carla());

        assertEquals(400, r.statusCode(), r.body());
        assertEquals("signer_already_acted", code(r));
        assertEquals("ann@example.org", listed(ann.id()).get("email"));
        assertEquals(List.of(), flow.audit(doc, "signer_delegated"));
    }

    @Test
    void put_declinedDocument_invalidState() {
        Party ann = flow.addSignerWithSignatureField(doc, "ann@example.org");
        Party bob = flow.addSignerWithSignatureField(doc, "bob@example.org");
        flow.signatureFields(doc, ann.id(), bob.id());
        flow.send(doc);
        expect(200, flow.postToLink(bob.token(), "decline", Map.of("reason", "No.")));

        HttpResponse<String> r = put(flow, ann.id(), carla());

        assertEquals(400, r.statusCode(), r.body());
        assertEquals("invalid_state", code(r));
        assertUnchanged(ann);
    }

    @Test
    void put_anotherOwnersDocument_forbiddenAndTheirSignerUnderOnesOwnDocument_notFound() {
        Party ann = flow.addSignerWithSignatureField(doc, "ann@example.org");
        ApiFlow stranger = signet.flow("stranger@example.org", false);
        String theirs = stranger.upload("Theirs", 1);
        Party zed = stranger.addSignerWithSignatureField(theirs, "zed@example.org");

        HttpResponse<String> r = put(stranger, ann.id(), carla());
        HttpResponse<String> crossed = stranger.put("documents/" + theirs + "/signers/" + ann.id(), carla());
        HttpResponse<String> viaOwn = put(flow, zed.id(), carla());

        // The ownership rule: another user's document is 403, a party not of the document named is 404.
        assertEquals(403, r.statusCode(), r.body());
        assertEquals(404, crossed.statusCode(), crossed.body());
        assertEquals(404, viaOwn.statusCode(), viaOwn.body());
        assertUnchanged(ann);
        assertEquals("zed@example.org", stranger.document(theirs).get("signers") instanceof List<?> l
                ? ((Map<?, ?>) l.get(0)).get("email") : null);
    }

    @Test
    void put_readOnlyKey_forbidden() {
        Party ann = flow.addSignerWithSignatureField(doc, "ann@example.org");
        ApiFlow reader = new ApiFlow(signet.server(), owner.read(), signet.clock());

        HttpResponse<String> r = put(reader, ann.id(), carla());

        assertEquals(403, r.statusCode(), r.body());
        assertUnchanged(ann);
    }

    @Test
    void put_emailAlreadyAPartyInAnyCase_duplicateSigner() {
        Party ann = flow.addSignerWithSignatureField(doc, "ann@example.org");
        flow.addSigner(doc, "Bob Baker", "bob@example.org", "signer", 2);

        for (String taken : List.of("Bob@Example.org", "ANN@example.org")) {
            Map<String, Object> body = carla();
            body.put("email", taken);
            HttpResponse<String> r = put(flow, ann.id(), body);
            assertEquals(400, r.statusCode(), r.body());
            assertEquals("duplicate_signer", code(r));
        }
        assertUnchanged(ann);
    }

    @Test
    void put_badOrHalfGivenIdentity_refusedAndNothingChanged() {
        Party ann = flow.addSignerWithSignatureField(doc, "ann@example.org");
        Map<Map<String, Object>, String> bad = new LinkedHashMap<>();
        bad.put(Map.of("name", "Carla Nueva"), "rest_missing_callback_param");
        bad.put(Map.of("email", "carla@example.org"), "rest_missing_callback_param");
        bad.put(Map.of("name", "Carla Nueva", "email", "carla@"), "rest_invalid_param");
        bad.put(Map.of("name", "Carla\nNueva", "email", "carla@example.org"), "rest_invalid_param");
        bad.put(Map.of("name", "Carla Nueva", "email", "carla@example.org", "reason", "x".repeat(1001)),
                "rest_invalid_param");
        bad.put(Map.of("name", "Carla Nueva", "email", "carla@example.org", "language", "xx"), "rest_invalid_param");

        bad.forEach((body, expected) -> {
            HttpResponse<String> r = put(flow, ann.id(), body);
            assertEquals(400, r.statusCode(), body + " -> " + r.body());
            assertEquals(expected, code(r), body + " -> " + r.body());
        });
        assertUnchanged(ann);
        assertEquals(null, listed(ann.id()).get("language"));
    }
}
