package org.signet.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.ApiFlow.cookie;
import static org.signet.support.ApiFlow.field;
import static org.signet.support.TestServer.code;
import static org.signet.support.TestServer.data;
import static org.signet.support.TestServer.expect;
import static org.signet.support.TestServer.object;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.crypto.Passwords;
import org.signet.support.ApiFlow;
import org.signet.support.Party;
import org.signet.support.SignetFixture;

class LinkUnlockTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running().at(Instant.now()).owner("owner@example.com");

    private static final String PASSWORD = "pw-correct-horse-battery";

    private ApiFlow flow;
    private String docId;

    @BeforeEach
    void start() throws Exception {
        flow = signet.flow();
        docId = flow.upload("contract", 1);
    }

    /** Adds the signers with a signature field each and sends the document. */
    @SafeVarargs
    private List<Party> sendTo(Map<String, Object>... bodies) {
        List<Party> out = new ArrayList<>();
        List<Map<String, Object>> fields = new ArrayList<>();
        for (Map<String, Object> body : bodies) {
            Party s = flow.addSigner(docId, body);
            out.add(s);
            fields.add(field(s.id(), "signature", 1, 72, 80 + 70 * fields.size(), 200, 60));
        }
        flow.saveFields(docId, fields);
        flow.send(docId);
        return out;
    }

    private static Map<String, Object> body(String email, Object... extra) {
        Map<String, Object> m = new LinkedHashMap<>(Map.of("name", "Pat", "email", email));
        for (int i = 0; i < extra.length; i += 2) {
            m.put((String) extra[i], extra[i + 1]);
        }
        return m;
    }

    private HttpResponse<String> pageImage(String token, String cookie) {
        var b = signet.server().request("/sign/" + token + "/pages/1.png", null);
        if (cookie != null) {
            b.header("Cookie", cookie);
        }
        return signet.server().send(b.build());
    }

    @Test
    void session_pinLink_asksForPinAndShowsNothing() {
        String token = sendTo(body("pat@example.com", "pin_code", "4821")).get(0).token();

        Map<String, Object> session = object(flow.session(token));
        HttpResponse<String> image = pageImage(token, null);
        HttpResponse<String> submit = flow.sign(token);
        String page = signet.server().send(signet.server().request("/sign/" + token, null).build()).body();

        assertEquals("pin", session.get("requires"));
        assertEquals(List.of(), session.get("fields"));
        assertEquals(List.of(), session.get("pages"));
        assertEquals(false, session.get("can_act"));
        assertEquals(403, image.statusCode());
        assertEquals(403, submit.statusCode());
        assertEquals("pin", data(submit).get("requires"));
        assertTrue(!page.contains("/pages/1.png"));
        assertEquals("pending", flow.signerStatus(docId, sendToFirstId()));
    }

    private String sendToFirstId() {
        return (String) ((Map<?, ?>) ((List<?>) flow.document(docId).get("signers")).get(0)).get("id");
    }

    @Test
    void pin_right_setsCookieThatUnlocksThisLinkOnly() {
        List<Party> signers = sendTo(body("pat@example.com", "pin_code", "4821"),
                body("quinn@example.com", "pin_code", "7777"));
        String token = signers.get(0).token();

        HttpResponse<String> r = flow.postToLink(token, "pin", Map.of("pin", "4821"));

        expect(200, r);
        String setCookie = r.headers().firstValue("Set-Cookie").orElseThrow();
        assertTrue(setCookie.contains("HttpOnly"), setCookie);
        assertTrue(setCookie.contains("Path=/sign/" + token), setCookie);
        String cookie = cookie(r);
        Map<String, Object> session = object(flow.session(token, cookie));
        assertNull(session.get("requires"));
        assertEquals(1, ((List<?>) session.get("fields")).size());
        assertEquals(true, session.get("can_act"));
        assertEquals(200, pageImage(token, cookie).statusCode());
        assertEquals("pin", object(flow.session(signers.get(1).token(), cookie)).get("requires"));
        expect(200, flow.postToLink(token, "submit", Map.of("consent", true,
                "signature", Map.of("method", "type", "text", "Pat")), cookie));
    }

    @Test
    void pin_passedThenDocumentRecalledAndSentAgain_unlockEnds() {
        String token = sendTo(body("pat@example.com", "pin_code", "4821")).get(0).token();
        String cookie = cookie(expect(200, flow.postToLink(token, "pin", Map.of("pin", "4821"))));
        assertEquals(true, object(flow.session(token, cookie)).get("can_act"));

        expect(200, flow.put("documents/" + docId, Map.of("status", "draft")));
        flow.send(docId);

        Map<String, Object> session = object(flow.session(token, cookie));
        assertEquals("pin", session.get("requires"));
        assertEquals(false, session.get("can_act"));
        assertEquals(403, pageImage(token, cookie).statusCode());
        HttpResponse<String> again = expect(200, flow.postToLink(token, "pin", Map.of("pin", "4821"), cookie));
        assertEquals(true, object(flow.session(token, cookie(again))).get("can_act"));
    }

    @Test
    void pin_wrong_invalidPinWithAttemptsLeft() {
        String token = sendTo(body("pat@example.com", "pin_code", "4821")).get(0).token();

        HttpResponse<String> first = flow.postToLink(token, "pin", Map.of("pin", "0000"));
        HttpResponse<String> second = flow.postToLink(token, "pin", Map.of("pin", "not-a-pin"));
        HttpResponse<String> missing = flow.postToLink(token, "pin", Map.of());

        expect(400, first);
        assertEquals("invalid_pin", code(first));
        assertEquals(4, ((Number) data(first).get("attempts_left")).intValue());
        assertEquals(3, ((Number) data(second).get("attempts_left")).intValue());
        assertEquals(2, ((Number) data(missing).get("attempts_left")).intValue());
        assertTrue(first.headers().firstValue("Set-Cookie").isEmpty());
    }

    @Test
    void pin_fiveWrongTries_lockedFifteenMinutesEvenWithTheRightPin() {
        String token = sendTo(body("pat@example.com", "pin_code", "4821")).get(0).token();
        for (int i = 0; i < 4; i++) {
            assertEquals("invalid_pin", code(flow.postToLink(token, "pin", Map.of("pin", "1111"))));
        }

        HttpResponse<String> fifth = flow.postToLink(token, "pin", Map.of("pin", "1111"));

        expect(429, fifth);
        assertEquals("pin_locked", code(fifth));
        HttpResponse<String> right = flow.postToLink(token, "pin", Map.of("pin", "4821"));
        assertEquals(429, right.statusCode());
        assertEquals("pin_locked", code(right));
        assertTrue(right.headers().firstValue("Retry-After").isPresent());
        signet.clock().advance(Duration.ofMinutes(14));
        assertEquals(429, flow.postToLink(token, "pin", Map.of("pin", "4821")).statusCode());
        signet.clock().advance(Duration.ofMinutes(1).plusSeconds(1));
        HttpResponse<String> later = flow.postToLink(token, "pin", Map.of("pin", "4821"));
        expect(200, later);
        assertNull(object(flow.session(token, cookie(later))).get("requires"));
    }

    @Test
    void pin_parallelGuesses_cannotOutrunTheLock() throws Exception {
        String token = sendTo(body("pat@example.com", "pin_code", "4821")).get(0).token();
        List<java.util.concurrent.CompletableFuture<HttpResponse<String>>> guesses = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            String guess = String.format("%04d", i);
            guesses.add(java.util.concurrent.CompletableFuture.supplyAsync(
                    () -> flow.postToLink(token, "pin", Map.of("pin", guess))));
        }

        long wrongAnswers = 0;
        for (var g : guesses) {
            wrongAnswers += g.get().statusCode() == 400 ? 1 : 0;
        }

        assertEquals(4, wrongAnswers, "tries before the lock");
        assertEquals(429, flow.postToLink(token, "pin", Map.of("pin", "4821")).statusCode());
    }

    @Test
    void login_hostSiteAccountWithTheSignersEmail_unlocks() {
        signet.server().app.users().add("pat@example.com", "Pat", false, Passwords.hash(PASSWORD.toCharArray()));
        signet.server().app.users().add("mallory@example.com", "Mallory", false, Passwords.hash(PASSWORD.toCharArray()));
        String token = sendTo(body("pat@example.com", "require_wp_login", true)).get(0).token();
        assertEquals("login", object(flow.session(token)).get("requires"));

        HttpResponse<String> wrong = flow.postToLink(token, "login", Map.of("email", "pat@example.com", "password", "nope"));
        HttpResponse<String> other = flow.postToLink(token, "login", Map.of("email", "mallory@example.com",
                "password", PASSWORD));
        HttpResponse<String> noPin = flow.postToLink(token, "pin", Map.of("pin", "1234"));
        HttpResponse<String> right = flow.postToLink(token, "login", Map.of("email", "PAT@example.com",
                "password", PASSWORD));

        assertEquals(401, wrong.statusCode());
        assertEquals("invalid_login", code(wrong));
        assertEquals(401, other.statusCode());
        assertTrue(noPin.headers().firstValue("Set-Cookie").isEmpty(), "a PIN must not stand in for the login");
        assertEquals(400, noPin.statusCode());
        expect(200, right);
        Map<String, Object> session = object(flow.session(token, cookie(right)));
        assertNull(session.get("requires"));
        assertEquals(true, session.get("can_act"));
        String page = signet.server().send(signet.server().request("/sign/" + token, null).header("Cookie", cookie(right)).build())
                .body();
        assertTrue(page.contains("data-token"), page);
    }

    /** A link of a new document, sent, whose one signer must sign in as {@code email}; its token. */
    private String loginLink(String email) {
        return loginLink(flow, email);
    }

    private static String loginLink(ApiFlow by, String email) {
        String doc = by.upload("contract", 1);
        Party p = by.addSigner(doc, body(email, "require_wp_login", true));
        by.saveFields(doc, List.of(field(p.id(), "signature", 1, 72, 80, 200, 60)));
        by.send(doc);
        return p.token();
    }

    private HttpResponse<String> login(String token, String email, String password) {
        return flow.postToLink(token, "login", Map.of("email", email, "password", password));
    }

    @Test
    void login_unknownOtherOrDisabledAccount_answeredExactlyAsAWrongPassword() {
        signet.server().app.users().add("pat@example.com", "Pat", false, Passwords.hash(PASSWORD.toCharArray()));
        signet.server().app.users().add("mallory@example.com", "Mallory", false, Passwords.hash(PASSWORD.toCharArray()));
        signet.server().app.users().add("dana@example.com", "Dana", false, Passwords.hash(PASSWORD.toCharArray()));
        String danaLink = loginLink("dana@example.com");
        signet.server().app.users().disable("dana@example.com");

        HttpResponse<String> wrong = login(loginLink("pat@example.com"), "pat@example.com", "nope");
        List<HttpResponse<String>> alike = List.of(
                login(loginLink("pat@example.com"), "nobody@example.com", PASSWORD),
                login(loginLink("pat@example.com"), "mallory@example.com", PASSWORD),
                login(danaLink, "dana@example.com", PASSWORD));

        assertEquals(401, wrong.statusCode());
        for (HttpResponse<String> r : alike) {
            assertEquals(object(wrong), object(r));
            assertTrue(r.headers().firstValue("Set-Cookie").isEmpty());
        }
    }

    @Test
    void login_accountMadeAdministratorAfterTheLinkWasMade_rightPasswordAnsweredAsAWrongOne() {
        long pat = signet.server().app.users().add("pat@example.com", "Pat", false, Passwords.hash(PASSWORD.toCharArray())).id();
        String token = loginLink("pat@example.com");
        String other = loginLink("pat@example.com");
        signet.server().app.users().setAdmin(pat, true);

        HttpResponse<String> right = login(token, "pat@example.com", PASSWORD);

        assertEquals(object(login(other, "pat@example.com", "nope")), object(right));
        assertEquals("login", object(flow.session(token)).get("requires"));
    }

    /** An administrator's document may ask for an administrator's password; each change below ends the unlock. */
    @Test
    void login_passedThenAccountChanged_unlockEnds() {
        ApiFlow admin = signet.flow("root@example.com", true);
        List<String> changes = List.of("password", "disabled", "administrator", "administrator withdrawn");
        for (String change : changes) {
            String email = change.replace(' ', '-') + "@example.com";
            long id = signet.server().app.users().add(email, "Pat", change.endsWith("withdrawn"),
                    Passwords.hash(PASSWORD.toCharArray())).id();
            String token = loginLink(admin, email);
            HttpResponse<String> in = expect(200, login(token, email, PASSWORD));
            assertNull(object(flow.session(token, cookie(in))).get("requires"), change);

            switch (change) {
                case "password" -> signet.server().app.users().setPassword(email, Passwords.hash("another password".toCharArray()));
                case "disabled" -> signet.server().app.users().disable(id);
                case "administrator" -> signet.server().app.users().setAdmin(id, true);
                default -> signet.server().app.users().setAdmin(id, false);
            }

            assertEquals("login", object(flow.session(token, cookie(in))).get("requires"), change);
            assertEquals(403, pageImage(token, cookie(in)).statusCode(), change);
            assertEquals(403, flow.postToLink(token, "submit", Map.of("consent", true,
                    "signature", Map.of("method", "type", "text", "Pat")), cookie(in)).statusCode(), change);
        }
    }

    @Test
    void unlock_loginAndPin_bothNeeded() {
        signet.server().app.users().add("pat@example.com", "Pat", false, Passwords.hash(PASSWORD.toCharArray()));
        String token = sendTo(body("pat@example.com", "require_wp_login", true, "pin_code", "4821")).get(0).token();

        HttpResponse<String> pinFirst = flow.postToLink(token, "pin", Map.of("pin", "4821"));
        assertEquals("login", object(flow.session(token, cookie(pinFirst))).get("requires"));
        HttpResponse<String> login = flow.postToLink(token, "login", Map.of("email", "pat@example.com",
                "password", PASSWORD), cookie(pinFirst));

        expect(200, login);
        assertNotEquals(cookie(pinFirst), cookie(login));
        assertNull(object(flow.session(token, cookie(login))).get("requires"));
        HttpResponse<String> loginOnly = flow.postToLink(token, "login", Map.of("email", "pat@example.com",
                "password", PASSWORD));
        assertEquals("pin", object(flow.session(token, cookie(loginOnly))).get("requires"));
        assertEquals(403, flow.sign(token).statusCode());
    }
}
