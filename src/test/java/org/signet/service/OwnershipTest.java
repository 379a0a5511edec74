package org.signet.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.signet.domain.Principal;
import org.signet.error.Refusal;

/** The ownership rule every owned resource follows: 404 first, then 403 for another user's. */
class OwnershipTest {
    private record Thing(long ownerId) {}

    private static final Principal ALICE = new Principal(1, false);
    private static final Principal ADMIN = new Principal(9, true);

    @Test
    void require_missing_notFoundEvenForAStranger() {
        Refusal r = assertThrows(Refusal.class,
                () -> Ownership.require(ALICE, Optional.<Thing>empty(), Thing::ownerId, "Bulk send"));

        assertEquals(404, r.status());
        assertEquals("not_found", r.code());
        assertEquals("Bulk send not found.", r.getMessage());
    }

    @Test
    void require_anotherUsers_forbiddenNamingTheThingInLowerCase() {
        Refusal r = assertThrows(Refusal.class,
                () -> Ownership.require(ALICE, Optional.of(new Thing(2)), Thing::ownerId, "Template"));

        assertEquals(403, r.status());
        assertEquals("forbidden", r.code());
        assertEquals("You are not allowed to access this template.", r.getMessage());
    }

    @Test
    void require_ownOrAnAdministrators_theThingItself() {
        Thing own = new Thing(1);
        Thing others = new Thing(2);

        assertSame(own, Ownership.require(ALICE, Optional.of(own), Thing::ownerId, "Webhook"));
        assertSame(others, Ownership.require(ADMIN, Optional.of(others), Thing::ownerId, "Webhook"));
    }

    @Test
    void check_anotherUsers_forbidden() {
        Refusal r = assertThrows(Refusal.class, () -> Ownership.check(ALICE, new Thing(3), Thing::ownerId, "Key"));

        assertEquals("You are not allowed to access this key.", r.getMessage());
    }
}
