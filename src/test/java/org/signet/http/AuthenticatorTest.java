package org.signet.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.support.SignetFixture;
import org.signet.support.TestServer;
import org.signet.support.TestServer.Account;
import org.signet.support.TestServer.Credentials;

class AuthenticatorTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running().onSystemClock();

    Account alice;

    @BeforeEach
    void start() throws Exception {
        alice = signet.server().account("alice@example.com", false);
    }

    @Test
    void authenticate_everyBadCredentialGetsTheSame401() {
        String revokedKey = signet.server().account("rita@example.com", false).full().key();
        Credentials revoked = new Credentials(revokedKey, "whatever");
        signet.server().app.keys().revoke(revokedKey);
        List<HttpResponse<String>> responses = List.of(
                signet.server().get("stats", null),
                signet.server().get("stats", new Credentials("wps_" + "A".repeat(32), alice.full().secret())),
                signet.server().get("stats", new Credentials(alice.full().key(), alice.full().secret() + "x")),
                signet.server().get("stats", new Credentials(alice.full().key(), "")),
                signet.server().get("stats", revoked));
        for (HttpResponse<String> r : responses) {
            assertEquals(401, r.statusCode(), r.body());
            assertEquals("rest_forbidden", TestServer.code(r));
            assertEquals(responses.get(0).body(), r.body(), "the message must not reveal which check failed");
        }
    }

    @Test
    void authenticate_revokedKeyWithItsRealSecretIsRefused() {
        assertEquals(200, signet.server().get("stats", alice.full()).statusCode());
        assertTrue(signet.server().app.keys().revoke(alice.full().key()));
        assertEquals(401, signet.server().get("stats", alice.full()).statusCode());
    }

    @Test
    void authenticate_disabledUsersKeysStopWorking() {
        signet.server().app.users().disable("alice@example.com");
        assertEquals(401, signet.server().get("stats", alice.read()).statusCode());
    }

    @Test
    void readOnlyKey_mayReadButNotWrite() {
        assertEquals(200, signet.server().get("stats", alice.read()).statusCode());
        for (String method : List.of("POST", "PUT", "DELETE")) {
            HttpResponse<String> r = signet.server().send(method, "stats", alice.read(), "{}");
            assertEquals(403, r.statusCode(), method);
            assertEquals("rest_forbidden", TestServer.code(r));
        }
    }

    @Test
    void fullAccessKey_passesThePermissionCheck() {
        // No write route exists at /stats, so passing the permission check ends at the router.
        HttpResponse<String> r = signet.server().send("POST", "stats", alice.full(), "{}");
        assertEquals(404, r.statusCode());
        assertEquals("rest_no_route", TestServer.code(r));
    }

    @Test
    void authenticate_recordsLastUse() {
        signet.server().get("stats", alice.full());
        assertTrue(signet.server().app.keys().findByKey(alice.full().key()).orElseThrow().lastUsedAt() != null);
    }
}
