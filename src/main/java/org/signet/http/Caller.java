package org.signet.http;

/** The authenticated party of a REST request: the API key and the user it belongs to. */
public record Caller(long userId, String userName, String userEmail, boolean admin, long keyId,
        boolean readOnly, int rateLimit) {

    /** The ownership rule of S3: the owner or an administrator. */
    public boolean mayAccess(long ownerId) {
        return admin || ownerId == userId;
    }
}
