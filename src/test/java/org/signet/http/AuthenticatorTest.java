package org.signet.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.support.TestServer;
import org.signet.support.TestServer.Account;
import org.signet.support.TestServer.Credentials;

class AuthenticatorTest {
    @TempDir
    Path dir;
    TestServer server;
    Account alice;

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(dir);
        alice = server.account("alice@example.com", false);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void authenticate_everyBadCredentialGetsTheSame401() {
        String revokedKey = server.account("rita@example.com", false).full().key();
        Credentials revoked = new Credentials(revokedKey, "whatever");
        server.app.keys().revoke(revokedKey);
        List<HttpResponse<String>> responses = List.of(
                server.get("stats", null),
                server.get("stats", new Credentials("wps_" + "A".repeat(32), alice.full().secret())),
                server.get("stats", new Credentials(alice.full().key(), alice.full().secret() + "x")),
                server.get("stats", new Credentials(alice.full().key(), "")),
                server.get("stats", revoked));
        for (HttpResponse<String> r : responses) {
            assertEquals(401, r.statusCode(), r.body());
            assertEquals("rest_forbidden", TestServer.code(r));
            assertEquals(responses.get(0).body(), r.body(), "the message must not reveal which check failed");
        }
    }

    @Test
    void authenticate_revokedKeyWithItsRealSecretIsRefused() {
        assertEquals(200, server.get("stats", alice.full()).statusCode());
        assertTrue(server.app.keys().revoke(alice.full().key()));
        assertEquals(401, server.get("stats", alice.full()).statusCode());
    }

    @Test
    void authenticate_disabledUsersKeysStopWorking() {
        server.app.users().disable("alice@example.com");
        assertEquals(401, server.get("stats", alice.read()).statusCode());
    }

    @Test
    void readOnlyKey_mayReadButNotWrite() {
        assertEquals(200, server.get("stats", alice.read()).statusCode());
        for (String method : List.of("POST", "PUT", "DELETE")) {
            HttpResponse<String> r = server.send(method, "stats", alice.read(), "{}");
            assertEquals(403, r.statusCode(), method);
            assertEquals("rest_forbidden", TestServer.code(r));
        }
    }

    @Test
    void fullAccessKey_passesThePermissionCheck() {
        // No write route exists at /stats, so passing the permission check ends at the router.
        HttpResponse<String> r = server.send("POST", "stats", alice.full(), "{}");
        assertEquals(404, r.statusCode());
        assertEquals("rest_no_route", TestServer.code(r));
    }

    @Test
    void authenticate_recordsLastUse() {
        server.get("stats", alice.full());
        assertTrue(server.app.keys().findByKey(alice.full().key()).orElseThrow().lastUsedAt() != null);
    }
}
