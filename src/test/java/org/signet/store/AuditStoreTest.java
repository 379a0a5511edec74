package org.signet.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.domain.Actor;
import org.signet.domain.AuditEvent;
import org.signet.support.SignetFixture;
import org.signet.support.TestFiles;
import org.signet.support.TestServer;
import org.signet.support.TestServer.Account;

/** The hash chain: every kind of change to a stored event is detected, and only on its own document. */
class AuditStoreTest {
    /** The edited columns that hold integers, restored as integers: PostgreSQL takes no string for them. */
    private static final Set<String> INTEGER_COLUMNS = Set.of("signer_id", "created_at", "user_id");

    @RegisterExtension
    final SignetFixture signet = SignetFixture.running().onSystemClock();

    Database db;
    AuditStore audit;
    long doc;
    long other;

    @BeforeEach
    void start() throws Exception {
        Account alice = signet.server().account("alice@example.com", false);
        doc = Long.parseLong(signet.server().uploadPdf(alice.full(), "a.pdf", TestFiles.pdf(1)));
        other = Long.parseLong(signet.server().uploadPdf(alice.full(), "b.pdf", TestFiles.pdf(1)));
        db = signet.server().app.database();
        audit = new AuditStore(db, Clock.systemUTC());
        db.inTransaction(() -> {
            audit.record(doc, "document_updated", Actor.apiKey(1, "192.0.2.1", "agent"), "{\"title\":\"x\"}");
            audit.record(doc, "document_viewed", Actor.signer(7, "Sam", "192.0.2.2", "browser"), null);
            audit.record(doc, "document_downloaded", Actor.system(), "original");
        });
    }

    @Test
    void record_chainsEachEventToThePrevious() {
        List<AuditEvent> events = audit.list(doc);
        assertEquals(4, events.size());
        assertEquals(AuditStore.GENESIS, events.get(0).prevHash());
        for (int i = 1; i < events.size(); i++) {
            assertEquals(events.get(i - 1).hash(), events.get(i).prevHash());
        }
        assertEquals("Sam", events.get(2).signerName());
        assertTrue(audit.chainValid(doc));
        assertTrue(audit.chainValid(other));
    }

    @Test
    void chainValid_editedColumns_detected() {
        for (String change : List.of("action = 'document_signed'", "ip_address = '203.0.113.5'",
                "user_agent = 'forged'", "detail = 'null'", "signer_id = 8", "created_at = created_at - 3600", "signer_name = 'Eve'",
                "user_id = 3")) {
            String id = "(SELECT id FROM audit_events WHERE document_id = " + doc + " ORDER BY id LIMIT 1 OFFSET 2)";
            String before = db.queryOne("SELECT " + change.substring(0, change.indexOf(' ')) + " AS v FROM audit_events "
                    + "WHERE id = " + id, r -> String.valueOf(r.string("v"))).orElseThrow();
            db.update("UPDATE audit_events SET " + change + " WHERE id = " + id);
            assertFalse(audit.chainValid(doc), change);
            assertTrue(audit.chainValid(other), "another document's chain is unaffected");
            String column = change.substring(0, change.indexOf(' '));
            Object restored = before.equals("null") ? null
                    : INTEGER_COLUMNS.contains(column) ? (Object) Long.valueOf(before) : before;
            db.update("UPDATE audit_events SET " + column + " = ? WHERE id = " + id, restored);
            assertTrue(audit.chainValid(doc), "restored: " + change);
        }
    }

    @Test
    void chainValid_rehashedRowAfterEdit_stillDetectedByItsSuccessor() {
        AuditEvent second = audit.list(doc).get(1);
        AuditEvent forged = new AuditEvent(second.id(), doc, "document_signed", second.signerId(), second.signerName(),
                second.apiKeyId(), second.userId(), second.ipAddress(), second.userAgent(), second.detail(), second.createdAt(),
                second.prevHash(), null);
        db.update("UPDATE audit_events SET action = ?, hash = ? WHERE id = ?", forged.action(), AuditStore.hash(forged),
                second.id());
        assertFalse(audit.chainValid(doc));
    }

