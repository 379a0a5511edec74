package org.signet.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.SigningFlow.expect;
import static org.signet.support.SigningFlow.field;
import static org.signet.support.SigningFlow.subject;
import static org.signet.support.SigningFlow.token;
import static org.signet.support.TestServer.code;
import static org.signet.support.TestServer.data;

import jakarta.mail.internet.MimeMessage;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.support.MutableClock;
import org.signet.support.SigningFlow;
import org.signet.support.TestServer;

class SigningTest {
    private static final String IP = "127.0.0.1";

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(Instant.parse("2031-03-04T10:15:30Z"), ZoneOffset.UTC);
    private TestServer server;
    private SigningFlow flow;
    private String docId;

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(dir, clock);
        flow = new SigningFlow(server, server.account("owner@example.com", false), dir);
        docId = flow.upload(1);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private Map<String, Object> signer(String name, String email, String role, int order) {
        return flow.addSigner(docId, name, email, role, order);
    }

    private List<Map<String, Object>> signatureFor(Map<String, Object>... signers) {
        List<Map<String, Object>> fields = new java.util.ArrayList<>();
        for (int i = 0; i < signers.length; i++) {
            fields.add(field(signers[i].get("id"), "signature", 1, 72, 80 + 70 * i, 200, 60));
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
        assertEquals(SigningFlow.USER_AGENT, event.get("user_agent"), event::toString);
    }

    @Test
    void page_firstOpen_marksSignerAndDocumentViewed() {
        Map<String, Object> ann = signer("Ann", "ann@example.com", "signer", 1);
        signatureFor(ann);
        flow.send(docId);

        for (int i = 0; i < 2; i++) {
            HttpResponse<String> page = server.send(server.request("/sign/" + token(ann), null)
                    .header("User-Agent", SigningFlow.USER_AGENT).build());
            expect(200, page);
        }

        assertEquals("viewed", flow.document(docId).get("status"));
        assertEquals("viewed", flow.signerStatus(docId, ann.get("id")));
        assertFromSignerBrowser(event(flow.audit(docId), "document_viewed"));
    }

    @Test
    void submit_withoutEarlierView_recordsTheViewFirst() {
        Map<String, Object> ann = signer("Ann", "ann@example.com", "signer", 1);
        Map<String, Object> bob = signer("Bob", "bob@example.com", "signer", 1);
        signatureFor(ann, bob);
        flow.send(docId);

        expect(200, flow.sign(token(ann)));

        List<Map<String, Object>> audit = flow.audit(docId);
        List<String> actions = audit.stream().map(e -> (String) e.get("action")).toList();
        assertTrue(actions.indexOf("document_viewed") < actions.indexOf("document_signed"), actions::toString);
        assertFromSignerBrowser(event(audit, "document_viewed"));
        assertFromSignerBrowser(event(audit, "document_signed"));
        assertEquals("Ann", event(audit, "document_signed").get("signer"));
        assertEquals("signed", flow.signerStatus(docId, ann.get("id")));
        assertEquals("viewed", flow.document(docId).get("status"));
        assertTrue(audit.stream().allMatch(e -> !String.valueOf(e).contains(token(ann))));
    }

    @Test
    void submit_firstGroupSigned_invitesTheNextGroup() {
        Map<String, Object> ann = signer("Ann", "ann@example.com", "signer", 1);
        Map<String, Object> bob = signer("Bob", "bob@example.com", "signer", 2);
        signatureFor(ann, bob);
        flow.send(docId);
        flow.awaitMessage("ann@example.com", m -> true);
        assertEquals(List.of(), flow.messagesTo("bob@example.com"));

        expect(200, flow.sign(token(ann)));

        MimeMessage invitation = flow.awaitMessage("bob@example.com", m -> true);
        assertNotNull(subject(invitation));
        assertEquals(1, flow.messagesTo("bob@example.com").size());
        assertTrue(flow.audit(docId).stream().anyMatch(e -> "invitation_sent".equals(e.get("action"))
                && "bob@example.com".equals(e.get("detail"))));
        expect(200, flow.session(token(bob)));
        assertEquals(true, TestServer.object(flow.session(token(bob))).get("can_act"));
    }

    @Test
    void submit_lastSignature_completesTheDocumentWithIpAndUserAgent() {
        Map<String, Object> ann = signer("Ann", "ann@example.com", "signer", 1);
        signatureFor(ann);
        flow.send(docId);

        HttpResponse<String> r = flow.sign(token(ann));

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
        Map<String, Object> ann = signer("Ann", "ann@example.com", "signer", 1);
        Map<String, Object> bob = signer("Bob", "bob@example.com", "signer", 1);
        signatureFor(ann, bob);
        flow.send(docId);

        HttpResponse<String> r = flow.post(token(ann), "decline", Map.of("reason", "  The rent is wrong.  "));

        expect(200, r);
        assertEquals("declined", TestServer.object(r).get("status"));
        assertEquals("declined", flow.document(docId).get("status"));
        Map<String, Object> declined = event(flow.audit(docId), "document_declined");
        assertFromSignerBrowser(declined);
        assertEquals("The rent is wrong.", declined.get("detail"));
        MimeMessage mail = flow.awaitMessage("owner@example.com", m -> subject(m).toLowerCase().contains("declin"));
        assertTrue(String.valueOf(mail.getContent() instanceof String s ? s : bodyText(mail)).contains("The rent is wrong."));
        Map<String, Object> bobSession = TestServer.object(flow.session(token(bob)));
        assertEquals(false, bobSession.get("can_act"));
        assertEquals("declined", bobSession.get("closed"));
        assertEquals("document_closed", code(flow.sign(token(bob))));
        String page = server.send(server.request("/sign/" + token(bob), null).build()).body();
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
        Map<String, Object> boss = signer("Boss", "boss@example.com", "approver", 1);
        Map<String, Object> ann = signer("Ann", "ann@example.com", "signer", 1);
        signatureFor(ann);
        flow.send(docId);
        flow.awaitMessage("boss@example.com", m -> true);
        assertEquals(List.of(), flow.messagesTo("ann@example.com"));
        assertEquals("not_your_turn", code(flow.sign(token(ann))));

        assertEquals("consent_required", code(flow.post(token(boss), "submit", Map.of())));
        HttpResponse<String> r = flow.post(token(boss), "submit", Map.of("consent", true));

        expect(200, r);
        assertEquals("approved", TestServer.object(r).get("status"));
        assertEquals("signed", flow.signerStatus(docId, boss.get("id")));
        assertFromSignerBrowser(event(flow.audit(docId), "document_approved"));
        flow.awaitMessage("ann@example.com", m -> true);
        expect(200, flow.sign(token(ann)));
        assertEquals("completed", flow.document(docId).get("status"));
    }

    @Test
    void decline_approverRejects_documentDeclined() {
        Map<String, Object> boss = signer("Boss", "boss@example.com", "approver", 1);
        Map<String, Object> ann = signer("Ann", "ann@example.com", "signer", 1);
        signatureFor(ann);
        flow.send(docId);

        expect(200, flow.post(token(boss), "decline", Map.of("reason", "Budget not approved")));

        assertEquals("declined", flow.document(docId).get("status"));
        assertEquals("declined", flow.signerStatus(docId, boss.get("id")));
        assertFromSignerBrowser(event(flow.audit(docId), "document_declined"));
        assertEquals("document_closed", code(flow.sign(token(ann))));
    }

    @Test
    void submit_automaticFields_filledByTheServiceNotTheSigner() {
        Map<String, Object> ann = signer("Ann Example", "ann@example.com", "signer", 1);
        Object a = ann.get("id");
        List<Map<String, Object>> saved = flow.saveFields(docId, List.of(field(a, "signature", 1, 72, 80, 200, 60),
                field(a, "name", 1, 72, 160, 150, 30), field(a, "email", 1, 72, 200, 200, 30),
                field(a, "date", 1, 72, 240, 100, 30)));
        flow.send(docId);
        Map<String, Object> forged = new LinkedHashMap<>();
        for (int i = 1; i < 4; i++) {
            forged.put((String) saved.get(i).get("id"), "forged");
        }

        expect(200, flow.sign(token(ann), forged));

        List<Map<String, Object>> fields = flow.fields(docId);
        assertEquals("Ann Example", fields.get(1).get("value"));
        assertEquals("ann@example.com", fields.get(2).get("value"));
        assertEquals(DateTimeFormatter.ISO_LOCAL_DATE.withZone(ZoneOffset.UTC).format(clock.instant()),
                fields.get(3).get("value"));
        assertEquals("signed", fields.get(0).get("value"));
    }

    @Test
    void submit_checkboxAndDropdownValues_onlyAllowedOnesAccepted() {
        Map<String, Object> ann = signer("Ann", "ann@example.com", "signer", 1);
        Object a = ann.get("id");
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
            HttpResponse<String> r = flow.sign(token(ann), Map.of(box, bad, choice, "Monthly"));
            assertEquals(400, r.statusCode(), bad);
            assertEquals("rest_invalid_param", code(r), bad);
        }
        HttpResponse<String> notOption = flow.sign(token(ann), Map.of(box, "1", choice, "Weekly"));
        assertEquals("rest_invalid_param", code(notOption));
        assertTrue(((Map<?, ?>) data(notOption).get("params")).containsKey("values." + choice));
        assertEquals("missing_required_fields", code(flow.sign(token(ann), Map.of(box, "0", choice, "Monthly"))));

        expect(200, flow.sign(token(ann), Map.of(box, "1", choice, "Yearly", optional, "0")));

        List<Map<String, Object>> fields = flow.fields(docId);
        assertEquals("1", fields.get(1).get("value"));
        assertEquals("Yearly", fields.get(2).get("value"));
        assertEquals("0", fields.get(3).get("value"));
    }

