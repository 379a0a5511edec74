package org.signet.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The fixture the server tests stand on: what it starts, what a restart keeps, and what it leaves behind. */
class SignetFixtureTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running("webhooks.allow_private=true");

    @Test
    void running_clockAtTheSharedStartAndSettingsApplied() {
        assertEquals(SignetFixture.START, signet.clock().instant());
        assertEquals("true", signet.server().app.config().string("webhooks.allow_private"));
        assertTrue(Files.isDirectory(signet.dir()));
    }

    @Test
    void start_again_sameFolderAndOwnerKeyStillWorks() throws Exception {
        String doc = signet.flow().upload("Lease", 1);
        String before = signet.server().base();
        signet.clock().advance(Duration.ofHours(1));

        signet.start("ratelimit.ip_per_minute=500");

        assertNotEquals(before, signet.server().base(), "a new server on a new port");
        assertEquals("Lease", signet.flow().document(doc).get("title"));
        assertEquals("500", signet.server().app.config().string("ratelimit.ip_per_minute"));
        assertEquals("true", signet.server().app.config().string("webhooks.allow_private"), "class settings kept");
        assertEquals(SignetFixture.START.plus(Duration.ofHours(1)), signet.clock().instant());
    }

    @Test
    void afterEach_serverStoppedAndFolderDeleted() throws Exception {
        SignetFixture own = SignetFixture.running();
        own.beforeEach(null);
        Path dir = own.dir();
        own.flow().upload("Lease", 1);

        own.afterEach(null);

        assertFalse(Files.exists(dir));
        assertThrows(IllegalStateException.class, own::server);
    }

    @Test
    void stopped_noServerUntilATestStartsOne() throws Exception {
        SignetFixture own = SignetFixture.stopped().at(SignetFixture.START.plusSeconds(60));
        own.beforeEach(null);
        try {
            assertThrows(IllegalStateException.class, own::server);
            assertEquals(SignetFixture.START.plusSeconds(60), own.clock().instant());
            own.start();
            assertEquals(200, own.server().get("documents", own.flow().key).statusCode());
        } finally {
            own.afterEach(null);
        }
    }

    @Test
    void onSystemClock_clockNotOffered() {
        SignetFixture own = SignetFixture.stopped().onSystemClock();

        assertThrows(IllegalStateException.class, own::clock);
    }
}
