package org.signet.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.signet.store.Database;
import org.signet.store.Dialect;
import org.signet.store.LoginFailureStore;
import org.signet.support.BothDatabases;
import org.signet.support.MutableClock;
import org.signet.support.Postgres;
import org.signet.support.Race;

class LoginThrottleTest {
    @TempDir
    Path dir;

    @Test
    void failed_fiveAtOnceFromTwoInstances_accountLockedExactlyAtTheLimit() throws Exception {
        Postgres.Database pg = Postgres.shared().freshDatabase();
        try (Database one = pg.open(6); Database two = pg.open(6)) {
            Clock clock = Clock.systemUTC();
            List<LoginThrottle> instances = List.of(throttle(one, clock), throttle(two, clock));
            Race.run(4, 4, i -> failOnce(instances.get(i % 2), "four@example.com", "10.0.0." + i));
            Race.run(5, 5, i -> failOnce(instances.get(i % 2), "five@example.com", "10.0.1." + i));

            for (LoginThrottle t : instances) {
                assertEquals(Optional.empty(), t.lockedFor("four@example.com", "10.9.9.9"), "four failures lock nothing");
                assertTrue(t.lockedFor("five@example.com", "10.9.9.9").isPresent(), "the fifth locks on every instance");
            }
            LoginFailureStore store = new LoginFailureStore(one);
            assertEquals(4, store.find("account:four@example.com").orElseThrow().failures());
            assertEquals(5, store.find("account:five@example.com").orElseThrow().failures());
        }
    }

    @Test
    void failed_twentyAtOnceFromOneAddress_addressLockedExactlyAtItsLimit() throws Exception {
        Postgres.Database pg = Postgres.shared().freshDatabase();
        try (Database one = pg.open(6); Database two = pg.open(6)) {
            Clock clock = Clock.systemUTC();
            List<LoginThrottle> instances = List.of(throttle(one, clock), throttle(two, clock));
            Race.run(19, 6, i -> failOnce(instances.get(i % 2), "user" + i + "@example.com", "10.0.0.1"));
            assertEquals(Optional.empty(), instances.get(0).lockedFor("new@example.com", "10.0.0.1"));

            failOnce(instances.get(1), "last@example.com", "10.0.0.1");
            assertTrue(instances.get(0).lockedFor("new@example.com", "10.0.0.1").isPresent());
        }
    }

    @ParameterizedTest
    @EnumSource(Dialect.class)
    void failed_afterTheWindow_countStartsAgainAndTheLockEnds(Dialect dialect) throws Exception {
        MutableClock clock = new MutableClock(Instant.parse("2026-01-01T10:00:00Z"), ZoneOffset.UTC);
        try (Database db = BothDatabases.open(dialect, dir)) {
            LoginThrottle t = throttle(db, clock);
            for (int i = 0; i < 4; i++) {
                t.failed("pat@example.com", "10.0.0." + i);
            }
            clock.advance(Duration.ofMinutes(16));
            t.failed("pat@example.com", "10.0.1.1");
            assertEquals(Optional.empty(), t.lockedFor("pat@example.com", "10.0.2.2"), "a new window holds one failure");
            for (int i = 0; i < 4; i++) {
                t.failed("pat@example.com", "10.0.3." + i);
            }
            assertEquals(Optional.of(15 * 60L), t.lockedFor("pat@example.com", "10.0.2.2"));
            clock.advance(Duration.ofMinutes(15));
            assertEquals(Optional.empty(), t.lockedFor("pat@example.com", "10.0.2.2"));

            t.failed("pat@example.com", "10.0.4.4");
            assertEquals(Optional.empty(), t.lockedFor("pat@example.com", "10.0.2.2"), "a failure after the lock starts over");
            t.succeeded("pat@example.com");
            assertEquals(Optional.empty(), new LoginFailureStore(db).find("account:pat@example.com"));
        }
    }

    private static LoginThrottle throttle(Database db, Clock clock) {
        return new LoginThrottle(new LoginFailureStore(db), clock, LoginThrottle.ACCOUNT, LoginThrottle.ADDRESS);
    }

    private static Void failOnce(LoginThrottle t, String email, String ip) {
        t.failed(email, ip);
        return null;
    }
}