    @Test
    void chainValid_textMovedBetweenColumns_detected() {
        db.inTransaction(() -> audit.record(doc, "document_viewed", Actor.signer(9, "Ann", "192.0.2.9", "ua"),
                "x\u001fy"));
        long last = audit.list(doc).get(4).id();
        assertTrue(audit.chainValid(doc));
        db.update("UPDATE audit_events SET user_agent = ?, detail = ? WHERE id = ?", "ua\u001fx", "y", last);
        assertFalse(audit.chainValid(doc));
    }

    @Test
    void record_userOfTheAdministratorPages_keptInTheChain() {
        db.inTransaction(() -> audit.record(doc, "reminder_sent", Actor.user(3, "192.0.2.3", "admin browser"),
                "pat@example.com"));
        AuditEvent e = audit.list(doc).get(4);
        assertEquals(3L, e.userId());
        assertEquals(null, e.apiKeyId());
        assertTrue(audit.chainValid(doc));
        for (String change : List.of("user_id = 4", "user_id = NULL", "user_id = NULL, api_key_id = 3")) {
            db.update("UPDATE audit_events SET " + change + " WHERE id = ?", e.id());
            assertFalse(audit.chainValid(doc), change);
            db.update("UPDATE audit_events SET user_id = 3, api_key_id = NULL WHERE id = ?", e.id());
            assertTrue(audit.chainValid(doc), "restored after " + change);
        }
    }

    @Test
    void hash_eventWithoutUser_sameAsBeforeUsersWereRecorded() {
        for (AuditEvent e : audit.list(doc)) {
            StringBuilder before = new StringBuilder();
            for (Object v : new Object[] {e.prevHash(), e.documentId(), e.action(), e.signerId(), e.signerName(),
                    e.apiKeyId(), e.ipAddress(), e.userAgent(), e.detail(), e.createdAt()}) {
                before.append(v == null ? "-" : v.toString().length() + ":" + v).append('\n');
            }
            assertEquals(org.signet.crypto.Tokens.sha256Hex(before.toString()), e.hash(), e.action());
        }
    }

    @Test
    void chainValid_middleEventDeleted_detected() {
        db.update("DELETE FROM audit_events WHERE id = ?", audit.list(doc).get(1).id());
        assertFalse(audit.chainValid(doc));
    }

    @Test
    void chainValid_lastEventDeleted_detectedThroughTheHead() {
        db.update("DELETE FROM audit_events WHERE id = ?", audit.list(doc).get(3).id());
        assertFalse(audit.chainValid(doc));
    }

    @Test
    void chainValid_allEventsDeleted_detected() {
        db.update("DELETE FROM audit_events WHERE document_id = ?", doc);
        assertFalse(audit.chainValid(doc));
    }

    @Test
    void chainValid_eventMovedToAnotherDocument_detectedOnBoth() {
        db.update("UPDATE audit_events SET document_id = ? WHERE id = ?", other, audit.list(doc).get(3).id());
        assertFalse(audit.chainValid(doc));
        assertFalse(audit.chainValid(other));
    }

    @Test
    void checkAll_oneEventEdited_namesItsDocumentOnly() throws Exception {
        long other = Long.parseLong(signet.server().uploadPdf(signet.server().account("bob@example.com", false).full(), "b.pdf",
                TestFiles.pdf(1)));
        int documents = (int) db.queryLong("SELECT count(*) FROM documents");
        assertEquals(new AuditStore.Chains(documents, List.of()), audit.checkAll());

        db.update("UPDATE audit_events SET detail = 'edited' WHERE id = ?", audit.list(doc).get(1).id());

        assertEquals(new AuditStore.Chains(documents, List.of(doc)), audit.checkAll());
        assertTrue(audit.chainValid(other));
    }
}
