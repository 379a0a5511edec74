package org.signet.web.admin;

import static org.signet.web.admin.AdminView.esc;

import org.signet.http.Request;

/** The sign-in form of the administrator pages: email, password and the pre-session CSRF token. */
final class LoginForm {
    private LoginForm() {}

    /** @param errorKey the message key of what went wrong, or null */
    static String render(AdminView v, String token, String errorKey, String email, Request req) {
        String error = errorKey == null ? ""
                : "<div id=\"login-error\" class=\"error\" role=\"alert\">" + v.t(errorKey) + "</div>\n";
        String described = errorKey == null ? "" : " aria-describedby=\"login-error\"";
        return v.notice(req) + error
                + "<form method=\"post\" action=\"/admin/login\" class=\"panel form narrow\">\n"
                + "<input type=\"hidden\" name=\"csrf\" value=\"" + esc(token) + "\" />\n"
                + "<label for=\"email\">" + v.t("login.email") + "</label>\n"
                + "<input id=\"email\" name=\"email\" type=\"email\" autocomplete=\"username\" required=\"required\""
                + " value=\"" + esc(email) + "\"" + described + " />\n"
                + "<label for=\"password\">" + v.t("login.password") + "</label>\n"
                + "<input id=\"password\" name=\"password\" type=\"password\" autocomplete=\"current-password\""
                + " required=\"required\"" + described + " />\n"
                + "<button id=\"login-submit\" type=\"submit\" class=\"btn btn-primary\">" + v.t("login.submit")
                + "</button>\n</form>\n";
    }
}
