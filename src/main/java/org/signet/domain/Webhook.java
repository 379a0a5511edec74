package org.signet.domain;

import java.util.List;
import java.util.Set;

/**
 * A receiver of event notifications: where to send, which events, whether it is active, and
 * the secret that signs every delivery (hidden: shown once, at creation or rotation); a team's webhook
 * ({@code teamId}) hears its team's documents, a personal one its owner's personal documents.
 */
public record Webhook(long id, long ownerId, String url, List<String> events, boolean active, String secret,
        long createdAt, long updatedAt, Long teamId) implements Owned {

    /** The event names; {@code ping} is the test event and is not subscribed to. */
    public static final Set<String> EVENTS = Set.of("document.created", "document.sent", "document.viewed",
            "document.signed", "document.completed", "document.declined", "document.expired", "document.deleted",
            "document.purged",
            "signer.added", "signer.reminded", "signer.viewed", "signer.signed", "signer.declined",
            "signer.delegated",
            "bulk_send.completed");

    /** Subscribes to every event. */
    public static final String ALL = "*";

    public Webhook {
        events = List.copyOf(events);
    }

    public boolean wants(String event) {
        return events.contains(ALL) || events.contains(event);
    }
}
