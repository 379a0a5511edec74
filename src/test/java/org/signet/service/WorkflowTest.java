package org.signet.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.domain.Actor;
import org.signet.domain.Document;
import org.signet.domain.DocumentStatus;
import org.signet.domain.Principal;
import org.signet.domain.Signer;
import org.signet.error.Refusal;
import org.signet.store.Database;
import org.signet.store.DocumentStore;
import org.signet.store.SignerStore;
import org.signet.support.ApiFlow;
import org.signet.support.SignetFixture;

/**
 * The workflow engine over a running Signet's database: documents, signers and fields are made
 * through the REST interface, progress is simulated by marking parties signed in the store and
 * asking the engine who to invite next, as the signing endpoints will.
 */
class WorkflowTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running();

    private static final Actor SIGNER = Actor.signer(1, "Someone", "198.51.100.9", "SignerBrowser/1.0");

    private ApiFlow flow;
    private Workflow workflow;
    private Database db;
    private Principal owner;
    private DocumentStore documents;
    private SignerStore signers;
    private String doc;

    @BeforeEach
    void start() throws Exception {
        flow = signet.flow();
        db = signet.server().app.database();
        owner = new Principal(signet.server().app.users().findByEmail("owner@example.org").orElseThrow().id(), false);
        documents = new DocumentStore(db, signet.clock());
        signers = signet.server().app.signers();
        workflow = signet.server().app.workflow();
        doc = flow.upload("Partnership", 2);
    }

    private long id(String s) {
        return Long.parseLong(s);
    }

    /** What a signature or approval will do: mark the party signed, then open the next group. */
    private void signs(String signerId) {
        db.inTransaction(() -> {
            flow.markSigned(id(signerId), "198.51.100.9", "SignerBrowser/1.0");
            workflow.inviteOpenGroups(document(), signers.forDocument(id(doc)), SIGNER);
        });
    }

    private Document document() {
        return documents.find(id(doc)).orElseThrow();
    }

    private List<String> invited(String... ids) {
        return Arrays.stream(ids).filter(s -> signers.find(id(s)).orElseThrow().invited()).toList();
    }

    private void send(String... signatureSigners) {
        flow.signatureFields(doc, signatureSigners);
        workflow.send(owner, id(doc), SIGNER);
    }

    @Test
    void inviteOpenGroups_groupSigned_nextGroupInvitedOnlyWhenAllOfItSigned() {
        String a = flow.addSigner(doc, "A", "a@example.org", "signer", 1).id();
        String b = flow.addSigner(doc, "B", "b@example.org", "signer", 1).id();
        String c = flow.addSigner(doc, "C", "c@example.org", "signer", 2).id();
        String d = flow.addSigner(doc, "D", "d@example.org", "signer", 3).id();
        send(a, b, c, d);
        assertEquals(List.of(a, b), invited(a, b, c, d));

        signs(a);
        assertEquals(List.of(a, b), invited(a, b, c, d));
        signs(b);
        assertEquals(List.of(a, b, c), invited(a, b, c, d));
        signs(c);
        assertEquals(List.of(a, b, c, d), invited(a, b, c, d));
        assertEquals(1, flow.mail.queued("d@example.org", "invitation").size());
    }

    @Test
    void inviteOpenGroups_approversFirstByOrder_thenSignersAndViewers() {
        String s1 = flow.addSigner(doc, "S1", "s1@example.org", "signer", 1).id();
        String v1 = flow.addSigner(doc, "V1", "v1@example.org", "viewer", 1).id();
        String ap2 = flow.addSigner(doc, "AP2", "ap2@example.org", "approver", 2).id();
        String ap1 = flow.addSigner(doc, "AP1", "ap1@example.org", "approver", 1).id();
        String s2 = flow.addSigner(doc, "S2", "s2@example.org", "signer", 2).id();
        send(s1, s2);
        assertEquals(List.of(ap1), invited(s1, v1, ap2, ap1, s2));

        signs(ap1);
        assertEquals(List.of(ap2, ap1), invited(s1, v1, ap2, ap1, s2));
        assertEquals(1, flow.mail.queued("ap2@example.org", "approval_request").size());
        signs(ap2);
        assertEquals(List.of(s1, v1, ap2, ap1), invited(s1, v1, ap2, ap1, s2));
        assertEquals(1, flow.mail.queued("v1@example.org", "view_invitation").size());
        signs(s1);
        assertEquals(List.of(s1, v1, ap2, ap1, s2), invited(s1, v1, ap2, ap1, s2));
    }

    @Test
    void inviteOpenGroups_viewerNeverActs_nextGroupStillOpens() {
        String s1 = flow.addSigner(doc, "S1", "s1@example.org", "signer", 1).id();
        String v1 = flow.addSigner(doc, "V1", "v1@example.org", "viewer", 1).id();
        String s2 = flow.addSigner(doc, "S2", "s2@example.org", "signer", 2).id();
        send(s1, s2);

        signs(s1);

        assertEquals(List.of(s1, v1, s2), invited(s1, v1, s2));
        assertEquals("pending", signers.find(id(v1)).orElseThrow().status().wire());
    }

    @Test
    void inviteOpenGroups_calledAgain_noSecondInvitation() {
        String a = flow.addSigner(doc, "A", "a@example.org", "signer", 1).id();
        send(a);

        db.inTransaction(() -> workflow.inviteOpenGroups(document(), signers.forDocument(id(doc)), SIGNER));

        assertEquals(1, flow.mail.queued("a@example.org", "invitation").size());
        assertEquals(1, flow.audit(doc, "invitation_sent").size());
    }

    @Test
    void inviteOpenGroups_nextGroupOpened_auditNamesTheActorWhoOpenedIt() {
        String a = flow.addSigner(doc, "A", "a@example.org", "signer", 1).id();
        String b = flow.addSigner(doc, "B", "b@example.org", "signer", 2).id();
        send(a, b);

        signs(a);

        Map<String, Object> event = flow.audit(doc, "invitation_sent").get(1);
        assertEquals("b@example.org", event.get("detail"));
        assertEquals("Someone", event.get("signer"));
        assertEquals("198.51.100.9", event.get("ip_address"));
    }

    @Test
    void addSigner_joinsTheOpenGroup_invitedAtOnce() {
        String a = flow.addSigner(doc, "A", "a@example.org", "signer", 1).id();
        String b = flow.addSigner(doc, "B", "b@example.org", "signer", 2).id();
        send(a, b);
        signs(a);

        Signer late = workflow.addSigner(owner, id(doc), new Workflow.SignerRequest("Late", "late@example.org",
                Signer.Role.SIGNER, 2, false, null, Signer.Verification.NONE, null), SIGNER);

        assertTrue(late.invited());
        assertEquals(1, flow.mail.queued("late@example.org", "invitation").size());
    }

    @Test
    void addSigner_besideOneWhoSigned_refusedNamingSigningOrderAndNothingAdded() {
        String a = flow.addSigner(doc, "A", "a@example.org", "signer", 1).id();
        send(a);
        signs(a);

        Refusal r = assertThrows(Refusal.class, () -> workflow.addSigner(owner, id(doc), new Workflow.SignerRequest(
                "Late", "late@example.org", Signer.Role.SIGNER, 1, false, null, Signer.Verification.NONE, null), SIGNER));

        assertEquals("rest_invalid_param", r.code());
        assertTrue(((Map<?, ?>) r.data().get("params")).containsKey("signing_order"));
        assertEquals(1, signers.forDocument(id(doc)).size());
        assertEquals(0, flow.mail.queued("late@example.org", "invitation").size());
    }

    @Test
    void remindable_onlyInvitedSignersAndApproversStillToAct() {
        String a = flow.addSigner(doc, "A", "a@example.org", "signer", 1).id();
        String v = flow.addSigner(doc, "V", "v@example.org", "viewer", 1).id();
        String b = flow.addSigner(doc, "B", "b@example.org", "signer", 2).id();
        send(a, b);

        assertEquals(List.of(id(a)), Workflow.remindable(signers.forDocument(id(doc))).stream().map(Signer::id).toList());
        signs(a);
        assertEquals(List.of(id(b)), Workflow.remindable(signers.forDocument(id(doc))).stream().map(Signer::id).toList());
        assertTrue(invited(v).contains(v));
    }

    @Test
    void remind_queuesOneReminderPerEligibleSigner() {
        String a = flow.addSigner(doc, "A", "a@example.org", "signer", 1).id();
        String b = flow.addSigner(doc, "B", "b@example.org", "signer", 1).id();
        send(a, b);

        Map<Signer, Long> queued = workflow.remind(owner, id(doc), Optional.empty(), SIGNER);

        assertEquals(List.of(id(a), id(b)), queued.keySet().stream().map(Signer::id).toList());
        assertEquals(1, flow.mail.queued("b@example.org", "reminder").size());
        assertEquals(signet.clock().millis() / 1000, signers.find(id(b)).orElseThrow().lastRemindedAt());
    }

    @Test
    void expire_draftDue_expired() {
        flow.expiresIn(doc, Duration.ofMinutes(1));
        signet.clock().advance(Duration.ofMinutes(1));

        assertEquals(DocumentStatus.EXPIRED, workflow.expire(owner, id(doc), Actor.system()).status());
    }

    @Test
    void send_refused_nothingWritten() {
        String a = flow.addSigner(doc, "A", "a@example.org", "signer", 1).id();

        Refusal e = assertThrows(Refusal.class, () -> workflow.send(owner, id(doc), SIGNER));

        assertEquals("missing_signature_fields", e.code());
        assertEquals(DocumentStatus.DRAFT, document().status());
        assertTrue(invited(a).isEmpty());
        assertTrue(flow.audit(doc, "document_sent").isEmpty());
    }
}
