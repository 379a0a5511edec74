package org.signet.web.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.signet.support.AdminClient;
import org.signet.support.TestServer;

/**
 * The people of the team pages' tests: Olga, with API keys and a password, and others with a password alone, each
 * signed in on the pages as themselves.
 */
final class TeamPeople {
    private TeamPeople() {}

    /** Olga's account and keys, once the accounts of {@code others} ({@code who@example.com}) are made too. */
    static TestServer.Account olgaAnd(TestServer server, String... others) {
        TestServer.Account olga = server.account("olga@example.com", false);
        server.app.users().setPassword("olga@example.com", AdminHttpTest.HASH);
        for (String who : others) {
            server.app.users().add(who + "@example.com", who, false, AdminHttpTest.HASH);
        }
        return olga;
    }

    /** A client signed in on the pages as {@code who@example.com}. */
    static AdminClient signedIn(TestServer server, String who) {
        AdminClient c = new AdminClient(server);
        assertEquals(302, c.signIn(who + "@example.com", AdminHttpTest.PASSWORD).statusCode());
        return c;
    }
}
