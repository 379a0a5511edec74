package org.signet.domain;

/** Whom a request acts for: a host-site user, and whether they administer the site. */
public record Principal(long userId, boolean admin) {

    /** The ownership rule: the owner or an administrator. */
    public boolean mayAccess(long ownerId) {
        return admin || ownerId == userId;
    }

    /** The owner whose documents a listing shows: null (everyone's) for an administrator. */
    public Long ownerFilter() {
        return admin ? null : userId;
    }
}
