package org.signet.domain;

import java.util.List;

/**
 * What stays of a purged document: its id and owner, the status it ended in and its times (Unix seconds), its
 * seal's level and time, how many parties took part, the hash its audit chain ended with, the SHA-256 of every
 * sealed revision it had, and when it was purged. No name, address, title, value or file.
 */
public record PurgeRecord(long id, long ownerId, DocumentStatus status, long createdAt, Long sentAt, Long completedAt,
        long statusSince, SealLevel sealLevel, Long sealedAt, int parties, String auditHead, long purgedAt,
        List<String> revisions) {
    public PurgeRecord {
        revisions = List.copyOf(revisions);
    }
}
