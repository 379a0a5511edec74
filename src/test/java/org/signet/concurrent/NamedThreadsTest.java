package org.signet.concurrent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.ThreadFactory;
import org.junit.jupiter.api.Test;

/** NamedThreads: the prefix and a count from 1, daemon or not as asked, each factory counting on its own. */
class NamedThreadsTest {

    @Test
    void daemon_newThreads_namedInOrderAndDaemon() {
        ThreadFactory f = NamedThreads.daemon("signet-job-");

        Thread first = f.newThread(() -> {});
        Thread second = f.newThread(() -> {});

        assertEquals("signet-job-1", first.getName());
        assertEquals("signet-job-2", second.getName());
        assertTrue(first.isDaemon() && second.isDaemon());
    }

    @Test
    void nonDaemon_newThread_keepsTheJvmAlive() {
        Thread t = NamedThreads.nonDaemon("signet-http-").newThread(() -> {});

        assertEquals("signet-http-1", t.getName());
        assertFalse(t.isDaemon());
    }

    @Test
    void daemon_twoFactories_countSeparately() {
        NamedThreads.daemon("a-").newThread(() -> {});

        assertEquals("b-1", NamedThreads.daemon("b-").newThread(() -> {}).getName());
    }
}
