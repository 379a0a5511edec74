package org.signet.domain;

import java.util.Objects;

/** A team as one of its members sees it: the team and their role in it. */
public record Membership(Team team, TeamRole role) {
    public Membership {
        Objects.requireNonNull(team, "team");
        Objects.requireNonNull(role, "role");
    }
}
