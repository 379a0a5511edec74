package org.signet.domain;

/**
 * A list request: owner filter (null for everyone), optional status, title search and client's
 * external id (exact), one page of it, within {@code scope} (a person's and their teams', or one team's).
 */
public record DocumentQuery(Long ownerId, DocumentStatus status, String search, String externalId, int page,
        int perPage, ListScope scope) {
    public DocumentQuery {
        scope = scope == null ? ListScope.EVERYONE : scope;
    }

    /** A request over everyone's documents, narrowed by {@code ownerId} alone. */
    public DocumentQuery(Long ownerId, DocumentStatus status, String search, String externalId, int page,
            int perPage) {
        this(ownerId, status, search, externalId, page, perPage, ListScope.EVERYONE);
    }
}
