package org.signet.web.admin;

import org.signet.http.Request;
import org.signet.text.Html;

/** The sign-in form of the administrator pages: email, password and the pre-session CSRF token. */
final class LoginForm {
    private LoginForm() {}

    /** @param errorKey the message key of what went wrong, or null */
    static Html render(AdminView v, String token, String errorKey, String email, Request req) {
        Html error = errorKey == null ? Html.EMPTY
                : Html.of("<div id=\"login-error\" class=\"error\" role=\"alert\">{}</div>\n", v.t(errorKey));
        Html described = errorKey == null ? Html.EMPTY : Html.trusted(" aria-describedby=\"login-error\"");
        return Html.of("{}{}<form method=\"post\" action=\"/admin/login\" class=\"panel form narrow\">\n{}"
                + "<label for=\"email\">{}</label>\n"
                + "<input id=\"email\" name=\"email\" type=\"email\" autocomplete=\"username\" required=\"required\""
                + " value=\"{}\"{} />\n"
                + "<label for=\"password\">{}</label>\n"
                + "<input id=\"password\" name=\"password\" type=\"password\" autocomplete=\"current-password\""
                + " required=\"required\"{} />\n"
                + "<button id=\"login-submit\" type=\"submit\" class=\"btn btn-primary\">{}"
                + "</button>\n</form>\n", v.notice(req), error, AdminView.csrf(token), v.t("login.email"), email, described,
                v.t("login.password"), described, v.t("login.submit"));
    }
}
