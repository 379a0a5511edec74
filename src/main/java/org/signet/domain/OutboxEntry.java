package org.signet.domain;

import java.util.Objects;

/**
 * One message in the mail queue: what was rendered when it was queued and how its delivery
 * stands. Timestamps are Unix seconds; {@code documentId}, {@code attachment}, {@code lastError}
 * and {@code sentAt} may be null.
 */
public record OutboxEntry(long id, String template, String recipient, String recipientName, String subject,
                          String textBody, String htmlBody, Long documentId, QueuedAttachment attachment,
                          Status status, int attempts, long nextAttemptAt, String lastError, long createdAt,
                          Long sentAt) {

    public OutboxEntry {
        Objects.requireNonNull(recipient, "recipient");
        Objects.requireNonNull(status, "status");
    }

    /** Leaves out the bodies: they hold signing links, which are credentials and must not reach logs. */
    @Override
    public String toString() {
        return "OutboxEntry[id=" + id + ", template=" + template + ", to=" + recipient + ", status="
                + status.wire() + ", attempts=" + attempts + ", nextAttemptAt=" + nextAttemptAt + "]";
    }

    /** Where a message stands: waiting for (another) attempt, handed to the mail server, or given up. */
    public enum Status {
        PENDING("pending"), SENT("sent"), FAILED("failed");

        private final String wire;

        Status(String wire) {
            this.wire = wire;
        }

        /** The value stored in {@code mail_outbox.status}. */
        public String wire() {
            return wire;
        }

        public static Status fromWire(String value) {
            for (Status s : values()) {
                if (s.wire.equals(value)) {
                    return s;
                }
            }
            throw new IllegalArgumentException("Unknown mail status '" + value + "'");
        }
    }
}
