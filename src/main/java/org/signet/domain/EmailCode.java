package org.signet.domain;

/**
 * What Signet keeps of the codes mailed to one signer: the waiting code's digest (null once used) and
 * when it stops being valid, the latest mail, and the first mail of the current 24 hours with how many
 * have gone since. Times in Unix seconds.
 */
public record EmailCode(long signerId, String codeHash, Long expiresAt, long sentAt, long windowStart,
        int windowCount) {

    /** Whether a code is waiting to be typed at {@code now}: sent, not used, not expired. */
    public boolean waiting(long now) {
        return codeHash != null && expiresAt != null && expiresAt > now;
    }
}
