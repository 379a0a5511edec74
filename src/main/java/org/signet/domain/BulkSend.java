package org.signet.domain;

/**
 * One template sent to many: who started it and with which template, how many rows it has and how
 * many of them were made into documents or failed so far, when it started and completed (Unix seconds), and
 * the team its documents go to (or null).
 */
public record BulkSend(long id, long ownerId, long templateId, Status status, int total, int created, int failed,
        long createdAt, Long completedAt, Long teamId) implements Owned {

    /** Running while any row is pending; completed once every row is made or failed. */
    public enum Status {
        RUNNING, COMPLETED;

        public String wire() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** One row of a bulk send: its number (1 is the first after the header), its outcome, its document or error. */
    public record RowOutcome(int number, RowStatus status, Long documentId, String error) {}

    /** A row is pending until its document is made (created) or it is refused (failed). */
    public enum RowStatus {
        PENDING, CREATED, FAILED;

        public String wire() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }
}
