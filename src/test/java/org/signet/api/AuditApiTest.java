package org.signet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.TestServer.expectObject;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.store.Database;
import org.signet.support.ApiFlow;
import org.signet.support.SignetFixture;
import org.signet.support.SuiteDatabase;
import org.signet.support.TestFiles;
import org.signet.support.TestServer;
import org.signet.support.TestServer.Account;

/** GET /documents/{id}/audit: the events with who, where and when, and whether the chain still holds. */
class AuditApiTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running("timezone=Asia/Tokyo").at(Instant.parse("2030-01-15T08:00:00Z"));

    private static final String AGENT = "SignetAuditTest/1.0 (+https://example.com)";

    Account alice;
    String id;
    byte[] pdf = TestFiles.pdf(1);

    @BeforeEach
    void start() throws Exception {
        alice = signet.server().account("alice@example.com", false);
        id = (String) expectObject(201, signet.server().send(new org.signet.support.Multipart()
                .file("file", "audit.pdf", "application/pdf", pdf)
                .post(signet.server().request("documents/upload", alice.full()).header("User-Agent", AGENT)).build()))
                .get("id");
        signet.clock().advance(Duration.ofMinutes(1));
        expectObject(200, signet.server().send(signet.server().request("documents/" + id, alice.full()).header("User-Agent", AGENT)
                .header("Content-Type", "application/json")
                .PUT(java.net.http.HttpRequest.BodyPublishers.ofString("{\"title\":\"Audited\"}")).build()));
        signet.clock().advance(Duration.ofMinutes(1));
        signet.server().sendForBytes(signet.server().request("documents/" + id + "/file", alice.full()).header("User-Agent", AGENT)
                .header("Accept", "application/pdf").build());
    }

    private Map<String, Object> trail() {
        return expectObject(200, signet.server().get("documents/" + id + "/audit", alice.full()));
    }

    @Test
    void trail_eventsWithActionTimeAddressAndAgent() {
        Map<String, Object> t = trail();
        assertEquals(Map.of("id", id, "title", "Audited", "file_hash", TestFiles.sha256(pdf)), t.get("document"));
        List<?> events = (List<?>) t.get("events");
        assertEquals(List.of("document_created", "document_updated", "document_downloaded"),
                events.stream().map(e -> ((Map<?, ?>) e).get("action")).toList());
        assertEquals(List.of("2030-01-15 17:00:00", "2030-01-15 17:01:00", "2030-01-15 17:02:00"),
                events.stream().map(e -> ((Map<?, ?>) e).get("timestamp")).toList(), "Tokyo time");
        for (Object o : events) {
            Map<?, ?> e = (Map<?, ?>) o;
            assertEquals("127.0.0.1", e.get("ip_address"));
            assertEquals(AGENT, e.get("user_agent"));
            assertTrue(((String) e.get("id")).matches("\\d+"));
            assertFalse(e.containsKey("signer"), "no signer acted");
        }
        assertEquals(Boolean.TRUE, t.get("chain_valid"));
    }

    @Test
    void trail_signerNameOnSignerEvents() {
        new ApiFlow(signet.server(), alice.full(), signet.clock()).addSignerWithSignatureField(id, "sam@example.com");
        expectObject(200, signet.server().send("POST", "documents/" + id + "/send", alice.full(), null));
        List<?> events = (List<?>) trail().get("events");
        assertTrue(events.stream().map(e -> ((Map<?, ?>) e).get("action")).toList()
                .containsAll(List.of("signer_added", "fields_saved", "document_sent", "invitation_sent")));
        assertEquals(Boolean.TRUE, trail().get("chain_valid"));
    }

    @Test
    void trail_rowEditedInTheDatabase_chainInvalid() throws Exception {
        try (Database db = SuiteDatabase.open(signet.dir(), "NORMAL", 1)) {
            assertEquals(1, db.update("UPDATE audit_events SET ip_address = '10.9.9.9' WHERE document_id = ? "
                    + "AND action = 'document_updated'", Long.parseLong(id)));
        }
        assertEquals(Boolean.FALSE, trail().get("chain_valid"));
    }

    @Test
    void trail_lastEventDeleted_chainInvalid() {
        Database db = signet.server().app.database();
        assertEquals(1, db.update("DELETE FROM audit_events WHERE id = (SELECT max(id) FROM audit_events "
                + "WHERE document_id = ?)", Long.parseLong(id)));
        Map<String, Object> t = trail();
        assertEquals(2, ((List<?>) t.get("events")).size());
        assertEquals(Boolean.FALSE, t.get("chain_valid"));
    }

    @Test
    void trail_readingIt_isNotItselfAnEvent() {
        int before = ((List<?>) trail().get("events")).size();
        assertNotNull(trail());
        assertEquals(before, ((List<?>) trail().get("events")).size());
    }
}
