package org.signet.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.domain.DocumentStatus;
import org.signet.support.ApiFlow;
import org.signet.support.SignetFixture;
import org.signet.support.SuiteDatabase;
import org.signet.support.TestServer;

/** The background expiry driven once at a time under a test clock. */
class ExpiryJobTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running();

    private ApiFlow flow;

    @BeforeEach
    void start() throws Exception {
        flow = signet.flow();
    }

    private String sentDocument(String title, Duration expiresIn) {
        String doc = flow.upload(title, 2);
        String s = flow.addSigner(doc, "A", "a@example.org", "signer", 1).id();
        flow.signatureFields(doc, s);
        assertEquals(200, flow.postSend(doc).statusCode());
        if (expiresIn != null) {
            flow.expiresIn(doc, expiresIn);
        }
        return doc;
    }

    private int run() {
        return signet.server().app.expiryJob().runOnce();
    }

    @Test
    void runOnce_dueDocuments_expiredWithTheEndpointsAuditEvent() {
        String draft = flow.upload("Draft", 2);
        flow.expiresIn(draft, Duration.ofHours(1));
        String sent = sentDocument("Sent", Duration.ofHours(2));
        String viewed = sentDocument("Viewed", Duration.ofHours(2));
        flow.forceStatus(viewed, DocumentStatus.SENT, DocumentStatus.VIEWED);
        String later = sentDocument("Later", Duration.ofDays(3));
        signet.clock().advance(Duration.ofHours(2));

        assertEquals(3, run());

        assertEquals("expired", flow.status(draft));
        assertEquals("expired", flow.status(sent));
        assertEquals("expired", flow.status(viewed));
        assertEquals("sent", flow.status(later));
        List<Map<String, Object>> events = flow.audit(sent, "document_expired");
        assertEquals(1, events.size());
        assertEquals("Signet", events.get(0).get("user_agent"));
        assertNull(events.get(0).get("api_key_id"));
        assertEquals(true, TestServer.object(flow.get("documents/" + sent + "/audit")).get("chain_valid"));
    }

    @Test
    void runOnce_beforeExpiry_neverEarly() {
        String doc = sentDocument("Soon", Duration.ofHours(1));
        signet.clock().advance(Duration.ofMinutes(59).plusSeconds(59));

        assertEquals(0, run());
        assertEquals("sent", flow.status(doc));

        signet.clock().advance(Duration.ofSeconds(1));
        assertEquals(1, run());
        assertEquals("expired", flow.status(doc));
    }

    @Test
    void runOnce_noExpiryTime_leftAlone() {
        String doc = sentDocument("Open ended", null);
        signet.clock().advance(Duration.ofDays(3650));

        assertEquals(0, run());
        assertEquals("sent", flow.status(doc));
    }

    @Test
    void runOnce_secondRun_nothingMoreToDo() {
        String doc = sentDocument("Once", Duration.ofHours(1));
        signet.clock().advance(Duration.ofDays(1));
        assertEquals(1, run());

        assertEquals(0, run());
        assertEquals(1, flow.audit(doc, "document_expired").size());
    }

    @Test
    void runOnce_terminalDocuments_neverTouched() {
        String completed = sentDocument("Completed", Duration.ofHours(1));
        String declined = sentDocument("Declined", Duration.ofHours(1));
        flow.forceStatus(completed, DocumentStatus.SENT, DocumentStatus.COMPLETED);
        flow.forceStatus(declined, DocumentStatus.SENT, DocumentStatus.DECLINED);
        String before = flow.get("documents/" + completed).body();
        signet.clock().advance(Duration.ofDays(1));

        assertEquals(0, run());

        assertEquals("completed", flow.status(completed));
        assertEquals("declined", flow.status(declined));
        assertEquals(before, flow.get("documents/" + completed).body());
        assertTrue(flow.audit(completed, "document_expired").isEmpty());
        assertTrue(flow.audit(declined, "document_expired").isEmpty());
    }

    @Test
    void runOnce_expiredByTheEndpointFirst_notExpiredAgain() {
        String doc = sentDocument("Manual", Duration.ofHours(1));
        signet.clock().advance(Duration.ofHours(1));
        assertEquals(200, flow.post("documents/" + doc + "/expire", null).statusCode());

        assertEquals(0, run());
        assertEquals(1, flow.audit(doc, "document_expired").size());
    }

    @Test
    void runOnce_databaseRefusesTheChange_loggedAtWarningWithItsCauseAndOthersGoOn() {
        String stuck = sentDocument("Stuck", Duration.ofHours(1));
        String fine = sentDocument("Fine", Duration.ofHours(1));
        signet.clock().advance(Duration.ofHours(2));
        signet.server().app.database().inTransaction(() -> SuiteDatabase.refuse(signet.server().app.database(),
                "refuse_expiry", "BEFORE UPDATE OF status ON documents", "OLD.id = " + stuck + " AND NEW.status = 'expired'", "disk says no"));
        java.util.List<java.util.logging.LogRecord> records = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.logging.Logger log = java.util.logging.Logger.getLogger("signet.jobs");
        java.util.logging.Handler handler = new java.util.logging.Handler() {
            @Override
            public void publish(java.util.logging.LogRecord r) {
                records.add(r);
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        log.addHandler(handler);
        try {
            assertEquals(1, run());
        } finally {
            log.removeHandler(handler);
        }

        assertEquals("expired", flow.status(fine));
        assertEquals("sent", flow.status(stuck));
        java.util.logging.LogRecord warning = records.stream()
                .filter(r -> r.getLevel() == java.util.logging.Level.WARNING).findFirst().orElseThrow();
        assertTrue(warning.getMessage().contains("document " + stuck), warning.getMessage());
        assertTrue(String.valueOf(warning.getThrown()).contains("disk says no")
                || String.valueOf(warning.getThrown().getCause()).contains("disk says no"), String.valueOf(warning.getThrown()));
    }
}
