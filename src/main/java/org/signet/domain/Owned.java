package org.signet.domain;

/**
 * Something a person or a team holds: a document, a template, a webhook, a bulk send. With a team it is
 * the team's, whatever {@code ownerId} (who made it) says; without one it is its owner's alone.
 */
public interface Owned {
    long ownerId();

    /** The team it belongs to, or null for a personal one. */
    Long teamId();
}
