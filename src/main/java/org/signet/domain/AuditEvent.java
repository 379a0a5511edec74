package org.signet.domain;

/**
 * One append-only audit record with its place in the document's hash chain; {@code userId} names
 * the host-site user who acted on the administrator pages.
 */
public record AuditEvent(long id, long documentId, String action, Long signerId, String signerName, Long apiKeyId,
        Long userId, String ipAddress, String userAgent, String detail, long createdAt, String prevHash, String hash) {}
