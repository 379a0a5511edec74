package org.signet.domain;

/** A list request: owner filter (null for everyone), optional status and title search, one page of it. */
public record DocumentQuery(Long ownerId, DocumentStatus status, String search, int page, int perPage) {}
