package org.signet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.TestServer.code;
import static org.signet.support.TestServer.data;
import static org.signet.support.TestServer.object;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.domain.DocumentStatus;
import org.signet.domain.OutboxEntry;
import org.signet.domain.Signer;
import org.signet.support.ApiFlow;
import org.signet.support.SignetFixture;
import org.signet.support.TestServer;

/** send, remind and expire, and recall through PUT status, over a running Signet with a test clock. */
class WorkflowApiTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running();

    private ApiFlow flow;
    private String doc;

    @BeforeEach
    void start() throws Exception {
        flow = signet.flow();
        doc = flow.upload("Supply agreement", 2);
    }

    private Signer signer(String id) {
        return flow.signers().find(Long.parseLong(id)).orElseThrow();
    }

    private List<String> invited(String... ids) {
        return java.util.Arrays.stream(ids).filter(id -> signer(id).invited()).toList();
    }

    private static void assertError(HttpResponse<String> r, String code) {
        assertEquals(400, r.statusCode(), r.body());
        assertEquals(code, code(r), r.body());
    }

    // send

    @Test
    void send_noSigners_noSigners() {
        assertError(flow.postSend(doc), "no_signers");
        assertEquals("draft", flow.status(doc));
    }

    @Test
    void send_signersWithoutRequiredSignatureField_missingSignatureFieldsWithTheirIds() {
        String withSignature = flow.addSigner(doc, "A", "a@example.org", "signer", 1).id();
        String withInitials = flow.addSigner(doc, "B", "b@example.org", "signer", 1).id();
        String onlyText = flow.addSigner(doc, "C", "c@example.org", "signer", 1).id();
        String optional = flow.addSigner(doc, "D", "d@example.org", "signer", 2).id();
        String bare = flow.addSigner(doc, "E", "e@example.org", "signer", 2).id();
        flow.addSigner(doc, "Viewer", "v@example.org", "viewer", 1).id();
        flow.addSigner(doc, "Approver", "ap@example.org", "approver", 1).id();
        Map<String, Object> optionalSignature = ApiFlow.field(optional, "signature", 1, 0, 300);
        optionalSignature.put("is_required", false);
        flow.postFields(doc, List.of(ApiFlow.field(withSignature, "signature", 1, 0, 0),
                ApiFlow.field(withInitials, "initials", 1, 0, 100), ApiFlow.field(onlyText, "text", 1, 0, 200),
                optionalSignature));

        HttpResponse<String> r = flow.postSend(doc);

        assertError(r, "missing_signature_fields");
        assertEquals(List.of(onlyText, optional, bare), data(r).get("signer_ids"));
        assertEquals("draft", flow.status(doc));
        assertTrue(flow.mail.queue().list(OutboxEntry.Status.PENDING, 100).isEmpty());
    }

    @Test
    void send_onlyViewersAndApprovers_sentWithoutSignatureFields() {
        flow.addSigner(doc, "Approver", "ap@example.org", "approver", 1).id();
        flow.addSigner(doc, "Viewer", "v@example.org", "viewer", 1).id();

        assertEquals(200, flow.postSend(doc).statusCode());
    }

    @Test
    void send_notDraft_invalidState() {
        String a = flow.addSigner(doc, "A", "a@example.org", "signer", 1).id();
        flow.signatureFields(doc, a);
        assertEquals(200, flow.postSend(doc).statusCode());

        assertError(flow.postSend(doc), "invalid_state");
        flow.forceStatus(doc, DocumentStatus.SENT, DocumentStatus.COMPLETED);
        assertError(flow.postSend(doc), "invalid_state");
        assertEquals(1, flow.mail.queued("a@example.org", "invitation").size());
    }

    @Test
    void send_draft_sentAndFirstGroupInvited() {
        String a = flow.addSigner(doc, "Ann", "ann@example.org", "signer", 1).id();
        String b = flow.addSigner(doc, "Bob", "bob@example.org", "signer", 2).id();
        flow.signatureFields(doc, a, b);

        HttpResponse<String> r = flow.postSend(doc);

        assertEquals(200, r.statusCode(), r.body());
        assertEquals(true, object(r).get("sent"));
        assertEquals("Document sent; 1 recipient(s) invited by email.", object(r).get("message"));
        assertEquals("sent", flow.status(doc));
        assertEquals(List.of(a), invited(a, b));
        assertEquals(1, flow.mail.queued("ann@example.org", "invitation").size());
        assertTrue(flow.mail.queued("bob@example.org", "invitation").isEmpty());
    }

    @Test
    void send_approvers_onlyFirstApproverInvitedWithApprovalRequest() {
        String signerA = flow.addSigner(doc, "Signer", "s@example.org", "signer", 1).id();
        String second = flow.addSigner(doc, "Second approver", "ap2@example.org", "approver", 2).id();
        String first = flow.addSigner(doc, "First approver", "ap1@example.org", "approver", 1).id();
        String viewer = flow.addSigner(doc, "Viewer", "v@example.org", "viewer", 1).id();
        flow.signatureFields(doc, signerA);

        assertEquals(200, flow.postSend(doc).statusCode());

        assertEquals(List.of(first), invited(signerA, second, first, viewer));
        assertEquals(1, flow.mail.queued("ap1@example.org", "approval_request").size());
        assertTrue(flow.mail.queued("ap1@example.org", "invitation").isEmpty());
    }

    @Test
    void send_equalSigningOrder_wholeGroupInvitedTogetherWithItsViewer() {
        String a = flow.addSigner(doc, "A", "a@example.org", "signer", 1).id();
        String b = flow.addSigner(doc, "B", "b@example.org", "signer", 1).id();
        String v = flow.addSigner(doc, "V", "v@example.org", "viewer", 1).id();
        String later = flow.addSigner(doc, "L", "l@example.org", "signer", 2).id();
        String laterViewer = flow.addSigner(doc, "LV", "lv@example.org", "viewer", 2).id();
        flow.signatureFields(doc, a, b, later);

        HttpResponse<String> r = flow.postSend(doc);

        assertEquals("Document sent; 3 recipient(s) invited by email.", object(r).get("message"));
        assertEquals(List.of(a, b, v), invited(a, b, v, later, laterViewer));
        assertEquals(1, flow.mail.queued("v@example.org", "view_invitation").size());
    }

    @Test
    void send_viewerOnlyFirstGroup_nextGroupInvitedToo() {
        String v = flow.addSigner(doc, "V", "v@example.org", "viewer", 1).id();
        String a = flow.addSigner(doc, "A", "a@example.org", "signer", 2).id();
        String b = flow.addSigner(doc, "B", "b@example.org", "signer", 3).id();
        flow.signatureFields(doc, a, b);

        assertEquals(200, flow.postSend(doc).statusCode());

        assertEquals(List.of(v, a), invited(v, a, b));
    }

    @Test
    void updateStatusSent_sameAsSend_invitationsIncluded() {
        String a = flow.addSigner(doc, "A", "a@example.org", "signer", 1).id();
        flow.signatureFields(doc, a);

        HttpResponse<String> r = flow.put("documents/" + doc, Map.of("status", "sent"));

        assertEquals(200, r.statusCode(), r.body());
        assertEquals("sent", object(r).get("status"));
        assertEquals(1, flow.mail.queued("a@example.org", "invitation").size());
        assertEquals(1, flow.audit(doc, "document_sent").size());
    }

    @Test
    void updateStatusSent_withoutSigners_noSigners() {
        assertError(flow.put("documents/" + doc, Map.of("status", "sent")), "no_signers");
    }

    @Test
    void addSigner_toOpenGroupOfSentDocument_invitedAtOnce() {
        String a = flow.addSigner(doc, "A", "a@example.org", "signer", 1).id();
        String b = flow.addSigner(doc, "B", "b@example.org", "signer", 2).id();
        flow.signatureFields(doc, a, b);
        flow.postSend(doc);

        String joins = flow.addSigner(doc, "Joins", "joins@example.org", "signer", 1).id();
        String waits = flow.addSigner(doc, "Waits", "waits@example.org", "signer", 2).id();

        assertEquals(List.of(a, joins), invited(a, b, joins, waits));
        assertEquals(1, flow.mail.queued("joins@example.org", "invitation").size());
        assertTrue(flow.mail.queued("waits@example.org", "invitation").isEmpty());
    }

    @Test
    void addSigner_draft_nobodyInvited() {
        String a = flow.addSigner(doc, "A", "a@example.org", "signer", 1).id();

        assertTrue(invited(a).isEmpty());
        assertTrue(flow.mail.queued("a@example.org", "invitation").isEmpty());
    }

    // recall

    @Test
    void updateStatusDraft_sentDocument_recalledWithSignersReset() {
        String a = flow.addSigner(doc, "A", "a@example.org", "signer", 1).id();
        String b = flow.addSigner(doc, "B", "b@example.org", "signer", 1).id();
        flow.signatureFields(doc, a, b);
        flow.postSend(doc);
        flow.signers().markViewed(Long.parseLong(a));
        assertEquals("viewed", flow.signerRecords(doc).get(a).get("status"));

        HttpResponse<String> r = flow.put("documents/" + doc, Map.of("status", "draft"));

        assertEquals(200, r.statusCode(), r.body());
        assertEquals("draft", object(r).get("status"));
        for (Map<String, Object> s : flow.signerRecords(doc).values()) {
            assertEquals("pending", s.get("status"));
            assertNull(s.get("viewed_at"));
        }
        assertTrue(invited(a, b).isEmpty(), "links stop working until the document is sent again");
        assertError(flow.post("documents/" + doc + "/remind", null), "no_recipients");
        assertEquals(1, flow.audit(doc, "document_recalled").size());
    }

    @Test
    void updateStatusDraft_viewedDocument_recalled() {
        String a = flow.addSigner(doc, "A", "a@example.org", "signer", 1).id();
        flow.signatureFields(doc, a);
        flow.postSend(doc);
        flow.signers().markViewed(Long.parseLong(a));
        flow.forceStatus(doc, DocumentStatus.SENT, DocumentStatus.VIEWED);

        HttpResponse<String> r = flow.put("documents/" + doc, Map.of("status", "draft"));

        assertEquals(200, r.statusCode(), r.body());
        assertEquals("draft", flow.status(doc));
        assertEquals("pending", flow.signerRecords(doc).get(a).get("status"));
    }

    @Test
    void updateStatusDraft_terminalDocument_invalidTransition() {
        String a = flow.addSigner(doc, "A", "a@example.org", "signer", 1).id();
        flow.signatureFields(doc, a);
        flow.postSend(doc);
        flow.forceStatus(doc, DocumentStatus.SENT, DocumentStatus.DECLINED);

        HttpResponse<String> r = flow.put("documents/" + doc, Map.of("status", "draft"));

        assertError(r, "invalid_transition");
        assertEquals("declined", flow.status(doc));
    }

    @Test
    void updateStatusDraft_recalledThenSentAgain_invitedAgain() {
        String a = flow.addSigner(doc, "A", "a@example.org", "signer", 1).id();
        flow.signatureFields(doc, a);
        flow.postSend(doc);
        flow.put("documents/" + doc, Map.of("status", "draft"));

        assertEquals(200, flow.postSend(doc).statusCode());

        assertEquals(List.of(a), invited(a));
        assertEquals(2, flow.mail.queued("a@example.org", "invitation").size());
    }

    @Test
    void updateStatusDraft_afterSomeoneSigned_invalidState() {
        String a = flow.addSigner(doc, "A", "a@example.org", "signer", 1).id();
        String b = flow.addSigner(doc, "B", "b@example.org", "signer", 1).id();
        flow.signatureFields(doc, a, b);
        flow.postSend(doc);
        flow.markSigned(Long.parseLong(a), "198.51.100.2", "Browser");

        assertError(flow.put("documents/" + doc, Map.of("status", "draft")), "invalid_state");
        assertEquals("sent", flow.status(doc));
        assertEquals("signed", flow.signerRecords(doc).get(a).get("status"));
    }

    // remind

    @Test
    void remind_noBody_invitedSignersAndApproversPendingOrViewed() {
        String pending = flow.addSigner(doc, "Pending", "p@example.org", "signer", 1).id();
        String viewed = flow.addSigner(doc, "Viewed", "vw@example.org", "signer", 1).id();
        String signed = flow.addSigner(doc, "Signed", "sg@example.org", "signer", 1).id();
        flow.addSigner(doc, "Viewer", "viewer@example.org", "viewer", 1).id();
        String notYet = flow.addSigner(doc, "Later", "later@example.org", "signer", 2).id();
        flow.signatureFields(doc, pending, viewed, signed, notYet);
        flow.postSend(doc);
        flow.signers().markViewed(Long.parseLong(viewed));
        flow.markSigned(Long.parseLong(signed), "198.51.100.3", "Browser");

        HttpResponse<String> r = flow.post("documents/" + doc + "/remind", null);

        assertEquals(200, r.statusCode(), r.body());
        assertEquals(List.of(pending, viewed), object(r).get("reminded"));
        assertEquals(List.of(), object(r).get("failed"));
        assertTrue(((String) object(r).get("message")).startsWith("2 reminder(s) sent"), r.body());
        assertEquals(1, flow.mail.queued("p@example.org", "reminder").size());
        assertEquals(OutboxEntry.Status.SENT, flow.mail.queued("p@example.org", "reminder").get(0).status());
        assertTrue(flow.mail.queued("viewer@example.org", "reminder").isEmpty());
        assertTrue(flow.mail.queued("later@example.org", "reminder").isEmpty());
        assertEquals(2, flow.audit(doc, "reminder_sent").size());
    }

    @Test
    void remind_approverWaiting_reminded() {
        String approver = flow.addSigner(doc, "Approver", "ap@example.org", "approver", 1).id();
        String s = flow.addSigner(doc, "Signer", "s@example.org", "signer", 1).id();
        flow.signatureFields(doc, s);
        flow.postSend(doc);

        HttpResponse<String> r = flow.post("documents/" + doc + "/remind", Map.of());

        assertEquals(List.of(approver), object(r).get("reminded"));
    }

    @Test
    void remind_signerId_onlyThatSigner() {
        String a = flow.addSigner(doc, "A", "a@example.org", "signer", 1).id();
        String b = flow.addSigner(doc, "B", "b@example.org", "signer", 1).id();
        flow.signatureFields(doc, a, b);
        flow.postSend(doc);

        HttpResponse<String> r = flow.post("documents/" + doc + "/remind", Map.of("signer_id", Long.parseLong(b)));

        assertEquals(200, r.statusCode(), r.body());
        assertEquals(List.of(b), object(r).get("reminded"));
        assertTrue(flow.mail.queued("a@example.org", "reminder").isEmpty());
    }

    @Test
    void remind_signerIdNotEligible_noRecipients() {
        String a = flow.addSigner(doc, "A", "a@example.org", "signer", 1).id();
        String signed = flow.addSigner(doc, "S", "s@example.org", "signer", 1).id();
        String viewer = flow.addSigner(doc, "V", "v@example.org", "viewer", 1).id();
        String notYetInvited = flow.addSigner(doc, "Later", "later@example.org", "signer", 2).id();
        String otherDocs = flow.addSigner(flow.upload("Other", 2), "O", "o@example.org", "signer", 1).id();
        flow.signatureFields(doc, a, signed, notYetInvited);
        flow.postSend(doc);
        flow.markSigned(Long.parseLong(signed), "198.51.100.4", "Browser");

        for (String id : List.of(signed, viewer, notYetInvited, otherDocs, "999999")) {
            assertError(flow.post("documents/" + doc + "/remind", Map.of("signer_id", id)), "no_recipients");
        }
        assertTrue(flow.audit(doc, "reminder_sent").isEmpty());
        assertTrue(flow.mail.queued("later@example.org", "reminder").isEmpty());
    }

    @Test
    void remind_badSignerId_restInvalidParam() {
        HttpResponse<String> r = flow.post("documents/" + doc + "/remind", Map.of("signer_id", "first"));

        assertError(r, "rest_invalid_param");
    }

    @Test
    void remind_draft_noRecipients() {
        flow.addSigner(doc, "A", "a@example.org", "signer", 1).id();

        assertError(flow.post("documents/" + doc + "/remind", null), "no_recipients");
    }

    @Test
    void remind_smtpServerDown_failedListsSignersAndMessagesStayQueued() throws Exception {
        signet.start("smtp.host=127.0.0.1", "smtp.port=" + closedPort(),
                "smtp.starttls=false");
        flow = signet.flow();
        doc = flow.upload("Supply agreement", 2);
        String a = flow.addSigner(doc, "A", "a@example.org", "signer", 1).id();
        String b = flow.addSigner(doc, "B", "b@example.org", "signer", 1).id();
        flow.signatureFields(doc, a, b);
        flow.postSend(doc);

        HttpResponse<String> r = flow.post("documents/" + doc + "/remind", null);

        assertEquals(200, r.statusCode(), r.body());
        assertEquals(List.of(), object(r).get("reminded"));
        assertEquals(List.of(a, b), object(r).get("failed"));
        assertTrue(((String) object(r).get("message")).contains("2 could not be delivered"), r.body());
        OutboxEntry queued = flow.mail.queued("a@example.org", "reminder").get(0);
        assertEquals(OutboxEntry.Status.PENDING, queued.status());
        assertNotNull(queued.lastError());
    }

    @Test
    void remind_smtpServerDown_stopsTryingAfterThreeFailuresInARow() throws Exception {
        signet.start("smtp.host=127.0.0.1", "smtp.port=" + closedPort(),
                "smtp.starttls=false");
        flow = signet.flow();
        doc = flow.upload("Supply agreement", 2);
        List<String> ids = new java.util.ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            ids.add(flow.addSigner(doc, "S" + i, "s" + i + "@example.org", "signer", 1).id());
        }
        flow.signatureFields(doc, ids.toArray(String[]::new));
        flow.postSend(doc);

        HttpResponse<String> r = flow.post("documents/" + doc + "/remind", null);

        assertEquals(ids, object(r).get("failed"));
        List<Integer> attempts = new java.util.ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            attempts.add(flow.mail.queued("s" + i + "@example.org", "reminder").get(0).attempts());
        }
        assertEquals(List.of(1, 1, 1, 0, 0), attempts, "the untried ones keep their place in the queue");
        assertEquals(OutboxEntry.Status.PENDING, flow.mail.queued("s5@example.org", "reminder").get(0).status());
    }

    private static int closedPort() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    // expire

    @Test
    void expire_noExpiresAt_notDue() {
        assertError(flow.post("documents/" + doc + "/expire", null), "not_due");
        assertEquals("draft", flow.status(doc));
    }

    @Test
    void expire_expiresAtInTheFuture_notDue() {
        flow.expiresIn(doc, Duration.ofHours(1));
        signet.clock().advance(Duration.ofMinutes(59));

        assertError(flow.post("documents/" + doc + "/expire", null), "not_due");
        assertEquals("draft", flow.status(doc));
        assertTrue(flow.audit(doc, "document_expired").isEmpty());
    }

    @Test
    void expire_due_expiredWithIdAndStatus() {
        String a = flow.addSigner(doc, "A", "a@example.org", "signer", 1).id();
        flow.signatureFields(doc, a);
        flow.postSend(doc);
        flow.expiresIn(doc, Duration.ofHours(1));
        signet.clock().advance(Duration.ofHours(1));

        HttpResponse<String> r = flow.post("documents/" + doc + "/expire", null);

        assertEquals(200, r.statusCode(), r.body());
        assertEquals(Map.of("expired", true, "document", Map.of("id", doc, "status", "expired")), object(r));
        assertEquals("expired", flow.status(doc));
        assertEquals(1, flow.audit(doc, "document_expired").size());
    }

    @Test
    void expire_alreadyExpired_sameAnswerAndNoSecondEvent() {
        flow.expiresIn(doc, Duration.ofHours(1));
        signet.clock().advance(Duration.ofDays(2));
        HttpResponse<String> first = flow.post("documents/" + doc + "/expire", null);

        HttpResponse<String> again = flow.post("documents/" + doc + "/expire", null);

        assertEquals(200, again.statusCode());
        assertEquals(first.body(), again.body());
        assertEquals(1, flow.audit(doc, "document_expired").size());
    }

    @Test
    void expire_completedOrDeclined_invalidStateEvenWhenDue() {
        String declined = flow.upload("Declined", 2);
        for (String d : List.of(doc, declined)) {
            String s = flow.addSigner(d, "A", "a@example.org", "signer", 1).id();
            flow.signatureFields(d, s);
            flow.postSend(d);
            flow.expiresIn(d, Duration.ofHours(1));
        }
        flow.forceStatus(doc, DocumentStatus.SENT, DocumentStatus.COMPLETED);
        flow.forceStatus(declined, DocumentStatus.SENT, DocumentStatus.DECLINED);
        signet.clock().advance(Duration.ofHours(2));

        assertError(flow.post("documents/" + doc + "/expire", null), "invalid_state");
        assertError(flow.post("documents/" + declined + "/expire", null), "invalid_state");
        assertEquals("completed", flow.status(doc));
        assertEquals("declined", flow.status(declined));
    }

    @Test
    void updateStatusExpired_notDue_notDue() {
        flow.expiresIn(doc, Duration.ofHours(1));

        assertError(flow.put("documents/" + doc, Map.of("status", "expired")), "not_due");
        assertEquals("draft", flow.status(doc));
    }

    // audit

    @Test
    void audit_everyWorkflowEvent_recordsKeyIpAndUserAgent() {
        long keyId = signet.server().app.keys().findByKey(flow.key.key()).orElseThrow().id();
        String a = flow.addSigner(doc, "A", "a@example.org", "signer", 1).id();
        flow.signatureFields(doc, a);
        flow.postSend(doc);
        flow.post("documents/" + doc + "/remind", null);
        flow.put("documents/" + doc, Map.of("status", "draft"));
        flow.expiresIn(doc, Duration.ofHours(1));
        signet.clock().advance(Duration.ofHours(2));
        assertEquals(200, flow.post("documents/" + doc + "/expire", null).statusCode());

        for (String action : List.of("signer_added", "fields_saved", "document_sent", "invitation_sent",
                "reminder_sent", "document_recalled", "document_expired")) {
            List<Map<String, Object>> events = flow.audit(doc, action);
            assertEquals(1, events.size(), action);
            Map<String, Object> e = events.get(0);
            assertEquals(Long.toString(keyId), e.get("api_key_id"), action);
            assertEquals("127.0.0.1", e.get("ip_address"), action);
            assertEquals(ApiFlow.USER_AGENT, e.get("user_agent"), action);
            assertNotNull(e.get("timestamp"), action);
        }
        assertEquals(true, object(flow.get("documents/" + doc + "/audit")).get("chain_valid"));
    }
}
