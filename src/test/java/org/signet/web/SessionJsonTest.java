package org.signet.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.ApiFlow.field;
import static org.signet.support.TestServer.expect;
import static org.signet.support.TestServer.object;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.support.ApiFlow;
import org.signet.support.DocumentSetup;
import org.signet.support.Party;
import org.signet.support.SignetFixture;

class SessionJsonTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running().onSystemClock().owner("owner@example.com");

    private static final Set<String> REVIEW_KEYS = Set.of("id", "field_type", "field_name", "page_number",
            "position_x", "position_y", "width", "height", "is_required", "signer_name");
    private static final Set<String> FIELD_KEYS = Set.of("id", "field_type", "page_number", "position_x",
            "position_y", "width", "height", "is_required", "options", "value");

    private ApiFlow flow;
    private String docId;
    private Party ann;
    private Party bob;
    private List<Map<String, Object>> fields;

    @BeforeEach
    void start() throws Exception {
        flow = signet.flow();
        docId = flow.upload("contract", 2);
        ann = flow.addSigner(docId, "Ann First", "ann@example.com", "signer", 1);
        bob = flow.addSigner(docId, "Bob Second", "bob@example.com", "signer", 2);
        Map<String, Object> choice = field(ann.id(), "dropdown", 1, 72, 300, 150, 30);
        choice.put("options", List.of("A", "B"));
        fields = flow.saveFields(docId, List.of(field(ann.id(), "signature", 1, 72.5, 80, 200, 60),
                field(ann.id(), "text", 1, 72, 200, 200, 30), choice,
                field(bob.id(), "signature", 2, 72, 600, 200, 60)));
        flow.send(docId);
    }

    @Test
    void render_openLink_hasTheSpecifiedShapeWithStringIds() {
        Map<String, Object> s = object(flow.session(ann.token()));

        assertEquals(docId, s.get("document_id"));
        assertEquals("contract", s.get("title"));
        assertEquals("2", s.get("total_pages"));
        assertEquals(Map.of("id", ann.id(), "name", "Ann First", "email", "ann@example.com", "role", "signer",
                "status", "viewed"), s.get("signer"));
        assertNull(s.get("requires"));
        assertTrue(s.containsKey("requires"));
        assertEquals(true, s.get("can_act"));
        assertEquals(List.of(), s.get("completed_values"));
        List<?> mine = (List<?>) s.get("fields");
        assertEquals(3, mine.size());
        Map<?, ?> signature = (Map<?, ?>) mine.get(0);
        assertTrue(signature.keySet().containsAll(FIELD_KEYS), signature.keySet().toString());
        assertEquals(fields.get(0).get("id"), signature.get("id"));
        assertEquals("signature", signature.get("field_type"));
        assertEquals("1", signature.get("page_number"));
        assertEquals("72.5", signature.get("position_x"));
        assertEquals("80", signature.get("position_y"));
        assertEquals("1", signature.get("is_required"));
        assertEquals("[\"A\",\"B\"]", ((Map<?, ?>) mine.get(2)).get("options"));
        assertFalse(mine.stream().anyMatch(f -> fields.get(3).get("id").equals(((Map<?, ?>) f).get("id"))));
    }

    @Test
    void render_notYourTurn_cannotActAndSeesNoFields() {
        Map<String, Object> s = object(flow.session(bob.token()));

        assertEquals(false, s.get("can_act"));
        assertEquals(List.of(), s.get("fields"));
        assertEquals(List.of(), s.get("pages"));
        assertEquals("pending", ((Map<?, ?>) s.get("signer")).get("status"));
        assertEquals(bob.id(), ((Map<?, ?>) s.get("signer")).get("id"));
    }

    @Test
    void render_afterOthersSigned_showsTheirValuesReadOnly() {
        String text = (String) fields.get(1).get("id");
        String choice = (String) fields.get(2).get("id");
        expect(200, flow.sign(ann.token(), Map.of(text, "Ann's note", choice, "B")));

        Map<String, Object> s = object(flow.session(bob.token()));

        assertEquals(true, s.get("can_act"));
        List<?> mine = (List<?>) s.get("fields");
        assertEquals(1, mine.size());
        assertEquals("2", ((Map<?, ?>) mine.get(0)).get("page_number"));
        List<?> done = (List<?>) s.get("completed_values");
        assertEquals(3, done.size());
        Map<?, ?> signature = (Map<?, ?>) done.get(0);
        assertEquals("signature", signature.get("field_type"));
        assertTrue(((String) signature.get("value")).startsWith("data:image/png;base64,"));
        assertEquals("Ann's note", ((Map<?, ?>) done.get(1)).get("value"));
        assertEquals("B", ((Map<?, ?>) done.get(2)).get("value"));
        assertEquals("200", ((Map<?, ?>) done.get(1)).get("position_y"));
    }

    @Test
    void render_parties_inSigningOrderWithYouMarkedAndNoAddressesOrTokens() {
        DocumentSetup doc = DocumentSetup.upload(flow, "parties", 1);
        Party later = doc.party("Sue Later", "signer", 2);
        Party viewer = doc.party("Vic Viewer", "viewer", 1);
        Party sam = doc.party("Sam First", "signer", 1);
        Party approver = doc.party("Ada Approver", "approver", 3);
        doc.field(sam, "signature", 1, 72, 80, 200, 60).field(later, "signature", 1, 72, 300, 200, 60).send();
        expect(200, flow.approve(approver.token()));

        HttpResponse<String> r = flow.session(sam.token());

        assertEquals(List.of(party("Ada Approver", "approver", "signed", "3", false),
                party("Vic Viewer", "viewer", "pending", "1", false), party("Sam First", "signer", "viewed", "1", true),
                party("Sue Later", "signer", "pending", "2", false)), object(r).get("parties"));
        for (Party other : List.of(later, viewer, approver)) {
            assertFalse(r.body().contains(other.email()), other.email());
            assertFalse(r.body().contains(other.token()), other.name());
        }
        Map<?, ?> waiting = (Map<?, ?>) ((List<?>) object(flow.session(later.token())).get("parties")).get(3);
        assertEquals(true, waiting.get("is_you"), "a party whose turn has not come sees who goes first");
    }

    private static Map<String, Object> party(String name, String role, String status, String order, boolean you) {
        return Map.of("name", name, "role", role, "status", status, "signing_order", order, "is_you", you);
    }

    @Test
    void render_approver_reviewsTheOthersFieldsStillToBeFilled() {
        DocumentSetup doc = DocumentSetup.upload(flow, "approval", 1);
        Party checker = doc.party("Cat Checker", "approver", 1);
        Party approver = doc.party("Ada Approver", "approver", 2);
        Party sam = doc.party("Sam Signer", "signer", 1);
        doc.field(checker, "name", 1, 72, 20, 200, 30).field(sam, "signature", 1, 72.5, 80, 200, 60)
                .field(sam, "text", 1, 72, 200, 200, 30, "field_name", "Rent", "placeholder", "secret hint",
                        "is_required", false).send();
        expect(200, flow.approve(checker.token()));

        Map<String, Object> s = object(flow.session(approver.token()));

        List<?> review = (List<?>) s.get("review_fields");
        assertEquals(2, review.size(), review.toString());
        Map<?, ?> signature = (Map<?, ?>) review.get(0);
        assertEquals(REVIEW_KEYS, signature.keySet());
        assertEquals(doc.fieldId(sam, "signature"), signature.get("id"));
        assertEquals("signature", signature.get("field_type"));
        assertEquals("72.5", signature.get("position_x"));
        assertEquals("80", signature.get("position_y"));
        assertEquals("200", signature.get("width"));
        assertEquals("1", signature.get("page_number"));
        assertEquals("1", signature.get("is_required"));
        assertEquals("Sam Signer", signature.get("signer_name"));
        Map<?, ?> rent = (Map<?, ?>) review.get(1);
        assertEquals("Rent", rent.get("field_name"));
        assertEquals("0", rent.get("is_required"));
        assertFalse(s.toString().contains("secret hint"), "no placeholder of another party");
        List<?> done = (List<?>) s.get("completed_values");
        assertEquals(1, done.size(), "the filled field is a completed value, not one to review");
        assertEquals("Cat Checker", ((Map<?, ?>) done.get(0)).get("value"), "filled by Signet at the approval");
    }

    @Test
    void render_signerOrViewer_noFieldsToReview() {
        DocumentSetup doc = DocumentSetup.upload(flow, "no review", 1);
        Party sam = doc.party("Sam Signer", "signer", 1);
        Party viewer = doc.party("Vic Viewer", "viewer", 1);
        Party sue = doc.party("Sue Signer", "signer", 1);
        doc.field(sam, "signature", 1, 72, 80, 200, 60).field(sue, "signature", 1, 72, 300, 200, 60).send();

        for (Party p : List.of(sam, viewer)) {
            Map<String, Object> s = object(flow.session(p.token()));
            assertEquals(List.of(), s.get("review_fields"), p.name());
            assertTrue(s.containsKey("review_fields"));
        }
    }

    @Test
    void render_recalled_noPartiesNoReviewNoDownload() {
        expect(200, flow.put("documents/" + docId, Map.of("status", "draft")));

        Map<String, Object> s = object(flow.session(ann.token()));

        assertEquals("recalled", s.get("closed"));
        assertEquals(List.of(), s.get("parties"));
        assertEquals(List.of(), s.get("review_fields"));
        assertNull(s.get("download_url"));
        assertEquals(false, s.get("sealed"));
    }

    @Test
    void render_never_carriesHiddenSignerData() {
        HttpResponse<String> r = flow.session(ann.token());
        String body = r.body();

        for (String hidden : List.of("access_token", "pin_code", "pin_hash", "signature_ip", "signature_user_agent",
                "signing_url")) {
            assertFalse(body.contains(hidden), hidden + " in " + body);
        }
        // The caller's own token appears once, in the download path it already holds; nowhere else.
        String ownDownload = "\"download_url\":\"/sign/" + ann.token() + "/document.pdf\"";
        assertTrue(body.contains(ownDownload), body);
        assertFalse(body.replace(ownDownload, "").contains(ann.token()));
        assertFalse(body.contains(bob.token()));
        assertEquals("no-store", r.headers().firstValue("Cache-Control").orElse(""));
    }
}
