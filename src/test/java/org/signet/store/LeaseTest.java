package org.signet.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class LeaseTest {
    @Test
    void from_endsAfterItsLength_eachClaimNamedAfresh() {
        Lease one = Lease.from("instance", 1_000, Duration.ofMinutes(5));
        assertEquals(1_300, one.until());
        assertNotEquals(one.holder(), Lease.from("instance", 1_000, Duration.ofMinutes(5)).holder());
        assertTrue(one.holder().startsWith("instance/"), one.holder());
    }

    @Test
    void covers_workThatEndsBeforeTheLease_notWorkThatReachesItsEnd() {
        Lease lease = Lease.from("instance", 1_000, Duration.ofMinutes(5));
        assertTrue(lease.covers(1_000, Duration.ofMinutes(2)));
        assertTrue(lease.covers(1_179, Duration.ofMinutes(2)));
        assertFalse(lease.covers(1_180, Duration.ofMinutes(2)), "ending with the lease, another run may take it then");
        assertFalse(lease.covers(1_400, Duration.ofSeconds(1)));
    }
}
