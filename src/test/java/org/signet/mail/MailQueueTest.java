package org.signet.mail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.domain.Language;
import org.signet.domain.OutboxEntry;
import org.signet.domain.QueuedAttachment;
import org.signet.store.Database;
import org.signet.support.MutableClock;
import org.signet.support.SuiteDatabase;

class MailQueueTest {

    private static final MessageTemplates TEMPLATES = MessageTemplates.load();
    private static final Instant START = Instant.parse("2030-01-15T09:30:00Z");
    private static final String LINK = "https://sign.example.org/sign/Zm9vYmFyYmF6cXV4";

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(START, ZoneOffset.UTC);
    private Database db;
    private MailQueue queue;

    @BeforeEach
    void open() throws Exception {
        db = SuiteDatabase.open(dir, "NORMAL", 2);
        queue = new MailQueue(db, TEMPLATES, clock);
    }

    @AfterEach
    void close() {
        db.close();
    }

    static Map<String, String> invitationVars(String title) {
        return Map.of("recipient_name", "Jürgen Müller", "sender_name", "Alice <Owner>",
                "document_title", title, "link", LINK,
                "expires_line", "The link expires on 2030-01-31.", "access_line", "", "message_line", "",
                "message_block", "");
    }

    @Test
    void enqueue_insideTransactionThatThrows_leavesNoRow() {
        assertThrows(IllegalStateException.class, () -> db.inTransaction(() -> {
            db.insert("INSERT INTO users(email, name, created_at) VALUES ('a@x.org', 'A', 1)");
            queue.enqueue("invitation", Language.EN, invitationVars("NDA"), "jurgen@example.org", "Jürgen", 7L, null);
            throw new IllegalStateException("the document change failed");
        }));

        assertEquals(0, queue.pendingCount());
        assertEquals(0, db.queryLong("SELECT count(*) FROM mail_outbox"));
        assertEquals(0, db.queryLong("SELECT count(*) FROM users"));
    }

    @Test
    void enqueue_insideTransactionThatCommits_isQueuedWithTheChange() {
        long id = db.inTransaction(() -> {
            db.insert("INSERT INTO users(email, name, created_at) VALUES ('a@x.org', 'A', 1)");
            return queue.enqueue("invitation", Language.EN, invitationVars("NDA"), "jurgen@example.org", "Jürgen", 7L, null);
        });

        assertEquals(1, db.queryLong("SELECT count(*) FROM users"));
        assertTrue(queue.find(id).isPresent());
        assertEquals(1, queue.pendingCount());
    }

    @Test
    void enqueue_rendersSubjectTextAndHtmlWithTheVarsAndIsDueAtOnce() {
        long id = queue.enqueue("invitation", Language.EN, invitationVars("Vertrag für Müller"), " jurgen@example.org ",
                "Jürgen Müller", 42L, null);

        OutboxEntry entry = queue.find(id).orElseThrow();
        RenderedMessage expected = TEMPLATES.render("invitation", Language.EN, invitationVars("Vertrag für Müller"));
        assertEquals(expected.subject(), entry.subject());
        assertEquals(expected.text(), entry.textBody());
        assertEquals(expected.html(), entry.htmlBody());
        assertTrue(entry.subject().contains("Vertrag für Müller"), entry.subject());
        assertTrue(entry.textBody().contains(LINK), entry.textBody());
        assertTrue(entry.htmlBody().contains("Alice &lt;Owner&gt;"), "HTML values are escaped");
        assertEquals("invitation", entry.template());
        assertEquals("jurgen@example.org", entry.recipient());
        assertEquals("Jürgen Müller", entry.recipientName());
        assertEquals(42L, entry.documentId());
        assertNull(entry.attachment());
        assertEquals(OutboxEntry.Status.PENDING, entry.status());
        assertEquals(0, entry.attempts());
        assertEquals(START.getEpochSecond(), entry.createdAt());
        assertEquals(START.getEpochSecond(), entry.nextAttemptAt());
        assertNull(entry.sentAt());
        assertNull(entry.lastError());
    }

