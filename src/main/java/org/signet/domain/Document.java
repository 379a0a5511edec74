package org.signet.domain;

import java.util.List;

/** A document as stored: its file references, status and timestamps (Unix seconds). */
public record Document(long id, long ownerId, String title, DocumentStatus status, String originalFilename,
        String mediaType, Integer totalPages, List<PageSize> pages, long originalFileId, long pdfFileId,
        Long signedFileId, String fileHash, String signedFileHash, Long expiresAt, Long completedAt,
        Integer reminderIntervalDays, Long sentAt, long createdAt, long updatedAt, Long templateId, Seal seal) {

    /** How sealing a completed document stands: attempts made, the last error, and whether it gave up. */
    public record Seal(int attempts, String error, boolean failed) {
        public static final Seal NONE = new Seal(0, null, false);
    }

    public Document {
        pages = List.copyOf(pages);
    }
}
