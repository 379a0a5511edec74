package org.signet.pdf;

import java.util.List;

/**
 * What the certificate-of-completion pages say about a finished document; any string may be
 * null and is then printed as a dash. {@code origin} says where the document came from ("template
 * 7"), or is null for an upload, and then has no row.
 */
public record CertificateData(String documentTitle, String documentId, String originalSha256, String completedAt,
        String origin, List<Party> parties, List<Event> events) {

    public CertificateData {
        parties = parties == null ? List.of() : List.copyOf(parties);
        events = events == null ? List.of() : List.copyOf(events);
    }

    /** A document that was uploaded, not made from a template. */
    public CertificateData(String documentTitle, String documentId, String originalSha256, String completedAt,
            List<Party> parties, List<Event> events) {
        this(documentTitle, documentId, originalSha256, completedAt, null, parties, events);
    }

    /** A signer or approver of the document and what they did, when and from where. */
    public record Party(String name, String email, String role, String status, String ipAddress, String userAgent,
            String invitedAt, String viewedAt, String signedAt) {
    }

    /** One line of the audit trail. */
    public record Event(String timestamp, String action, String actor, String ipAddress) {
    }
}
