package org.signet.domain;

/**
 * One visitor of a public link: who they said they are, the digest of the code mailed to prove the address
 * (null once used), until when it may be typed, how many wrong codes were typed, and the document the visit
 * made once the address was proven (null before).
 */
public record PublicVisit(long id, long linkId, String name, String email, String codeHash, long expiresAt,
        int attempts, long createdAt, Long documentId) {
    /** Whether the code may still be typed at {@code now}. */
    public boolean waiting(long now, int maxAttempts) {
        return codeHash != null && now < expiresAt && attempts < maxAttempts;
    }
}
