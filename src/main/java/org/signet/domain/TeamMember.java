package org.signet.domain;

import java.util.Objects;

/** One person in a team: their account's id, address and name, and their role there. */
public record TeamMember(long teamId, long userId, String email, String name, TeamRole role, long addedAt) {
    public TeamMember {
        Objects.requireNonNull(email, "email");
        Objects.requireNonNull(role, "role");
    }
}
