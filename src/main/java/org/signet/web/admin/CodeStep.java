package org.signet.web.admin;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.signet.crypto.Tokens;
import org.signet.error.Refusal;
import org.signet.http.Form;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.service.AdminSessions;
import org.signet.text.Html;

/**
 * The second step of a password sign-in for an account with a second factor: a form for the code of its
 * authenticator app, or a recovery code, and the button that confirms the sign-in with one of its passkeys
 * instead ({@link PasskeyRoutes#SECOND_FACTOR}). Its cookie names the challenge, which opens no other page; the
 * form carries the challenge's own token. A wrong code is answered with the form again and counts as a
 * failed sign-in; an ended challenge sends the browser back to the password form.
 */
final class CodeStep {
    static final String PATH = "/admin/login/code";
    static final String COOKIE = "signet_challenge";

    private final AdminSessions sessions;
    private final AdminRoutes admin;

    CodeStep(AdminSessions sessions, AdminRoutes admin) {
        this.sessions = sessions;
        this.admin = admin;
    }

    void routes(Router site) {
        site.get(PATH, this::show);
        site.post(PATH, this::submit);
    }

    private Response show(Request req) {
        return sessions.challenge(req.cookie(COOKIE)).map(w -> form(req, 200, w, null)).orElseGet(this::over);
    }

    private Response submit(Request req) {
        String challenge = req.cookie(COOKIE);
        Optional<AdminSessions.Waiting> waiting = sessions.challenge(challenge);
        if (waiting.isEmpty()) {
            return over();
        }
        try {
            Form form = Form.read(req);
            String given = form.value("csrf");
            if (given == null || !Tokens.constantTimeEquals(waiting.get().csrfToken().getBytes(StandardCharsets.UTF_8),
                    given.getBytes(StandardCharsets.UTF_8))) {
                return admin.view(req, null).error(AdminRoutes.csrfRefusal(), null, req);
            }
            AdminSessions.SignedIn in = sessions.withCode(challenge, form.value("code"), req.clientIp(),
                    req.cookie(AdminRoutes.SESSION_COOKIE));
            return admin.signedIn(in).header("Set-Cookie", admin.clear(COOKIE));
        } catch (Refusal r) {
            return switch (r.kind()) {
                case UNAUTHORIZED -> r.code().equals("invalid_code") ? form(req, 401, waiting.get(), "login.code_failed")
                        : over();
                case TOO_MANY -> form(req, 429, waiting.get(), "login.locked")
                        .header("Retry-After", String.valueOf(r.data().get("retry_after")));
                default -> admin.view(req, null).error(r, null, req);
            };
        }
    }

    /** The challenge is unknown or over: back to the password, saying why, and its cookie forgotten. */
    private Response over() {
        return AdminView.redirect("/admin/login", "sign_in_expired").header("Set-Cookie", admin.clear(COOKIE));
    }

    /** The code's form when the account has an app, and the passkey's button when it has a passkey. */
    private Response form(Request req, int status, AdminSessions.Waiting waiting, String errorKey) {
        AdminView v = admin.view(req, null);
        Html code = waiting.app() ? codeForm(v, waiting.csrfToken(), errorKey) : Html.EMPTY;
        Html passkey = waiting.passkey() ? PasskeysPanel.secondFactor(v, waiting.csrfToken()) : Html.EMPTY;
        return v.bare(status, v.m.get("login.code_title"), code.then(passkey));
    }

    private static Html codeForm(AdminView v, String token, String errorKey) {
        Html error = errorKey == null ? Html.EMPTY
                : Html.of("<div id=\"code-error\" class=\"error\" role=\"alert\">{}</div>\n", v.t(errorKey));
        Html described = errorKey == null ? Html.trusted(" aria-describedby=\"code-hint\"")
                : Html.trusted(" aria-describedby=\"code-hint code-error\"");
        return Html.of("{}<form method=\"post\" action=\"{}\" class=\"panel form narrow\">\n{}"
                + "<label for=\"code\">{}</label>\n"
                + "<input id=\"code\" name=\"code\" type=\"text\" inputmode=\"text\" autocomplete=\"one-time-code\""
                + " autocapitalize=\"none\" spellcheck=\"false\" maxlength=\"20\" required=\"required\""
                + " autofocus=\"autofocus\"{} />\n"
                + "<p id=\"code-hint\" class=\"hint\">{}</p>\n"
                + "<button id=\"code-submit\" type=\"submit\" class=\"btn btn-primary\">{}</button>\n</form>\n",
                error, PATH, AdminView.csrf(token), v.t("login.code"), described, v.t("login.code_hint"),
                v.t("login.code_submit"));
    }
}
