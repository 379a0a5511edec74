package org.signet.service;

import java.time.Clock;
import java.util.List;
import org.signet.domain.Backlog;
import org.signet.store.Database;
import org.signet.store.DocumentStore;
import org.signet.store.MailOutboxStore;
import org.signet.store.WebhookStore;

/**
 * How much waits in Signet's queues and for how long: mail not yet handed to the mail server,
 * webhook deliveries not yet made, completed documents not yet sealed. Read from the database each
 * time it is asked (one small indexed query per queue), so it holds for every process on the folder.
 */
public final class Queues {
    /** One queue's figures: items waiting, and the seconds the oldest has waited (0 when none does). */
    public record Queue(String name, long depth, long oldestAgeSeconds) {}

    private final Database db;
    private final MailOutboxStore mail;
    private final WebhookStore webhooks;
    private final DocumentStore documents;
    private final Clock clock;

    public Queues(Database db, MailOutboxStore mail, WebhookStore webhooks, DocumentStore documents, Clock clock) {
        this.db = db;
        this.mail = mail;
        this.webhooks = webhooks;
        this.documents = documents;
        this.clock = clock;
    }

    /** The queues as they stand now, read in one transaction: mail, webhooks, seals. */
    public List<Queue> now() {
        long now = clock.instant().getEpochSecond();
        return db.read(() -> List.of(queue("mail", mail.backlog(), now), queue("webhooks", webhooks.backlog(), now),
                queue("seals", documents.sealBacklog(), now)));
    }

    private static Queue queue(String name, Backlog b, long now) {
        return new Queue(name, b.depth(), b.oldestAt() == null ? 0 : Math.max(0, now - b.oldestAt()));
    }
}