    @Test
    void submit_valueForAnotherSignersField_invalidParam() {
        Map<String, Object> ann = signer("Ann", "ann@example.com", "signer", 1);
        Map<String, Object> bob = signer("Bob", "bob@example.com", "signer", 1);
        List<Map<String, Object>> saved = flow.saveFields(docId, List.of(field(ann.get("id"), "signature", 1, 72, 80,
                200, 60), field(bob.get("id"), "signature", 1, 72, 200, 200, 60),
                field(bob.get("id"), "text", 1, 72, 300, 200, 30)));
        flow.send(docId);

        HttpResponse<String> r = flow.sign(token(ann), Map.of((String) saved.get(2).get("id"), "mine now"));

        assertEquals("rest_invalid_param", code(r));
        assertEquals("", flow.fields(docId).get(2).get("value"));
    }

    @Test
    void submit_recalledThenSentAgain_theSameLinkWorksAgain() {
        Map<String, Object> ann = signer("Ann", "ann@example.com", "signer", 1);
        signatureFor(ann);
        flow.send(docId);
        expect(200, flow.session(token(ann)));
        expect(200, server.send("PUT", "documents/" + docId, flow.owner.full(), "{\"status\":\"draft\"}"));
        assertEquals("recalled", TestServer.object(flow.session(token(ann))).get("closed"));
        assertEquals("pending", flow.signerStatus(docId, ann.get("id")));

        flow.send(docId);

        assertEquals(true, TestServer.object(flow.session(token(ann))).get("can_act"));
        expect(200, flow.sign(token(ann)));
        assertEquals("completed", flow.document(docId).get("status"));
    }
}
