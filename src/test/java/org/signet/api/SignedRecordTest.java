package org.signet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.TestServer.code;
import static org.signet.support.TestServer.data;
import static org.signet.support.TestServer.expect;
import static org.signet.support.TestServer.expectObject;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.support.ApiFlow;
import org.signet.support.Party;
import org.signet.support.SignetFixture;

/**
 * What was signed stays what it was: once a party has signed or approved, the title is frozen, nobody
 * joins before or beside them, and an approver cannot slip values in with an approval.
 */
class SignedRecordTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running();

    private ApiFlow flow;
    private String doc;

    @BeforeEach
    void start() throws Exception {
        flow = signet.flow();
        doc = flow.upload("Lease", 1);
    }

    /** Ann at signing order 1 and Bob at 2, each with a signature field, sent; Ann has signed. */
    private Party[] annSignedBobWaiting() {
        Party ann = flow.addSigner(doc, "Ann Able", "ann@example.org", "signer", 1);
        Party bob = flow.addSigner(doc, "Bob Baker", "bob@example.org", "signer", 2);
        flow.signatureFields(doc, ann.id(), bob.id());
        flow.send(doc);
        expect(200, flow.sign(ann.token()));
        return new Party[] {ann, bob};
    }

    private static void assertInvalidParam(HttpResponse<String> r, String param) {
        assertEquals(400, r.statusCode(), r.body());
        assertEquals("rest_invalid_param", code(r), r.body());
        assertTrue(((Map<?, ?>) data(r).get("params")).containsKey(param), r.body());
    }

    @Test
    void updateDocument_newTitleAfterASignature_invalidStateAndTheCertificateKeepsTheSignedTitle() throws Exception {
        Party bob = annSignedBobWaiting()[1];

        HttpResponse<String> renamed = flow.put("documents/" + doc, Map.of("title", "Lease, amended"));

        assertEquals(400, renamed.statusCode(), renamed.body());
        assertEquals("invalid_state", code(renamed));
        assertEquals("Lease", flow.document(doc).get("title"));
        assertEquals(0, flow.audit(doc, "document_updated").size(), "nothing recorded");
        expect(200, flow.sign(bob.token()));
        flow.awaitSealed(doc);
        byte[] sealed = signet.server().sendForBytes(signet.server().request("documents/" + doc + "/file", flow.key)
                .header("Accept", "application/pdf").GET().build()).body();
        try (PDDocument pdf = Loader.loadPDF(sealed)) {
            String text = new PDFTextStripper().getText(pdf);
            assertTrue(text.contains("Lease"), text);
            assertFalse(text.contains("amended"), text);
        }
    }

    @Test
    void updateDocument_afterASignature_expiryAndRemindersStillChange_titleUnchangedIsAccepted() {
        annSignedBobWaiting();

        Map<String, Object> updated = expectObject(200, flow.put("documents/" + doc,
                Map.of("title", "Lease", "expires_at", "2030-03-01 12:00:00", "reminder_interval_days", 3)));

        assertEquals("Lease", updated.get("title"));
        assertEquals("2030-03-01 12:00:00", updated.get("expires_at"));
        assertEquals("3", updated.get("reminder_interval_days"));
    }

    @Test
    void updateDocument_newTitleWhileNobodyHasSigned_changes() {
        Party ann = flow.addSigner(doc, "Ann Able", "ann@example.org", "signer", 1);
        flow.signatureFields(doc, ann.id());
        flow.send(doc);
        expect(200, flow.session(ann.token()));

        assertEquals("Lease, amended", expectObject(200, flow.put("documents/" + doc,
                Map.of("title", "Lease, amended"))).get("title"));
    }

    @Test
    void addSigner_atOrBeforeTheOrderOfOneWhoSigned_invalidParamNamingSigningOrder() {
        annSignedBobWaiting();

        HttpResponse<String> before = flow.postSigner(doc, ApiFlow.signerBody("Cy", "cy@example.org", "signer", 1));
        HttpResponse<String> viewer = flow.postSigner(doc, ApiFlow.signerBody("Di", "di@example.org", "viewer", 1));

        assertInvalidParam(before, "signing_order");
        assertInvalidParam(viewer, "signing_order");
        assertEquals(2, flow.signerRecords(doc).size(), "nobody was added");
    }

    @Test
    void addSigner_afterTheLastGroupThatSigned_addedAndInvitedWithItsGroup() {
        annSignedBobWaiting();

        Party cy = flow.addSigner(doc, "Cy", "cy@example.org", "signer", 2);
        Party di = flow.addSigner(doc, "Di", "di@example.org", "signer", 3);

        assertEquals(1, flow.audit(doc, "invitation_sent").stream()
                .filter(e -> "cy@example.org".equals(e.get("detail"))).count(), "Cy joins Bob's open group");
        assertEquals("pending", flow.signerStatus(doc, di.id()));
        assertEquals(4, flow.signerRecords(doc).size());
        assertTrue(cy.url().contains("/sign/"));
    }

    @Test
    void addSigner_approverOnceASignerSigned_invalidParamNamingRole() {
        annSignedBobWaiting();

        HttpResponse<String> r = flow.postSigner(doc, ApiFlow.signerBody("Al", "al@example.org", "approver", 5));

        assertInvalidParam(r, "role");
        assertEquals(2, flow.signerRecords(doc).size());
    }

    @Test
    void addSigner_afterAnApproval_laterApproversAndAnySignerOrder() {
        Party boss = flow.addSigner(doc, "Boss", "boss@example.org", "approver", 1);
        Party ann = flow.addSigner(doc, "Ann Able", "ann@example.org", "signer", 1);
        flow.signatureFields(doc, ann.id());
        flow.send(doc);
        expect(200, flow.approve(boss.token()));

        assertInvalidParam(flow.postSigner(doc, ApiFlow.signerBody("Al", "al@example.org", "approver", 1)),
                "signing_order");
        expect(201, flow.postSigner(doc, ApiFlow.signerBody("Al", "al@example.org", "approver", 2)));
        expect(201, flow.postSigner(doc, ApiFlow.signerBody("Cy", "cy@example.org", "signer", 1)));
    }

    @Test
    void submit_approverWithValuesOrASignature_invalidParamAndNothingRecorded() {
        Party boss = flow.addSigner(doc, "Boss", "boss@example.org", "approver", 1);
        Party ann = flow.addSigner(doc, "Ann Able", "ann@example.org", "signer", 1);
        String field = (String) flow.saveFields(doc, List.of(ApiFlow.field(ann.id(), "signature", 1, 72, 600),
                ApiFlow.field(ann.id(), "text", 1, 72, 500))).get(1).get("id");
        flow.send(doc);

        HttpResponse<String> withValues = flow.postToLink(boss.token(), "submit",
                Map.of("consent", true, "values", Map.of(field, "Approved with changes")));
        HttpResponse<String> withSignature = flow.sign(boss.token());

        assertInvalidParam(withValues, "values");
        assertInvalidParam(withSignature, "signature");
        assertEquals("pending", flow.signerStatus(doc, boss.id()), "not even the view is kept");
        assertEquals("", flow.fields(doc).get(1).get("value"));
        assertEquals(0, flow.audit(doc, "document_approved").size());
        assertEquals("approved", expectObject(200, flow.postToLink(boss.token(), "submit",
                Map.of("consent", true, "values", Map.of()))).get("status"), "no values at all is an approval");
    }
}
