package org.signet.web.admin;

import java.util.Optional;
import org.signet.http.Request;
import org.signet.text.Html;

/**
 * The sign-in page of the administrator pages: the single sign-on button when the site has an OpenID provider,
 * the form of email, password and the pre-session CSRF token unless {@code auth.passwords} is off, and the button
 * that signs in with a passkey alone, which the page script enables; without script it stays disabled and says
 * that it needs script.
 */
final class LoginForm {
    private LoginForm() {}

    /** What the page offers: the password form, and the single sign-on button with its words. */
    record Choices(boolean passwords, Optional<String> ssoLabel) {}

    /** @param errorKey the message key of what went wrong, or null */
    static Html render(AdminView v, String token, String errorKey, String email, Request req, Choices choices) {
        Html error = errorKey == null ? Html.EMPTY
                : Html.of("<div id=\"login-error\" class=\"error\" role=\"alert\">{}</div>\n", v.t(errorKey));
        Html sso = choices.ssoLabel().map(label -> Html.of("<div class=\"panel form narrow\">\n"
                + "<a id=\"sso-start\" class=\"btn btn-primary\" href=\"/admin/oidc/start\">{}</a>\n</div>\n", label))
                .orElse(Html.EMPTY);
        Html form = choices.passwords() ? passwordForm(v, token, errorKey, email) : Html.EMPTY;
        return Html.of("{}{}{}{}{}", v.notice(req), error, sso, form, PasskeysPanel.signIn(v, token));
    }

    private static Html passwordForm(AdminView v, String token, String errorKey, String email) {
        Html described = errorKey == null ? Html.EMPTY : Html.trusted(" aria-describedby=\"login-error\"");
        return Html.of("<form method=\"post\" action=\"/admin/login\" class=\"panel form narrow\">\n{}"
                + "<label for=\"email\">{}</label>\n"
                + "<input id=\"email\" name=\"email\" type=\"email\" autocomplete=\"username\" required=\"required\""
                + " value=\"{}\"{} />\n"
                + "<label for=\"password\">{}</label>\n"
                + "<input id=\"password\" name=\"password\" type=\"password\" autocomplete=\"current-password\""
                + " required=\"required\"{} />\n"
                + "<button id=\"login-submit\" type=\"submit\" class=\"btn btn-primary\">{}"
                + "</button>\n</form>\n", AdminView.csrf(token), v.t("login.email"), email, described,
                v.t("login.password"), described, v.t("login.submit"));
    }

}
