package org.signet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.signet.support.TwoInstances;

/**
 * What each instance keeps in memory (documents' details and their JSON, API keys) is checked against
 * the database shared with the other instance: what one changes, the other serves at once.
 */
class CachesAcrossInstancesTest {
    private final Clock clock = Clock.systemUTC();
    private TwoInstances two;
    private TwoInstances.Owner owner;

    @BeforeEach
    void start() throws Exception {
        two = TwoInstances.start(clock);
        owner = two.owner("owner@example.org", clock);
    }

    @AfterEach
    void stop() {
        two.close();
    }

    @Test
    void getDocument_changedThroughTheOtherInstance_isReadFreshAtOnce() {
        String doc = owner.onFirst().upload("contract", 1);
        // Read twice through the second, so that its details and rendered JSON are remembered.
        assertEquals("contract", owner.onSecond().document(doc).get("title"));
        assertEquals("contract", owner.onSecond().document(doc).get("title"));

        assertEquals(200, owner.onFirst().put("documents/" + doc, Map.of("title", "lease")).statusCode());

        assertEquals("lease", owner.onSecond().document(doc).get("title"));
        assertEquals("lease", owner.onFirst().document(doc).get("title"));
    }

    @Test
    void request_keyRevokedThroughTheOtherInstance_isRefusedOnItsNextRequest() {
        assertEquals(200, owner.onSecond().get("documents").statusCode());
        assertEquals(200, owner.onSecond().get("documents").statusCode());

        assertTrue(two.first.app.keys().revoke(owner.account().full().key()));

        assertEquals(401, owner.onSecond().get("documents").statusCode());
        assertEquals(401, owner.onFirst().get("documents").statusCode());
    }
}
