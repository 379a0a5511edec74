package org.signet.web.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.domain.User;
import org.signet.json.Json;
import org.signet.support.AdminClient;
import org.signet.support.SignetFixture;
import org.signet.support.SoftAuthenticator;
import org.signet.support.TestServer;
import org.signet.webauthn.Ceremonies.Assertion;
import org.signet.webauthn.Ceremonies.Attestation;

/**
 * The passkey endpoints over HTTP on a real server, with a software authenticator: the ceremonies end to end, each
 * guarded as the brief of its page says (the session's CSRF token, or before a session the sign-in form's token
 * in its cookie), and bad input answered with a 4xx in the error envelope that signs nobody in.
 */
class PasskeyRoutesTest {
    @RegisterExtension
    static final SignetFixture signet = SignetFixture.running().onSystemClock();

    private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();

    TestServer server;
    User user;
    SoftAuthenticator key;

    @BeforeEach
    void setUp() {
        server = signet.server();
        user = server.app.users().add("pk" + System.nanoTime() + "@example.com", "Pat", false, AdminHttpTest.HASH);
        key = new SoftAuthenticator();
    }

    private String origin() {
        return server.app.siteUrl();
    }

    private AdminClient signedIn() {
        AdminClient c = new AdminClient(server);
        assertEquals(302, c.signIn(user.email(), AdminHttpTest.PASSWORD).statusCode());
        return c;
    }

    private static Map<String, Object> json(HttpResponse<String> r) {
        return TestServer.object(r);
    }

    private static String code(HttpResponse<String> r) {
        return String.valueOf(json(r).get("code"));
    }

    @SuppressWarnings("unchecked")
    private long addPasskey(AdminClient c) {
        String csrf = c.csrf();
        HttpResponse<String> options = c.postJson("/admin/account/passkeys/options", csrf, "{}");
        assertEquals(200, options.statusCode(), options.body());
        Map<String, Object> o = json(options);
        assertEquals("localhost", ((Map<String, Object>) o.get("rp")).get("id"));
        assertEquals("required", ((Map<String, Object>) o.get("authenticatorSelection")).get("userVerification"));
        Attestation a = key.create(origin(), "localhost", (String) o.get("challenge"),
                (String) ((Map<String, Object>) o.get("user")).get("id"));
        HttpResponse<String> added = c.postJson("/admin/account/passkeys", csrf, Json.write(Map.of("name", "Laptop",
                "clientDataJSON", B64.encodeToString(a.clientDataJson()),
                "attestationObject", B64.encodeToString(a.attestationObject()))));
        assertEquals(201, added.statusCode(), added.body());
        return ((Number) json(added).get("id")).longValue();
    }

    /** A fresh client on the sign-in page, and its form's token. */
    private AdminClient atSignIn() {
        return new AdminClient(server);
    }

    private String challenge(AdminClient c, String token) {
        HttpResponse<String> r = c.postJson("/admin/login/passkey/options", token, "{}");
        assertEquals(200, r.statusCode(), r.body());
        assertEquals("localhost", json(r).get("rpId"));
        return (String) json(r).get("challenge");
    }

