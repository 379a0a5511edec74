package org.signet.domain;

/**
 * A host-site account: owns documents and keys, may log in, may be an administrator; {@code language} is
 * the one its administrator pages speak, or null for the browser's.
 */
public record User(long id, String email, String name, boolean admin, boolean disabled, boolean hasPassword,
        long createdAt, Language language) {

    /**
     * Whether a signing link may ask for this account's password when the document is an
     * administrator's ({@code askerAdmin}) or not: an administrator's password is never something a
     * non-administrator's document may ask for.
     */
    public boolean passwordAskableBy(boolean askerAdmin) {
        return !admin || askerAdmin;
    }
}
