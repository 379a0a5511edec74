package org.signet.web.admin;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.signet.crypto.Tokens;
import org.signet.domain.Passkey;
import org.signet.error.Refusal;
import org.signet.http.Body;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.service.AdminSessions;
import org.signet.service.AdminSessions.Session;
import org.signet.service.Passkeys;
import org.signet.webauthn.Ceremonies.Assertion;
import org.signet.webauthn.Ceremonies.Attestation;

/**
 * The JSON endpoints the page script {@code admin/passkeys.js} runs the passkey ceremonies with, and a passkey's
 * removal. Adding one is a signed-in user's request, checked against the session's CSRF token; signing in with
 * one comes before any session, so it is checked as the sign-in form is, against the token in the
 * {@link AdminRoutes#LOGIN_COOKIE} cookie (double submit). Binary values travel as base64url, as WebAuthn's own
 * JSON forms write them.
 */
final class PasskeyRoutes implements AdminRoutes.Section {
    static final String SIGN_IN = "/admin/login/passkey";
    /** Where a password sign-in waiting for its second factor is confirmed with a passkey. */
    static final String SECOND_FACTOR = CodeStep.PATH + "/passkey";
    static final String ADD = "/admin/account/passkeys";
    private static final int MAX_BINARY = 16 * 1024;

    private final AdminSessions sessions;
    private final Passkeys passkeys;
    private final String siteName;

    PasskeyRoutes(AdminSessions sessions, Passkeys passkeys, String siteName) {
        this.sessions = sessions;
        this.passkeys = passkeys;
        this.siteName = siteName;
    }

    @Override
    public void routes(Router site, AdminRoutes admin) {
        site.post(SIGN_IN + "/options", req -> beforeSession(req, () -> Response.ok(requestOptions())));
        site.post(SIGN_IN, req -> beforeSession(req, () -> signIn(req, admin)));
        site.post(SECOND_FACTOR + "/options", req -> waitingSignIn(req, () -> Response.ok(requestOptions())));
        site.post(SECOND_FACTOR, req -> waitingSignIn(req, () -> secondFactor(req, admin)));
        site.post(ADD + "/options", admin.json((req, s, body) -> Response.ok(creationOptions(s))));
        site.post(ADD, admin.json(this::add));
        site.post(ADD + "/{id}/remove", admin.action((req, s, v, form) -> {
            passkeys.remove(s.user().id(), req.pathId("id"));
            // Every session of the user has ended, this one too: the browser's cookie goes with it.
            return AdminView.redirect("/admin/login", "passkey_removed")
                    .header("Set-Cookie", admin.clear(AdminRoutes.SESSION_COOKIE));
        }));
    }

    /** A sign-in request's answer, refused with 403 unless it carries the sign-in form's token. */
    private static Response beforeSession(Request req, Supplier<Response> answer) {
        try {
            if (!AdminRoutes.loginTokenMatches(req, req.header(AdminRoutes.CSRF_HEADER))) {
                throw AdminRoutes.csrfRefusal();
            }
            return answer.get();
        } catch (Refusal r) {
            return AdminRoutes.jsonRefusal(r);
        }
    }

    /**
     * A second step's request, refused with 403 unless it carries the token of the sign-in its cookie names, and
     * with 401 {@code sign_in_expired} once that sign-in is over.
     */
    private Response waitingSignIn(Request req, Supplier<Response> answer) {
        try {
            String token = sessions.challenge(req.cookie(CodeStep.COOKIE)).orElseThrow(AdminSessions::challengeOver)
                    .csrfToken();
            String given = req.header(AdminRoutes.CSRF_HEADER);
            if (given == null || !Tokens.constantTimeEquals(token.getBytes(StandardCharsets.UTF_8),
                    given.getBytes(StandardCharsets.UTF_8))) {
                throw AdminRoutes.csrfRefusal();
            }
            return answer.get();
        } catch (Refusal r) {
            return AdminRoutes.jsonRefusal(r);
        }
    }

