package org.signet.domain;

/** A host-site account: owns documents and keys, may log in, may be an administrator. */
public record User(long id, String email, String name, boolean admin, boolean disabled, boolean hasPassword,
        long createdAt) {}
