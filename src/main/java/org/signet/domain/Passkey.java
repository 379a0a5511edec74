package org.signet.domain;

/**
 * A passkey of a host-site account, as its owner sees it on "My account": the name they gave it, when it was
 * added and last used (null: never), in epoch seconds.
 */
public record Passkey(long id, long userId, String name, long createdAt, Long lastUsedAt) {}
