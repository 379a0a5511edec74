package org.signet.domain;

import java.util.Arrays;
import java.util.Locale;

/**
 * One event for one webhook and how its delivery stands. The body is made from the stored
 * event, time and data the same way at every attempt, so retries and redeliveries send the same bytes
 * under the same id. Times are Unix seconds; {@code documentId}, {@code responseStatus} and
 * {@code lastAttemptAt} may be null.
 */
public record WebhookDelivery(long id, long webhookId, Long documentId, String event, String dataJson,
        Status status, int attempts, Integer responseStatus, long createdAt, Long lastAttemptAt, long nextAttemptAt) {

    /** pending (waiting for its first or next attempt), delivered (a 2xx), failed (retries exhausted). */
    public enum Status {
        PENDING, DELIVERED, FAILED;

        public String wire() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static java.util.Optional<Status> fromWire(String s) {
            return Arrays.stream(values()).filter(v -> v.wire().equals(s)).findFirst();
        }
    }

    /** One attempt: when, the receiver's status (null when none came), how long, what went wrong, what it said. */
    public record Attempt(long at, Integer responseStatus, long durationMs, String error, String responseExcerpt) {}
}
