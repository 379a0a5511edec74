package org.signet.domain;

import java.util.List;

/** What a new document is made of: its owner (and team, or null), details and the stored files it was made from. */
public record NewDocument(long ownerId, String title, String originalFilename, String mediaType, int totalPages,
        List<PageSize> pages, long originalFileId, long pdfFileId, String fileHash, Long expiresAt,
        Integer reminderIntervalDays, Long templateId, ExternalRef ref, boolean allowDelegation, Long teamId) {

    public NewDocument {
        pages = List.copyOf(pages);
        ref = ref == null ? ExternalRef.NONE : ref;
    }
}
