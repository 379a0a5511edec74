package org.signet.domain;

/**
 * A list request: owner filter (null for everyone), optional status, title search and client's
 * external id (exact), one page of it.
 */
public record DocumentQuery(Long ownerId, DocumentStatus status, String search, String externalId, int page,
        int perPage) {}
