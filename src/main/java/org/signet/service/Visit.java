package org.signet.service;

/**
 * A signer's browser as the signing pages see it: the unlock session it holds (null when none) and
 * where it connects from, for the audit trail (S7: every state change records IP and user agent).
 */
public record Visit(String sessionId, String ip, String userAgent) {}
