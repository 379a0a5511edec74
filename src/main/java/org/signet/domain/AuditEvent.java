package org.signet.domain;

/** One append-only audit record (S6) with its place in the document's hash chain. */
public record AuditEvent(long id, long documentId, String action, Long signerId, String signerName, Long apiKeyId,
        String ipAddress, String userAgent, String detail, long createdAt, String prevHash, String hash) {}