    private static String body(Assertion a) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("credentialId", B64.encodeToString(a.credentialId()));
        m.put("clientDataJSON", B64.encodeToString(a.clientDataJson()));
        m.put("authenticatorData", B64.encodeToString(a.authenticatorData()));
        m.put("signature", B64.encodeToString(a.signature()));
        m.put("userHandle", a.userHandle() == null ? null : B64.encodeToString(a.userHandle()));
        return Json.write(m);
    }

    @Test
    void addThenSignInWithPasskeyAlone_sessionWorks_sameChallengeAgainRefused() {
        addPasskey(signedIn());
        AdminClient c = atSignIn();
        String token = AdminClient.csrfOf(c.get("/admin/login"));
        String used = challenge(c, token);
        HttpResponse<String> in = c.postJson("/admin/login/passkey", token, body(key.get(origin(), "localhost", used)));
        assertEquals(200, in.statusCode(), in.body());
        assertEquals("/admin", json(in).get("location"));
        assertEquals(200, c.get("/admin/account").statusCode());
        assertTrue(c.get("/admin/account").body().contains(user.email()));

        AdminClient again = atSignIn();
        String other = AdminClient.csrfOf(again.get("/admin/login"));
        HttpResponse<String> replayed = again.postJson("/admin/login/passkey", other,
                body(key.get(origin(), "localhost", used)));
        assertEquals(401, replayed.statusCode(), replayed.body());
        assertEquals("passkey_refused", code(replayed));
        assertNull(again.cookie(AdminRoutes.SESSION_COOKIE));
    }

    @Test
    void signIn_withoutTheSignInFormsToken_403AndNoChallenge() {
        AdminClient c = atSignIn();
        c.get("/admin/login");
        assertEquals(403, c.postJson("/admin/login/passkey/options", null, "{}").statusCode());
        HttpResponse<String> wrong = c.postJson("/admin/login/passkey/options", "not-the-token", "{}");
        assertEquals(403, wrong.statusCode());
        assertEquals("csrf", code(wrong));
        assertEquals(403, c.postJson("/admin/login/passkey", "not-the-token", "{}").statusCode());
    }

    @Test
    void signIn_badInput_4xxAndNobodySignedIn() {
        addPasskey(signedIn());
        AdminClient c = atSignIn();
        String token = AdminClient.csrfOf(c.get("/admin/login"));
        HttpResponse<String> notJson = c.postJson("/admin/login/passkey", token, "{not json");
        assertEquals(400, notJson.statusCode(), notJson.body());
        assertEquals("rest_invalid_json", code(notJson));
        HttpResponse<String> missing = c.postJson("/admin/login/passkey", token, "{}");
        assertEquals(400, missing.statusCode());
        assertEquals("rest_missing_callback_param", code(missing));
        HttpResponse<String> notBase64 = c.postJson("/admin/login/passkey", token, Json.write(Map.of(
                "credentialId", "!!", "clientDataJSON", "e30", "authenticatorData", "AA", "signature", "AA")));
        assertEquals(400, notBase64.statusCode());
        assertEquals("rest_invalid_param", code(notBase64));
        HttpResponse<String> wrongOrigin = c.postJson("/admin/login/passkey", token,
                body(key.get("http://evil.example.net", "localhost", challenge(c, token))));
        assertEquals(401, wrongOrigin.statusCode());
        assertEquals("passkey_refused", code(wrongOrigin));
        assertNull(c.cookie(AdminRoutes.SESSION_COOKIE));
        assertFalse(notJson.body().contains("Exception"));
    }

    @Test
    void addOptions_withoutSessionOrCsrf_refused() {
        AdminClient anonymous = new AdminClient(server);
        HttpResponse<String> signedOut = anonymous.postJson("/admin/account/passkeys/options", "x", "{}");
        assertEquals(401, signedOut.statusCode());
        assertEquals("session_ended", code(signedOut));
        AdminClient c = signedIn();
        HttpResponse<String> r = c.postJson("/admin/account/passkeys/options", "not-the-token", "{}");
        assertEquals(403, r.statusCode());
        assertEquals("csrf", code(r));
        HttpResponse<String> noName = c.postJson("/admin/account/passkeys", c.csrf(), "{}");
        assertEquals(400, noName.statusCode());
        assertEquals("rest_missing_callback_param", code(noName));
    }

    @Test
    void remove_endsTheSessionAndAnotherUsersPasskeyIsNotFound() {
        AdminClient c = signedIn();
        long id = addPasskey(c);
        User other = server.app.users().add("o" + System.nanoTime() + "@example.com", "O", false, AdminHttpTest.HASH);
        AdminClient theirs = new AdminClient(server);
        theirs.signIn(other.email(), AdminHttpTest.PASSWORD);
        HttpResponse<String> notTheirs = theirs.post("/admin/account/passkeys/" + id + "/remove", theirs.csrf());
        assertEquals(404, notTheirs.statusCode());
        assertTrue(c.get("/admin/account").body().contains("Laptop"));

        AdminClient second = signedIn();
        HttpResponse<String> removed = c.post("/admin/account/passkeys/" + id + "/remove", c.csrf());
        assertEquals(302, removed.statusCode());
        assertEquals("/admin/login?notice=passkey_removed", removed.headers().firstValue("Location").orElseThrow());
        for (AdminClient ended : List.of(c, second)) {
            HttpResponse<String> page = ended.get("/admin/account");
            assertEquals(302, page.statusCode(), "every session of the user has ended");
        }
    }
}