    /** Confirms the waiting sign-in with a passkey of its account; the session's cookie comes with the answer. */
    private Response secondFactor(Request req, AdminRoutes admin) {
        Assertion assertion = assertion(req.json());
        AdminSessions.SignedIn in = sessions.withPasskey(req.cookie(CodeStep.COOKIE), assertion, req.clientIp(),
                req.cookie(AdminRoutes.SESSION_COOKIE));
        return Response.ok(Map.of("location", "/admin"))
                .header("Set-Cookie", admin.cookie(AdminRoutes.SESSION_COOKIE, in.sessionId()))
                .header("Set-Cookie", admin.clear(CodeStep.COOKIE));
    }

    private static Assertion assertion(Body body) {
        Assertion assertion = new Assertion(binary(body, "credentialId"), binary(body, "clientDataJSON"),
                binary(body, "authenticatorData"), binary(body, "signature"), optionalBinary(body, "userHandle"));
        body.check();
        return assertion;
    }

    private Map<String, Object> requestOptions() {
        Passkeys.RequestOptions o = passkeys.startAssertion();
        Map<String, Object> options = new LinkedHashMap<>();
        options.put("challenge", o.challenge());
        options.put("rpId", o.rpId());
        options.put("timeout", o.timeoutMillis());
        options.put("userVerification", "required");
        return options;
    }

    /** Signs in with the passkey's assertion; the session's cookie comes with the answer, which says where to go. */
    private Response signIn(Request req, AdminRoutes admin) {
        Assertion assertion = assertion(req.json());
        AdminSessions.SignedIn in = sessions.signInWithPasskey(assertion, req.clientIp(),
                req.cookie(AdminRoutes.SESSION_COOKIE));
        return Response.ok(Map.of("location", "/admin"))
                .header("Set-Cookie", admin.cookie(AdminRoutes.SESSION_COOKIE, in.sessionId()))
                .header("Set-Cookie", admin.clear(AdminRoutes.LOGIN_COOKIE));
    }

    private Map<String, Object> creationOptions(Session s) {
        Passkeys.CreationOptions o = passkeys.startAdding(s.user());
        Map<String, Object> options = new LinkedHashMap<>();
        options.put("challenge", o.challenge());
        options.put("rp", Map.of("id", o.rpId(), "name", siteName));
        options.put("user", Map.of("id", o.userHandle(), "name", o.userName(), "displayName", o.userDisplayName()));
        options.put("pubKeyCredParams", o.algorithms().stream().map(alg -> Map.of("type", "public-key", "alg", alg))
                .toList());
        options.put("excludeCredentials", o.excludeCredentials().stream()
                .map(id -> Map.of("type", "public-key", "id", id)).toList());
        options.put("authenticatorSelection", Map.of("residentKey", "required", "requireResidentKey", true,
                "userVerification", "required"));
        options.put("attestation", "none");
        options.put("timeout", o.timeoutMillis());
        return options;
    }

    private Response add(Request req, Session s, Body body) {
        String name = body.requireLine("name", 200);
        Attestation attestation = new Attestation(binary(body, "clientDataJSON"), binary(body, "attestationObject"));
        body.check();
        Passkey added = passkeys.add(s.user(), name, attestation);
        return Response.created(Map.of("id", added.id(), "name", added.name(), "location",
                "/admin/account?notice=passkey_added"));
    }

    private static byte[] binary(Body body, String name) {
        String text = body.requireString(name);
        return text == null ? null : decoded(body, name, text);
    }

    private static byte[] optionalBinary(Body body, String name) {
        return body.isNull(name) ? null : body.optString(name).map(text -> decoded(body, name, text)).orElse(null);
    }

    private static byte[] decoded(Body body, String name, String text) {
        if (text.length() > MAX_BINARY || !text.matches("[A-Za-z0-9_-]*")) {
            body.reject(name, name + " must be base64url of at most " + MAX_BINARY + " characters.");
            return null;
        }
        return Base64.getUrlDecoder().decode(text);
    }
}
