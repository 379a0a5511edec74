package org.signet.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.TestServer.code;
import static org.signet.support.TestServer.expect;
import static org.signet.support.TestServer.expectObject;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.domain.NewOutboxMessage;
import org.signet.domain.OutboxEntry;
import org.signet.json.Json;
import org.signet.mail.SigningLinks;
import org.signet.store.Database;
import org.signet.store.MailOutboxStore;
import org.signet.support.ApiFlow;
import org.signet.support.Party;
import org.signet.support.SentMail;
import org.signet.support.SignetFixture;
import org.signet.support.SuiteDatabase;
import org.signet.support.TestServer;
import org.signet.support.Waits;
import org.signet.support.WebhookReceiver;

/**
 * A party handing their place over from their link (see docs/api/workflow.md, Handing over): what it
 * changes and records, each refusal changing nothing, and the change, its audit event, its webhook and
 * its mails written together or not at all.
 */
class HandOverTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running("webhooks.allow_private=true").owner("owner@example.org");

    private static final String REASON = "Carla signs for the firm while I am away.";

    private ApiFlow flow;
    private WebhookReceiver receiver;
    private String doc;

    @BeforeEach
    void start() throws Exception {
        flow = signet.flow();
        receiver = WebhookReceiver.start();
        expectObject(201, flow.post("webhooks", Map.of("url", receiver.url(), "events", List.of("*"))));
        doc = flow.upload("Supply contract", 1);
        allow(true);
    }

    @AfterEach
    void stop() {
        receiver.close();
    }

    private void allow(boolean allowed) {
        expectObject(200, flow.put("documents/" + doc, Map.of("allow_delegation", allowed)));
    }

    private Party signer(String name, String email, String role, int order) {
        Party p = flow.addSigner(doc, name, email, role, order);
        if (!role.equals("approver")) {
            flow.signatureFields(doc, fieldsFor(p.id()));
        }
        return p;
    }

    /** Every signer so far keeps a signature field; saving replaces them all. */
    private String[] fieldsFor(String added) {
        return parties().values().stream().filter(s -> !"approver".equals(s.get("role")))
                .map(s -> (String) s.get("id")).toArray(String[]::new);
    }

    private static Map<String, Object> carla(String reason) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("name", "Carla Nueva");
        body.put("email", "carla@example.org");
        body.put("reason", reason);
        return body;
    }

    private HttpResponse<String> delegate(Party from, Map<String, Object> body) {
        return flow.postToLink(from.token(), "delegate", body);
    }

    /** The parties as {@code GET /documents/{id}/signers} lists them, with their links, by id. */
    @SuppressWarnings("unchecked")
    private Map<String, Map<String, Object>> parties() {
        Map<String, Map<String, Object>> out = new LinkedHashMap<>();
        for (Object o : TestServer.array(expect(200, flow.get("documents/" + doc + "/signers")))) {
            Map<String, Object> s = (Map<String, Object>) o;
            out.put((String) s.get("id"), s);
        }
        return out;
    }

    private Database db() {
        return signet.server().app.database();
    }

    private long rows(String sql, Object... params) {
        return db().queryLong(sql, params);
    }

    private long delegatedWebhooks() {
        return rows("SELECT count(*) FROM webhook_deliveries WHERE event = 'signer.delegated'");
    }

    /** What a refusal must leave as it was: the party, their link, the trail, the webhooks and the mail. */
    private void assertNothingChanged(Party ann) {
        Map<String, Object> record = parties().get(ann.id());
        assertEquals(ann.email(), record.get("email"));
        assertEquals(ann.name(), record.get("name"));
        assertEquals(ann.url(), record.get("signing_url"));
        assertEquals(List.of(), flow.audit(doc, "signer_delegated"));
        assertEquals(0, delegatedWebhooks());
        assertEquals(0, rows("SELECT count(*) FROM mail_outbox WHERE recipient = 'carla@example.org' "
                + "OR template = 'delegated'"));
    }

    @Test
    void delegate_whenItIsTheirTurn_newPersonTakesThePlaceWithANewLink() throws Exception {
        Party ann = signer("Ann Able", "ann@example.org", "signer", 1);
        flow.send(doc);
        String fieldId = (String) flow.fields(doc).get(0).get("id");

        Map<String, Object> answer = expectObject(200, delegate(ann, carla("  " + REASON + "  ")));

        assertEquals("delegated", answer.get("status"));
        Map<String, Object> now = parties().get(ann.id());
        assertEquals("Carla Nueva", now.get("name"));
        assertEquals("carla@example.org", now.get("email"));
        assertEquals("pending", now.get("status"));
        assertEquals(1, parties().size(), "the same place, no second party");
        assertEquals(List.of(fieldId), flow.fields(doc).stream().filter(f -> ann.id().equals(f.get("signer_id")))
                .map(f -> f.get("id")).toList(), "the fields stay with the place, under their ids");
        String newUrl = (String) now.get("signing_url");
        assertNotEquals(ann.url(), newUrl);
        assertEquals(404, flow.session(ann.token()).statusCode(), "the old link matches nobody");
        assertEquals(404, flow.postToLink(ann.token(), "submit", Map.of("consent", true)).statusCode());
        String newToken = newUrl.substring(newUrl.lastIndexOf('/') + 1);
        assertEquals(true, expectObject(200, flow.session(newToken)).get("can_act"));
    }

    @Test
    void delegate_recordsAuditWebhookInvitationAndTellsTheOwner() throws Exception {
        Party ann = signer("Ann Able", "ann@example.org", "signer", 1);
        flow.send(doc);

        expect(200, delegate(ann, carla(REASON)));

        Map<String, Object> event = flow.audit(doc, "signer_delegated").get(0);
        assertEquals("Ann Able", event.get("signer"), "acted by the one who handed over");
        assertEquals(ApiFlow.SIGNER_AGENT, event.get("user_agent"));
        Map<?, ?> detail = (Map<?, ?>) Json.parse((String) event.get("detail"));
        assertEquals(Map.of("name", "Ann Able", "email", "ann@example.org"), detail.get("from"));
        assertEquals(Map.of("name", "Carla Nueva", "email", "carla@example.org"), detail.get("to"));
        assertEquals(REASON, detail.get("reason"));
        WebhookReceiver.Received heard = awaitWebhook("signer.delegated");
        assertEquals("Carla Nueva", heard.data().get("signer_name"));
        assertEquals("carla@example.org", heard.data().get("signer_email"));
        assertEquals("Ann Able", heard.data().get("previous_signer_name"));
        assertEquals("ann@example.org", heard.data().get("previous_signer_email"));
        assertEquals(REASON, heard.data().get("reason"));
        assertEquals(ann.id(), heard.data().get("signer_id"));
        String newUrl = (String) parties().get(ann.id()).get("signing_url");
        String invitation = String.join("\n",
                SentMail.bodies(flow.mail.awaitDelivered("carla@example.org", m -> true)));
        assertTrue(invitation.contains(newUrl), invitation);
        String owner = String.join("\n", SentMail.bodies(flow.mail.awaitDelivered("owner@example.org",
                m -> SentMail.subject(m).contains("handed over"))));
        assertTrue(owner.contains("Carla Nueva") && owner.contains("ann@example.org") && owner.contains(REASON), owner);
        assertFalse(owner.contains(newUrl), "the owner's mail carries no one's link");
        assertTrue(flow.audit(doc).stream().anyMatch(e -> "invitation_sent".equals(e.get("action"))
                && "carla@example.org".equals(e.get("detail"))));
    }

    private WebhookReceiver.Received awaitWebhook(String event) {
        for (long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos(); System.nanoTime() < deadline; ) {
            WebhookReceiver.Received r = receiver.next(Duration.ofSeconds(20));
            if (r.event().equals(event)) {
                return r;
            }
        }
        throw new AssertionError("no " + event);
    }

    @Test
    void delegate_approver_newApproverApprovesAndTheSignersAreInvited() {
        Party apu = signer("Apu Approver", "apu@example.org", "approver", 1);
        Party bob = signer("Bob Baker", "bob@example.org", "signer", 1);
        flow.send(doc);

        expect(200, delegate(apu, carla(REASON)));
        String url = (String) parties().get(apu.id()).get("signing_url");
        expect(200, flow.approve(url.substring(url.lastIndexOf('/') + 1)));

        assertEquals("approver", parties().get(apu.id()).get("role"));
        assertEquals("signed", flow.signerStatus(doc, apu.id()));
        flow.mail.awaitDelivered(bob.email(), m -> true);
    }

    @Test
    void delegate_pinAndLogin_notCarriedOverToTheNewPerson() {
        Party ann = flow.addSigner(doc, Map.of("name", "Ann Able", "email", "ann@example.org", "pin_code", "4827"));
        flow.signatureFields(doc, ann.id());
        flow.send(doc);
        HttpResponse<String> unlocked = flow.postToLink(ann.token(), "pin", Map.of("pin", "4827"));
        expect(200, unlocked);

        expect(200, flow.postToLink(ann.token(), "delegate", carla(REASON), ApiFlow.cookie(unlocked)));

        String url = (String) parties().get(ann.id()).get("signing_url");
        Map<String, Object> session = expectObject(200, flow.session(url.substring(url.lastIndexOf('/') + 1)));
        assertEquals(null, session.get("requires"), "a PIN the new person was never given is not asked for");
        assertEquals(true, session.get("can_act"));
    }

    @Test
    void delegate_lockedBehindItsPin_forbiddenAndNothingChanged() {
        Party ann = flow.addSigner(doc, Map.of("name", "Ann Able", "email", "ann@example.org", "pin_code", "4827"));
        flow.signatureFields(doc, ann.id());
        flow.send(doc);

        HttpResponse<String> r = delegate(ann, carla(REASON));

        assertEquals(403, r.statusCode(), r.body());
        assertNothingChanged(ann);
    }

    @Test
    void delegate_documentDoesNotAllowIt_forbiddenAndNothingChanged() {
        Party ann = signer("Ann Able", "ann@example.org", "signer", 1);
        flow.send(doc);
        allow(false);

        HttpResponse<String> r = delegate(ann, carla(REASON));

        assertEquals(403, r.statusCode(), r.body());
        assertEquals("delegation_not_allowed", code(r));
        assertNothingChanged(ann);
        assertEquals(false, expectObject(200, flow.session(ann.token())).get("can_delegate"));
    }

    @Test
    void delegate_notTheirTurnYet_conflictAndNothingChanged() {
        signer("Ann Able", "ann@example.org", "signer", 1);
        Party bob = signer("Bob Baker", "bob@example.org", "signer", 2);
        flow.send(doc);

        HttpResponse<String> r = delegate(bob, carla(REASON));

        assertEquals(409, r.statusCode(), r.body());
        assertEquals("not_your_turn", code(r));
        assertNothingChanged(bob);
    }

    @Test
    void delegate_viewer_conflictAndNothingChanged() {
        signer("Ann Able", "ann@example.org", "signer", 1);
        Party vic = flow.addSigner(doc, "Vic Viewer", "vic@example.org", "viewer", 1);
        flow.send(doc);

        HttpResponse<String> r = delegate(vic, carla(REASON));

        assertEquals(409, r.statusCode(), r.body());
        assertNothingChanged(vic);
    }

    @Test
    void delegate_afterSigning_conflictAndNothingChanged() {
        Party ann = signer("Ann Able", "ann@example.org", "signer", 1);
        signer("Bob Baker", "bob@example.org", "signer", 2);
        flow.send(doc);
        expect(200, flow.sign(ann.token()));

        HttpResponse<String> r = delegate(ann, carla(REASON));

        assertEquals(409, r.statusCode(), r.body());
        assertEquals("already_completed", code(r));
        assertEquals("Ann Able", parties().get(ann.id()).get("name"));
        assertEquals(List.of(), flow.audit(doc, "signer_delegated"));
    }

    @Test
    void delegate_completedDeclinedOrExpiredDocument_conflictAndNothingChanged() {
        Party ann = signer("Ann Able", "ann@example.org", "signer", 1);
        Party bob = signer("Bob Baker", "bob@example.org", "signer", 1);
        flow.send(doc);
        expect(200, flow.postToLink(bob.token(), "decline", Map.of("reason", "No.")));

        HttpResponse<String> declined = delegate(ann, carla(REASON));

        assertEquals(409, declined.statusCode(), declined.body());
        assertEquals("document_closed", code(declined));
        assertNothingChanged(ann);

        String other = flow.upload("Expiring", 1);
        expectObject(200, flow.put("documents/" + other, Map.of("allow_delegation", true)));
        Party dan = flow.addSignerWithSignatureField(other, "dan@example.org");
        flow.send(other);
        flow.expiresIn(other, Duration.ofMinutes(5));
        signet.clock().advance(Duration.ofMinutes(6));
        HttpResponse<String> expired = delegate(dan, carla(REASON));
        assertEquals(409, expired.statusCode(), expired.body());
        assertEquals("document_closed", code(expired));

        String done = flow.upload("Done", 1);
        expectObject(200, flow.put("documents/" + done, Map.of("allow_delegation", true)));
        Party eve = flow.addSignerWithSignatureField(done, "eve@example.org");
        flow.send(done);
        expect(200, flow.sign(eve.token()));
        HttpResponse<String> completed = delegate(eve, carla(REASON));
        assertEquals(409, completed.statusCode(), completed.body());
        assertEquals("already_completed", code(completed));
        assertEquals(0, delegatedWebhooks());
    }

    @Test
    void delegate_emailAlreadyAParty_duplicateSignerAndNothingChanged() {
        Party ann = signer("Ann Able", "ann@example.org", "signer", 1);
        signer("Bob Baker", "bob@example.org", "signer", 2);
        flow.send(doc);

        for (String taken : List.of("BOB@example.org", "ann@example.org")) {
            Map<String, Object> body = carla(REASON);
            body.put("email", taken);
            HttpResponse<String> r = delegate(ann, body);
            assertEquals(400, r.statusCode(), r.body());
            assertEquals("duplicate_signer", code(r));
        }
        assertNothingChanged(ann);
    }

    @Test
    void delegate_badEmailNameOrReason_refusedAndNothingChanged() {
        Party ann = signer("Ann Able", "ann@example.org", "signer", 1);
        flow.send(doc);
        Map<String, Map<String, Object>> bad = new LinkedHashMap<>();
        bad.put("rest_invalid_param", with("email", "carla@"));
        bad.put("rest_missing_callback_param", with("reason", null));
        for (Map.Entry<String, Map<String, Object>> e : bad.entrySet()) {
            HttpResponse<String> r = delegate(ann, e.getValue());
            assertEquals(400, r.statusCode(), r.body());
            assertEquals(e.getKey(), code(r), r.body());
        }
        for (Map<String, Object> body : List.of(with("reason", "   "), with("reason", "x".repeat(1001)),
                with("name", "Carla\nNueva"), with("email", "carla@example.org\r\nBcc: x@example.org"))) {
            HttpResponse<String> r = delegate(ann, body);
            assertEquals(400, r.statusCode(), body + " -> " + r.body());
        }
        assertNothingChanged(ann);
    }

    private static Map<String, Object> with(String key, Object value) {
        Map<String, Object> body = carla(REASON);
        if (value == null) {
            body.remove(key);
        } else {
            body.put(key, value);
        }
        return body;
    }

    @Test
    void delegate_ownersMailCannotBeQueued_nothingOfItIsWritten() {
        Party ann = signer("Ann Able", "ann@example.org", "signer", 1);
        flow.send(doc);
        flow.mail.awaitDelivered("ann@example.org", m -> true);
        // A real database refusal of the last write of the hand-over, as a full disk would give.
        SuiteDatabase.refuse(db(), "refuse_delegated", "BEFORE INSERT ON mail_outbox", "NEW.template = 'delegated'",
                "refused");

        HttpResponse<String> r = delegate(ann, carla(REASON));

        assertEquals(500, r.statusCode(), r.body());
        assertNothingChanged(ann);
        assertEquals(List.of(), flow.audit(doc, "invitation_sent").stream()
                .filter(e -> "carla@example.org".equals(e.get("detail"))).toList());
        assertEquals(true, expectObject(200, flow.session(ann.token())).get("can_act"), "the old link still works");
    }

    @Test
    void delegate_anInvitationStillQueuedForTheOldPerson_neverCarriesTheNewLink() throws Exception {
        Party ann = signer("Ann Able", "ann@example.org", "signer", 1);
        flow.send(doc);
        flow.mail.awaitDelivered("ann@example.org", m -> true);
        long later = signet.clock().millis() / 1000 + 60;
        String placeholder = SigningLinks.placeholder(Long.parseLong(ann.id()));
        long queued = new MailOutboxStore(db()).insert(new NewOutboxMessage("reminder", "ann@example.org", "Ann Able",
                "Reminder", "Open " + placeholder, "<a href=\"" + placeholder + "\">Open</a>", Long.parseLong(doc),
                null), later);

        expect(200, delegate(ann, carla(REASON)));
        signet.clock().advance(Duration.ofMinutes(2));
        // Another run may be delivering the new invitation; it runs once more before it ends.
        Waits.awaitUntil(() -> {
            signet.server().app.mailSender().runOnce();
            return flow.mail.queue().find(queued).orElseThrow().status() != OutboxEntry.Status.PENDING;
        }, "the queued reminder handled");

        OutboxEntry entry = flow.mail.queue().find(queued).orElseThrow();
        assertEquals(OutboxEntry.Status.FAILED, entry.status());
        assertTrue(entry.lastError().contains("no longer exists for this recipient"), entry.lastError());
        String newUrl = (String) parties().get(ann.id()).get("signing_url");
        for (var m : flow.mail.deliveredTo("ann@example.org")) {
            assertFalse(String.join("\n", SentMail.bodies(m)).contains(newUrl));
        }
    }
}
