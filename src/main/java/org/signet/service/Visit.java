package org.signet.service;

/**
 * A signer's browser as the signing pages see it: the unlock session it holds (null when none) and
 * where it connects from, for the audit trail, which records the address and user agent of every state change.
 */
public record Visit(String sessionId, String ip, String userAgent) {}
