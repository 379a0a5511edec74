package org.signet.domain;

import java.util.List;

/**
 * A document as stored: its file references, status, timestamps (Unix seconds), the client's own handle on it,
 * whether a party whose turn it is may hand their place to someone else ({@code allowDelegation}), and its own
 * retention period in days ({@code retentionDays}; null: the site's for its status, 0: kept for ever), the
 * team it belongs to ({@code teamId}; null: its owner's alone), and the sender's message given with its send,
 * which its invitations and reminders carry ({@code sendMessage}; null: none).
 */
public record Document(long id, long ownerId, String title, DocumentStatus status, String originalFilename,
        String mediaType, Integer totalPages, List<PageSize> pages, long originalFileId, long pdfFileId,
        Long signedFileId, String fileHash, String signedFileHash, Long expiresAt, Long completedAt,
        Integer reminderIntervalDays, Long sentAt, long createdAt, long updatedAt, Long templateId, Seal seal,
        ExternalRef ref, boolean allowDelegation, Integer retentionDays, Long teamId, String sendMessage)
        implements Owned {

    /**
     * How sealing a completed document stands: attempts made, the last error, whether it gave up;
     * once sealed, the level of the sealed PDF and when it was sealed (Unix seconds), else null; while
     * an attempt after a failure waits, when it is due (Unix seconds), else null.
     */
    public record Seal(int attempts, String error, boolean failed, SealLevel level, Long sealedAt, Long retryAt) {
        public static final Seal NONE = new Seal(0, null, false, null, null, null);
    }

    public Document {
        pages = List.copyOf(pages);
        ref = ref == null ? ExternalRef.NONE : ref;
    }
}
