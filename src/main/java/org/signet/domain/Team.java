package org.signet.domain;

import java.util.Objects;

/** A team: people who share documents, templates, webhooks and keys, each with a {@link TeamRole}. */
public record Team(long id, String name, long createdAt) {
    public Team {
        Objects.requireNonNull(name, "name");
    }
}
