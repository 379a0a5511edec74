package org.signet.domain;

/**
 * A member's role in a team, strongest first (see docs/api/teams.md, Roles);
 * {@link #atLeast} is how a rule asks for it. {@code VIEWER} reads and changes nothing.
 */
public enum TeamRole {
    OWNER("owner"), ADMIN("admin"), MEMBER("member"), VIEWER("viewer");

    private final String wire;

    TeamRole(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    /** Whether this role may do what {@code needed} may: declared strongest first, so a smaller ordinal is more. */
    public boolean atLeast(TeamRole needed) {
        return ordinal() <= needed.ordinal();
    }

    /** The role a wire name names; {@link IllegalArgumentException} naming the roles for any other. */
    public static TeamRole fromWire(String s) {
        for (TeamRole r : values()) {
            if (r.wire.equals(s)) {
                return r;
            }
        }
        throw new IllegalArgumentException("role must be owner, admin, member or viewer");
    }
}
