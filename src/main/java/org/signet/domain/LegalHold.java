package org.signet.domain;

/** A document kept whatever its retention says, and why (the owner's words), since {@code placedAt} (Unix seconds). */
public record LegalHold(long documentId, String reason, long placedAt) {}
