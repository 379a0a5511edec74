package org.signet.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.TestServer.code;
import static org.signet.support.TestServer.data;
import static org.signet.support.TestServer.object;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.crypto.Passwords;
import org.signet.support.AdminClient;
import org.signet.support.ApiFlow;
import org.signet.support.Party;
import org.signet.support.SignetFixture;

/**
 * One throttle for a host-site password wherever it is asked for: guesses at the administrator
 * sign-in and at any number of signing links' login gates count against the account together, and a
 * locked account is refused everywhere, its right password answered as a wrong one.
 */
class PasswordCheckTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running().owner("owner@example.com");

    private static final String EMAIL = "pat@example.com";
    private static final String PASSWORD = "pw-correct-horse-battery";
    private static final String HASH = Passwords.hash(PASSWORD.toCharArray());

    private ApiFlow flow;

    @BeforeEach
    void start() throws Exception {
        signet.server().app.users().add(EMAIL, "Pat", false, HASH);
        flow = signet.flow();
    }

    /** A sent document whose one signer must sign in as Pat; its signing link's token. */
    private String link() {
        String doc = flow.upload("Contract", 1);
        Party pat = flow.addSigner(doc, Map.of("name", "Pat", "email", EMAIL, "require_wp_login", true));
        flow.saveFields(doc, List.of(ApiFlow.field(pat.id(), "signature", 1, 72, 100, 200, 60)));
        flow.send(doc);
        return pat.token();
    }

    private HttpResponse<String> gate(String token, String password) {
        return flow.postToLink(token, "login", Map.of("email", EMAIL, "password", password));
    }

    private HttpResponse<String> signIn(String password) {
        return new AdminClient(signet.server()).signIn(EMAIL, password);
    }

    private static void assertWrongAtGate(HttpResponse<String> r, int attemptsLeft) {
        assertEquals(401, r.statusCode(), r.body());
        assertEquals("invalid_login", code(r));
        assertEquals(attemptsLeft, ((Number) data(r).get("attempts_left")).intValue(), r.body());
        assertTrue(r.headers().firstValue("Set-Cookie").isEmpty(), "no unlock");
    }

    private static void assertLockedAtSignIn(HttpResponse<String> r) {
        assertEquals(429, r.statusCode(), r.body());
        assertTrue(r.body().contains("Too many failed sign-ins"), r.body());
        assertTrue(AdminClient.setCookies(r).stream().noneMatch(c -> c.startsWith("signet_admin=")));
    }

    @Test
    void check_fifteenWrongPasswordsOverThreeLinks_lockTheAccountAtTheSignInToo() {
        List<String> links = List.of(link(), link(), link());
        for (int i = 0; i < 15; i++) {
            gate(links.get(i % 3), "guess " + i);
        }

        assertLockedAtSignIn(signIn(PASSWORD));
        assertWrongAtGate(gate(link(), PASSWORD), 4);
    }

    @Test
    void check_accountLockedAtSignIn_gateAnswersRightPasswordAsAWrongOne() {
        String token = link();
        String other = link();
        for (int i = 0; i < 5; i++) {
            signIn("guess " + i);
        }

        HttpResponse<String> right = gate(token, PASSWORD);
        HttpResponse<String> wrong = gate(other, "guess 5");

        assertWrongAtGate(right, 4);
        assertEquals(object(wrong), object(right), "the lock shows nowhere in the answer");
        assertEquals("login", object(flow.session(token)).get("requires"));
        signet.clock().advance(Duration.ofMinutes(15).plusSeconds(1));
        HttpResponse<String> later = gate(token, PASSWORD);
        assertEquals(200, later.statusCode(), later.body());
        assertNull(object(flow.session(token, ApiFlow.cookie(later))).get("requires"));
    }

    /**
     * Thirty guesses taking turns at the sign-in and three links: the fifth failure locks the account
     * everywhere, and the right password, tried at a link (sixth guess) and at the sign-in (ninth), gets
     * what a wrong one gets there. Each link also keeps its own count of five.
     */
    @Test
    void check_thirtyGuessesOverSignInAndThreeLinks_lockedEverywhereAfterTheFifth() {
        List<String> links = List.of(link(), link(), link());
        int[] linkTries = new int[3];
        List<HttpResponse<String>> answers = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            String password = i == 5 || i == 8 ? PASSWORD : "guess " + i;
            int place = i % 4;
            HttpResponse<String> r = place == 0 ? signIn(password) : gate(links.get(place - 1), password);
            answers.add(r);
            if (place == 0) {
                if (i < 4) {
                    assertEquals(401, r.statusCode(), "guess " + i + ": " + r.body());
                } else {
                    assertLockedAtSignIn(r);
                }
            } else if (++linkTries[place - 1] < 5) {
                assertWrongAtGate(r, 5 - linkTries[place - 1]);
            } else {
                assertEquals(429, r.statusCode(), "guess " + i + ": " + r.body());
                assertEquals("pin_locked", code(r));
            }
        }

        assertEquals(object(answers.get(6)), object(answers.get(5)), "right and wrong alike at a link");
        assertEquals(answers.get(12).statusCode(), answers.get(8).statusCode(), "right and wrong alike at the sign-in");
        String fresh = link();
        HttpResponse<String> rightAtFresh = gate(fresh, PASSWORD);
        assertWrongAtGate(rightAtFresh, 4);
        assertEquals(object(gate(link(), "guess 30")), object(rightAtFresh));
        assertLockedAtSignIn(signIn(PASSWORD));

        signet.clock().advance(Duration.ofMinutes(15).plusSeconds(1));
        assertEquals(302, signIn(PASSWORD).statusCode());
        assertEquals(200, gate(fresh, PASSWORD).statusCode());
        assertEquals(200, gate(links.get(0), PASSWORD).statusCode(), "the link's own lock is over too");
    }
}
