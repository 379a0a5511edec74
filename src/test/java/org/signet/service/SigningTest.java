package org.signet.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.ApiFlow.field;
import static org.signet.support.SentMail.subject;
import static org.signet.support.TestServer.code;
import static org.signet.support.TestServer.data;
import static org.signet.support.TestServer.expect;

import jakarta.mail.internet.MimeMessage;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.support.ApiFlow;
import org.signet.support.Party;
import org.signet.support.SignetFixture;
import org.signet.support.TestServer;

class SigningTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running().at(Instant.parse("2031-03-04T10:15:30Z"))
            .owner("owner@example.com");

    private static final String IP = "127.0.0.1";

    private ApiFlow flow;
    private String docId;

    @BeforeEach
    void start() throws Exception {
        flow = signet.flow();
        docId = flow.upload("contract", 1);
    }

    private Party signer(String name, String email, String role, int order) {
        return flow.addSigner(docId, name, email, role, order);
    }

    private List<Map<String, Object>> signatureFor(Party... signers) {
        List<Map<String, Object>> fields = new java.util.ArrayList<>();
        for (int i = 0; i < signers.length; i++) {
            fields.add(field(signers[i].id(), "signature", 1, 72, 80 + 70 * i, 200, 60));
        }
        return flow.saveFields(docId, fields);
    }

    private static Map<String, Object> event(List<Map<String, Object>> audit, String action) {
        List<Map<String, Object>> found = audit.stream().filter(e -> action.equals(e.get("action"))).toList();
        assertEquals(1, found.size(), () -> action + " events: " + audit);
        return found.get(0);
    }

    private static void assertFromSignerBrowser(Map<String, Object> event) {
        assertEquals(IP, event.get("ip_address"), event::toString);
        assertEquals(ApiFlow.SIGNER_AGENT, event.get("user_agent"), event::toString);
    }

    @Test
    void page_firstOpen_marksSignerAndDocumentViewed() {
        Party ann = signer("Ann", "ann@example.com", "signer", 1);
        signatureFor(ann);
        flow.send(docId);

        for (int i = 0; i < 2; i++) {
            HttpResponse<String> page = signet.server().send(signet.server().request("/sign/" + ann.token(), null)
                    .header("User-Agent", ApiFlow.SIGNER_AGENT).build());
            expect(200, page);
        }

        assertEquals("viewed", flow.document(docId).get("status"));
        assertEquals("viewed", flow.signerStatus(docId, ann.id()));
        assertFromSignerBrowser(event(flow.audit(docId), "document_viewed"));
    }

    @Test
    void submit_withoutEarlierView_recordsTheViewFirst() {
        Party ann = signer("Ann", "ann@example.com", "signer", 1);
        Party bob = signer("Bob", "bob@example.com", "signer", 1);
        signatureFor(ann, bob);
        flow.send(docId);

        expect(200, flow.sign(ann.token()));

        List<Map<String, Object>> audit = flow.audit(docId);
        List<String> actions = audit.stream().map(e -> (String) e.get("action")).toList();
        assertTrue(actions.indexOf("document_viewed") < actions.indexOf("document_signed"), actions::toString);
        assertFromSignerBrowser(event(audit, "document_viewed"));
        assertFromSignerBrowser(event(audit, "document_signed"));
        assertEquals("Ann", event(audit, "document_signed").get("signer"));
        assertEquals("signed", flow.signerStatus(docId, ann.id()));
        assertEquals("viewed", flow.document(docId).get("status"));
        assertTrue(audit.stream().allMatch(e -> !String.valueOf(e).contains(ann.token())));
    }

    @Test
    void submit_firstGroupSigned_invitesTheNextGroup() {
        Party ann = signer("Ann", "ann@example.com", "signer", 1);
        Party bob = signer("Bob", "bob@example.com", "signer", 2);
        signatureFor(ann, bob);
        flow.send(docId);
        flow.mail.awaitDelivered("ann@example.com", m -> true);
        assertEquals(List.of(), flow.mail.deliveredTo("bob@example.com"));

        expect(200, flow.sign(ann.token()));

        MimeMessage invitation = flow.mail.awaitDelivered("bob@example.com", m -> true);
        assertNotNull(subject(invitation));
        assertEquals(1, flow.mail.deliveredTo("bob@example.com").size());
        assertTrue(flow.audit(docId).stream().anyMatch(e -> "invitation_sent".equals(e.get("action"))
                && "bob@example.com".equals(e.get("detail"))));
        expect(200, flow.session(bob.token()));
        assertEquals(true, TestServer.object(flow.session(bob.token())).get("can_act"));
    }

    @Test
    void submit_lastSignature_completesTheDocumentWithIpAndUserAgent() {
        Party ann = signer("Ann", "ann@example.com", "signer", 1);
        signatureFor(ann);
        flow.send(docId);

        HttpResponse<String> r = flow.sign(ann.token());

        assertEquals("completed", TestServer.object(r).get("document_status"));
        Map<String, Object> d = flow.document(docId);
        assertEquals("completed", d.get("status"));
        assertEquals("2031-03-04 10:15:30", d.get("completed_at"));
        assertFromSignerBrowser(event(flow.audit(docId), "document_completed"));
        flow.awaitSealed(docId);
        event(flow.audit(docId), "document_completed");
    }

    @Test
    void decline_byASigner_declinesTellsOwnerAndClosesOtherLinks() throws Exception {
        Party ann = signer("Ann", "ann@example.com", "signer", 1);
        Party bob = signer("Bob", "bob@example.com", "signer", 1);
        signatureFor(ann, bob);
        flow.send(docId);

        HttpResponse<String> r = flow.postToLink(ann.token(), "decline", Map.of("reason", "  The rent is wrong.  "));

        expect(200, r);
        assertEquals("declined", TestServer.object(r).get("status"));
        assertEquals("declined", flow.document(docId).get("status"));
        Map<String, Object> declined = event(flow.audit(docId), "document_declined");
        assertFromSignerBrowser(declined);
        assertEquals("The rent is wrong.", declined.get("detail"));
        MimeMessage mail = flow.mail.awaitDelivered("owner@example.com", m -> subject(m).toLowerCase().contains("declin"));
        assertTrue(String.valueOf(mail.getContent() instanceof String s ? s : bodyText(mail)).contains("The rent is wrong."));
        Map<String, Object> bobSession = TestServer.object(flow.session(bob.token()));
        assertEquals(false, bobSession.get("can_act"));
        assertEquals("declined", bobSession.get("closed"));
        assertEquals("document_closed", code(flow.sign(bob.token())));
        String page = signet.server().send(signet.server().request("/sign/" + bob.token(), null).build()).body();
        assertTrue(page.contains("declined"), page);
        assertTrue(!page.contains("/pages/1.png"));
    }

    private static String bodyText(MimeMessage m) throws Exception {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        m.writeTo(out);
        return out.toString(java.nio.charset.StandardCharsets.UTF_8);
    }

    @Test
    void submit_approver_approvesWithConsentOnlyThenSignersAreInvited() {
        Party boss = signer("Boss", "boss@example.com", "approver", 1);
        Party ann = signer("Ann", "ann@example.com", "signer", 1);
        signatureFor(ann);
        flow.send(docId);
        flow.mail.awaitDelivered("boss@example.com", m -> true);
        assertEquals(List.of(), flow.mail.deliveredTo("ann@example.com"));
        assertEquals("not_your_turn", code(flow.sign(ann.token())));

        assertEquals("consent_required", code(flow.postToLink(boss.token(), "submit", Map.of())));
        HttpResponse<String> r = flow.postToLink(boss.token(), "submit", Map.of("consent", true));

        expect(200, r);
        assertEquals("approved", TestServer.object(r).get("status"));
        assertEquals("signed", flow.signerStatus(docId, boss.id()));
        assertFromSignerBrowser(event(flow.audit(docId), "document_approved"));
        flow.mail.awaitDelivered("ann@example.com", m -> true);
        expect(200, flow.sign(ann.token()));
        assertEquals("completed", flow.document(docId).get("status"));
    }

    @Test
    void decline_approverRejects_documentDeclined() {
        Party boss = signer("Boss", "boss@example.com", "approver", 1);
        Party ann = signer("Ann", "ann@example.com", "signer", 1);
        signatureFor(ann);
        flow.send(docId);

        expect(200, flow.postToLink(boss.token(), "decline", Map.of("reason", "Budget not approved")));

        assertEquals("declined", flow.document(docId).get("status"));
        assertEquals("declined", flow.signerStatus(docId, boss.id()));
        assertFromSignerBrowser(event(flow.audit(docId), "document_declined"));
        assertEquals("document_closed", code(flow.sign(ann.token())));
    }

    @Test
    void submit_automaticFields_filledByTheServiceNotTheSigner() {
        Party ann = signer("Ann Example", "ann@example.com", "signer", 1);
        Object a = ann.id();
        List<Map<String, Object>> saved = flow.saveFields(docId, List.of(field(a, "signature", 1, 72, 80, 200, 60),
                field(a, "name", 1, 72, 160, 150, 30), field(a, "email", 1, 72, 200, 200, 30),
                field(a, "date", 1, 72, 240, 100, 30)));
        flow.send(docId);
        Map<String, Object> forged = new LinkedHashMap<>();
        for (int i = 1; i < 4; i++) {
            forged.put((String) saved.get(i).get("id"), "forged");
        }

        expect(200, flow.sign(ann.token(), forged));

        List<Map<String, Object>> fields = flow.fields(docId);
        assertEquals("Ann Example", fields.get(1).get("value"));
        assertEquals("ann@example.com", fields.get(2).get("value"));
        assertEquals(DateTimeFormatter.ISO_LOCAL_DATE.withZone(ZoneOffset.UTC).format(signet.clock().instant()),
                fields.get(3).get("value"));
        assertEquals("signed", fields.get(0).get("value"));
    }

    @Test
    void submit_checkboxAndDropdownValues_onlyAllowedOnesAccepted() {
        Party ann = signer("Ann", "ann@example.com", "signer", 1);
        Object a = ann.id();
        Map<String, Object> dropdown = field(a, "dropdown", 1, 72, 240, 150, 30);
        dropdown.put("options", List.of("Monthly", "Yearly"));
        Map<String, Object> optionalBox = field(a, "checkbox", 1, 300, 200, 20, 20);
        optionalBox.put("is_required", false);
        List<Map<String, Object>> saved = flow.saveFields(docId, List.of(field(a, "signature", 1, 72, 80, 200, 60),
                field(a, "checkbox", 1, 72, 200, 20, 20), dropdown, optionalBox));
        String box = (String) saved.get(1).get("id");
        String choice = (String) saved.get(2).get("id");
        String optional = (String) saved.get(3).get("id");
        flow.send(docId);

        for (String bad : List.of("yes", "true", "2", "")) {
            HttpResponse<String> r = flow.sign(ann.token(), Map.of(box, bad, choice, "Monthly"));
            assertEquals(400, r.statusCode(), bad);
            assertEquals("rest_invalid_param", code(r), bad);
        }
        HttpResponse<String> notOption = flow.sign(ann.token(), Map.of(box, "1", choice, "Weekly"));
        assertEquals("rest_invalid_param", code(notOption));
        assertTrue(((Map<?, ?>) data(notOption).get("params")).containsKey("values." + choice));
        assertEquals("missing_required_fields", code(flow.sign(ann.token(), Map.of(box, "0", choice, "Monthly"))));

        expect(200, flow.sign(ann.token(), Map.of(box, "1", choice, "Yearly", optional, "0")));

        List<Map<String, Object>> fields = flow.fields(docId);
        assertEquals("1", fields.get(1).get("value"));
        assertEquals("Yearly", fields.get(2).get("value"));
        assertEquals("0", fields.get(3).get("value"));
    }

    @Test
    void submit_valueForAnotherSignersField_invalidParam() {
        Party ann = signer("Ann", "ann@example.com", "signer", 1);
        Party bob = signer("Bob", "bob@example.com", "signer", 1);
        List<Map<String, Object>> saved = flow.saveFields(docId, List.of(field(ann.id(), "signature", 1, 72, 80,
                200, 60), field(bob.id(), "signature", 1, 72, 200, 200, 60),
                field(bob.id(), "text", 1, 72, 300, 200, 30)));
        flow.send(docId);

        HttpResponse<String> r = flow.sign(ann.token(), Map.of((String) saved.get(2).get("id"), "mine now"));

        assertEquals("rest_invalid_param", code(r));
        assertEquals("", flow.fields(docId).get(2).get("value"));
    }

    @Test
    void submit_recalledThenSentAgain_theSameLinkWorksAgain() {
        Party ann = signer("Ann", "ann@example.com", "signer", 1);
        signatureFor(ann);
        flow.send(docId);
        expect(200, flow.session(ann.token()));
        expect(200, signet.server().send("PUT", "documents/" + docId, flow.key, "{\"status\":\"draft\"}"));
        assertEquals("recalled", TestServer.object(flow.session(ann.token())).get("closed"));
        assertEquals("pending", flow.signerStatus(docId, ann.id()));

        flow.send(docId);

        assertEquals(true, TestServer.object(flow.session(ann.token())).get("can_act"));
        expect(200, flow.sign(ann.token()));
        assertEquals("completed", flow.document(docId).get("status"));
    }
}
