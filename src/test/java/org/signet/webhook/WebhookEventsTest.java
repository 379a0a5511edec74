package org.signet.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.TestServer.expectObject;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.crypto.Tokens;
import org.signet.support.ApiFlow;
import org.signet.support.Multipart;
import org.signet.support.Party;
import org.signet.support.SignetFixture;
import org.signet.support.TestFiles;
import org.signet.support.WebhookReceiver;

/** Every webhook event kind (see docs/api/webhooks.md, Events) reaches a real receiver, signed, after the real flow that causes it. */
class WebhookEventsTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running("webhooks.allow_private=true");

    private static final Duration WAIT = Duration.ofSeconds(20);

    private ApiFlow flow;
    private WebhookReceiver receiver;
    private String secret;
    private final List<WebhookReceiver.Received> heard = new ArrayList<>();

    @BeforeEach
    void start() throws Exception {
        flow = signet.flow();
        receiver = WebhookReceiver.start();
        secret = (String) expectObject(201, flow.post("webhooks", Map.of("url", receiver.url(), "events",
                List.of("*")))).get("secret");
    }

    @AfterEach
    void stop() {
        receiver.close();
    }

    /** The first event of this kind about {@code doc}, waiting for it; every one heard must be signed right. */
    private WebhookReceiver.Received await(String event, String doc) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (true) {
            for (WebhookReceiver.Received r : heard) {
                if (r.event().equals(event) && doc.equals(r.data().get("document_id"))) {
                    return r;
                }
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no " + event + " for document " + doc + "; heard "
                        + heard.stream().map(WebhookReceiver.Received::event).toList());
            }
            WebhookReceiver.Received r = receiver.next(WAIT);
            assertTrue(r.signedWith(secret), "signature of " + r.event());
            assertEquals(r.event(), r.json().get("event"));
            assertEquals(r.delivery(), r.json().get("id"));
            heard.add(r);
        }
    }

    @Test
    void signingFlow_everyDocumentAndSignerEvent_withItsData() {
        String doc = flow.upload("Supply agreement", 1);
        Party ann = flow.addSignerWithSignatureField(doc, "ann@example.org");
        flow.send(doc);
        expectObject(200, flow.post("documents/" + doc + "/remind", Map.of()));
        flow.session(ann.token());
        flow.sign(ann.token());
        Map<String, Object> sealed = flow.awaitSealed(doc);

        assertEquals("Supply agreement", await("document.created", doc).data().get("document_title"));
        Map<String, Object> added = await("signer.added", doc).data();
        assertEquals(ann.id(), added.get("signer_id"));
        assertEquals("ann@example.org", added.get("signer_email"));
        assertEquals(ann.name(), added.get("signer_name"));
        assertEquals("pending", added.get("status"));
        assertEquals("sent", await("document.sent", doc).data().get("status"));
        assertEquals(ann.id(), await("signer.reminded", doc).data().get("signer_id"));
        assertEquals("viewed", await("signer.viewed", doc).data().get("status"));
        assertEquals("viewed", await("document.viewed", doc).data().get("status"));
        assertEquals("signed", await("signer.signed", doc).data().get("status"));
        assertEquals(ann.id(), await("document.signed", doc).data().get("signer_id"));
        Map<String, Object> completed = await("document.completed", doc).data();
        assertEquals("Supply agreement", completed.get("document_title"));
        assertEquals(sealed.get("signed_file_hash"), completed.get("signed_file_hash"));
        HttpResponse<byte[]> file = signet.server().sendForBytes(flow.server.request("documents/" + doc + "/file", flow.key)
                .header("Accept", "application/pdf").GET().build());
        assertEquals(completed.get("signed_file_hash"), HexFormat.of().formatHex(Tokens.sha256(file.body())));
    }

    @Test
    void decline_signerAndDocumentDeclinedWithTheReason() {
        String doc = flow.upload("Lease", 1);
        Party bob = flow.addSignerWithSignatureField(doc, "bob@example.org");
        flow.send(doc);

        expectObject(200, flow.postToLink(bob.token(), "decline", Map.of("reason", "Wrong rent")));

        assertEquals("declined", await("signer.declined", doc).data().get("status"));
        Map<String, Object> declined = await("document.declined", doc).data();
        assertEquals("Wrong rent", declined.get("decline_reason"));
        assertEquals("declined", declined.get("status"));
    }

    @Test
    void expiryJob_documentExpired() {
        String doc = flow.upload("Quote", 1);
        flow.expiresIn(doc, Duration.ofMinutes(5));
        signet.clock().advance(Duration.ofMinutes(6));

        signet.server().app.expiryJob().runOnce();

        assertEquals("expired", await("document.expired", doc).data().get("status"));
    }

    @Test
    void delete_documentDeleted() {
        String doc = flow.upload("Draft", 1);

        expectObject(200, flow.delete("documents/" + doc));

        assertEquals("Draft", await("document.deleted", doc).data().get("document_title"));
    }

    @Test
    void listeners_administratorHearsEveryone_othersOnlyTheirOwn() throws Exception {
        try (WebhookReceiver adminReceiver = WebhookReceiver.start(); WebhookReceiver otherReceiver = WebhookReceiver.start()) {
            ApiFlow admin = signet.flow("admin@example.org", true);
            ApiFlow other = signet.flow("other@example.org", false);
            expectObject(201, admin.post("webhooks", Map.of("url", adminReceiver.url(), "events", List.of("*"))));
            expectObject(201, other.post("webhooks", Map.of("url", otherReceiver.url(), "events", List.of("*"))));

            String doc = flow.upload("Owner's", 1);

            assertEquals(doc, adminReceiver.next(WAIT).data().get("document_id"));
            assertEquals(doc, await("document.created", doc).data().get("document_id"));
            String own = other.upload("Other's", 1);
            assertEquals(own, otherReceiver.next(WAIT).data().get("document_id"), "the first it hears is its own");
        }
    }

    @Test
    void subscription_onlyTheChosenEvents() throws Exception {
        try (WebhookReceiver narrow = WebhookReceiver.start()) {
            expectObject(201, flow.post("webhooks", Map.of("url", narrow.url(), "events", List.of("document.sent"))));
            String doc = flow.upload("Lease", 1);
            flow.addSignerWithSignatureField(doc, "ann@example.org");
            flow.send(doc);

            WebhookReceiver.Received r = narrow.next(WAIT);

            assertEquals("document.sent", r.event());
            assertEquals(doc, r.data().get("document_id"));
        }
    }

    @Test
    void rolledBack_changeEmitsNothing() {
        String doc = flow.upload("Lease", 1);
        await("document.created", doc);

        assertEquals(400, flow.postSend(doc).statusCode(), "no signers: the send is refused");
        String later = flow.upload("Later", 1);
        await("document.created", later);

        assertTrue(heard.stream().noneMatch(r -> r.event().equals("document.sent")));
    }

    @Test
    void documentAndSignerEvents_carryExternalIdAndMetadata_asTheyStandAtTheEvent() {
        HttpResponse<String> made = signet.server().send(new Multipart().text("title", "Order 42").text("external_id", "crm-42")
                .text("metadata", "{\"crm\":\"42\",\"team\":\"north\"}")
                .file("file", "order.pdf", "application/pdf", TestFiles.pdf(1))
                .post(signet.server().request("documents/upload", flow.key)).build());
        String doc = (String) expectObject(201, made).get("id");
        flow.addSignerWithSignatureField(doc, "ann@example.org");
        flow.send(doc);
        expectObject(200, flow.put("documents/" + doc, Map.of("external_id", "crm-43", "metadata", Map.of())));
        expectObject(200, flow.post("documents/" + doc + "/remind", Map.of()));

        for (String event : List.of("document.created", "signer.added", "document.sent")) {
            Map<String, Object> data = await(event, doc).data();
            assertEquals("crm-42", data.get("external_id"), event);
            assertEquals(Map.of("crm", "42", "team", "north"), data.get("metadata"), event);
        }
        Map<String, Object> reminded = await("signer.reminded", doc).data();
        assertEquals("crm-43", reminded.get("external_id"));
        assertEquals(Map.of(), reminded.get("metadata"));
    }

    @Test
    void documentWithoutExternalId_nullAndEmptyMetadata() {
        String doc = flow.upload("Plain", 1);

        Map<String, Object> data = await("document.created", doc).data();

        assertTrue(data.containsKey("external_id"));
        assertNull(data.get("external_id"));
        assertEquals(Map.of(), data.get("metadata"));
    }
}