    @Test
    void enqueue_withAttachmentAndNoDocument_storesTheFileReference() {
        QueuedAttachment pdf = new QueuedAttachment("NDA-signed.pdf", "application/pdf", 12);
        long id = queue.enqueue("completed", Language.EN, Map.of("recipient_name", "Bob", "sender_name", "Alice",
                "document_title", "NDA", "note", "Attached."), "bob@example.org", null, null, pdf);

        OutboxEntry entry = queue.find(id).orElseThrow();
        assertEquals(pdf, entry.attachment());
        assertNull(entry.documentId());
        assertEquals("", entry.recipientName());
    }

    @Test
    void enqueue_unknownTemplateOrMissingVar_throwsAndQueuesNothing() {
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> queue.enqueue("welcome", Language.EN, Map.of(), "a@example.org", "", null, null));
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> queue.enqueue("invitation", Language.EN, Map.of("link", LINK), "a@example.org", "", null, null));

        assertTrue(unknown.getMessage().contains("welcome"), unknown.getMessage());
        assertTrue(missing.getMessage().contains("{{"), missing.getMessage());
        assertEquals(0, db.queryLong("SELECT count(*) FROM mail_outbox"));
    }

    @Test
    void enqueue_blankRecipient_throws() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> queue.enqueue("invitation", Language.EN, invitationVars("NDA"), "  ", "", null, null));

        assertTrue(e.getMessage().contains("recipient"), e.getMessage());
    }

    @Test
    void enqueue_survivesClosingAndReopeningTheDatabase() throws Exception {
        long id = db.inTransaction(() ->
                queue.enqueue("invitation", Language.EN, invitationVars("NDA"), "jurgen@example.org", "Jürgen", 7L, null));
        db.close();

        db = SuiteDatabase.open(dir, "NORMAL", 2);
        MailQueue reopened = new MailQueue(db, TEMPLATES, clock);

        OutboxEntry entry = reopened.find(id).orElseThrow();
        assertEquals(OutboxEntry.Status.PENDING, entry.status());
        assertTrue(entry.textBody().contains(LINK));
        assertEquals(1, reopened.pendingCount());
    }

    @Test
    void list_byStatus_returnsOldestFirstUpToTheLimit() {
        long first = queue.enqueue("invitation", Language.EN, invitationVars("One"), "a@example.org", "", null, null);
        long second = queue.enqueue("invitation", Language.EN, invitationVars("Two"), "b@example.org", "", null, null);
        long third = queue.enqueue("invitation", Language.EN, invitationVars("Three"), "c@example.org", "", null, null);
        db.update("UPDATE mail_outbox SET status = 'sent' WHERE id = ?", second);

        List<OutboxEntry> pending = queue.list(OutboxEntry.Status.PENDING, 10);

        assertEquals(List.of(first, third), pending.stream().map(OutboxEntry::id).toList());
        assertEquals(List.of(first), queue.list(OutboxEntry.Status.PENDING, 1).stream().map(OutboxEntry::id).toList());
        assertEquals(List.of(second), queue.list(OutboxEntry.Status.SENT, 10).stream().map(OutboxEntry::id).toList());
        assertEquals(2, queue.pendingCount());
        assertThrows(IllegalArgumentException.class, () -> queue.list(OutboxEntry.Status.PENDING, 0));
    }

    @Test
    void find_unknownId_isEmpty() {
        assertTrue(queue.find(999).isEmpty());
    }

    @Test
    void toString_leavesOutTheBodiesWithTheirLinks() {
        long id = queue.enqueue("invitation", Language.EN, invitationVars("NDA"), "jurgen@example.org", "", null, null);

        String shown = queue.find(id).orElseThrow().toString();

        assertFalse(shown.contains(LINK), shown);
        assertTrue(shown.contains("jurgen@example.org"), shown);
    }
}
