package org.signet.web.admin;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.signet.crypto.Base32;
import org.signet.error.Refusal;
import org.signet.http.Form;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.service.AdminSessions.Session;
import org.signet.service.AuthenticatorApp;
import org.signet.service.SecondFactors;
import org.signet.text.Html;
import org.signet.text.SiteWords;

/**
 * The signed-in user's authenticator app, part of "My account": set up (a QR code, the same secret written
 * out, a code from the app to confirm, then the recovery codes, shown once), and turned off with a code.
 * A session that must set up a second factor before anything else reaches these pages, and no others.
 */
final class AppPage implements AdminRoutes.Section {
    private static final String PATH = AdminRoutes.SET_UP_PAGE;

    private final AuthenticatorApp app;
    private final SecondFactors factors;

    AppPage(AuthenticatorApp app, SecondFactors factors) {
        this.app = app;
        this.factors = factors;
    }

    @Override
    public void routes(Router site, AdminRoutes admin) {
        site.get(PATH, admin.setUpPage((req, s, v) -> show(req, s, v, 200, null)));
        site.get(PATH + "/qr.svg", admin.setUpPage(this::qr));
        site.post(PATH + "/begin", admin.setUpAction((req, s, v, f) -> {
            app.begin(s.principal());
            return Response.redirect(PATH);
        }));
        site.post(PATH + "/confirm", admin.setUpAction(this::confirm));
        site.post(PATH + "/off", admin.action(this::turnOff));
    }

    /** The page in its state: on, being set up, or off; {@code errorKey} names a wrong code, or is null. */
    private Response show(Request req, Session s, AdminView v, int status, String errorKey) {
        Html content;
        if (factors.has(s.user().id())) {
            content = Html.of("<p id=\"app-state\" data-app=\"on\">{}</p>\n<p>{}</p>\n{}", v.t("app.on"),
                    v.t("app.codes_left", factors.recoveryCodesLeft(s.principal())),
                    codeForm(v, s, "off", new CodeForm("app.off_code", "app.off", "btn-danger", errorKey)));
        } else {
            Optional<String> secret = app.pendingSecret(s.principal());
            content = secret.map(value -> settingUp(v, s, value, errorKey)).orElseGet(() -> off(v, s));
        }
        Html required = s.setUpFirst() ? Html.of("<p id=\"app-required\" class=\"notice\">{}</p>\n", v.t("app.required"))
                : Html.EMPTY;
        return v.page(status, s, "account", v.m.get("app.title"), req, required.then(Html.of(
                "<section class=\"panel\">\n{}</section>\n", content)));
    }

    private static Html off(AdminView v, Session s) {
        return Html.of("<p id=\"app-state\" data-app=\"off\">{}</p>\n{}", v.t("app.intro"),
                v.button(s, PATH + "/begin", "app.begin", "btn-primary", Html.EMPTY));
    }

    private static Html settingUp(AdminView v, Session s, String secret, String errorKey) {
        return Html.of("<p id=\"app-state\" data-app=\"setting-up\">{}</p>\n"
                + "<p><img id=\"app-qr\" class=\"qr\" src=\"{}/qr.svg\" width=\"240\" height=\"240\" alt=\"{}\" />"
                + "</p>\n<p>{}</p>\n<p><code id=\"app-secret\" class=\"secret\">{}</code></p>\n{}", v.t("app.scan"), PATH,
                v.t("app.qr_alt"), v.t("app.secret"), Base32.grouped(secret),
                codeForm(v, s, "confirm", new CodeForm("app.confirm_code", "app.confirm", "btn-primary", errorKey)));
    }

    /** A form of one code field: its label's and button's words, the button's style, and an error's key or null. */
    private record CodeForm(String labelKey, String buttonKey, String style, String errorKey) {}

    private static Html codeForm(AdminView v, Session s, String action, CodeForm f) {
        Html error = f.errorKey() == null ? Html.EMPTY
                : Html.of("<div id=\"app-code-error\" class=\"error\" role=\"alert\">{}</div>\n", v.t(f.errorKey()));
        Html described = f.errorKey() == null ? Html.trusted(" aria-describedby=\"app-code-hint\"")
                : Html.trusted(" aria-describedby=\"app-code-hint app-code-error\"");
        return Html.of("{}<form method=\"post\" action=\"{}/{}\" class=\"form\">\n{}"
                + "<label for=\"app-code\">{}</label>\n"
                + "<input id=\"app-code\" name=\"code\" type=\"text\" autocomplete=\"one-time-code\""
                + " autocapitalize=\"none\" spellcheck=\"false\" maxlength=\"20\" required=\"required\"{} />\n"
                + "<p id=\"app-code-hint\" class=\"hint\">{}</p>\n"
                + "<button id=\"app-{}\" type=\"submit\" class=\"btn {}\">{}</button>\n</form>\n", error, PATH, action,
                AdminView.csrf(s), v.t(f.labelKey()), described, v.t("app.code_hint"), action, f.style(),
                v.t(f.buttonKey()));
    }

    /** The QR code of the app being set up: the {@code otpauth:} address apps read, under the site's name. */
    private Response qr(Request req, Session s, AdminView v) {
        String secret = app.pendingSecret(s.principal()).orElseThrow(() -> Refusal.notFound("QR code"));
        String issuer = SiteWords.name(v.m);
        String uri = "otpauth://totp/" + encode(issuer + ":" + s.user().email()) + "?secret=" + secret + "&issuer="
                + encode(issuer) + "&algorithm=SHA1&digits=6&period=30";
        return Response.bytes(200, "image/svg+xml", QrImage.svg(uri)).header("Cache-Control", "no-store");
    }

    /** A label part of an {@code otpauth:} address: percent-encoded, spaces as %20, which apps read. */
    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private Response confirm(Request req, Session s, AdminView v, Form form) {
        List<String> codes;
        try {
            codes = app.confirm(s.principal(), form.value("code"), req.clientIp());
        } catch (Refusal r) {
            if (!r.code().equals("invalid_code")) {
                throw r;
            }
            return show(req, s, v, 400, "app.code_failed");
        }
        Html list = codes.stream().map(c -> Html.of("<li><code>{}</code></li>\n", c)).collect(Html.joining());
        return v.page(200, s, "account", v.m.get("app.recovery_title"), req, Html.of("<section class=\"panel\">\n"
                + "<p>{}</p>\n<ol id=\"recovery-codes\" class=\"codes\">\n{}</ol>\n"
                + "<p><a id=\"app-continue\" class=\"btn btn-primary\" href=\"/admin/account\">{}</a></p>\n</section>\n",
                v.t("app.recovery_intro"), list, v.t("app.continue")));
    }

    /** Turns the app off, which ends every session of the account, this one too: back to the sign-in. */
    private Response turnOff(Request req, Session s, AdminView v, Form form) {
        try {
            factors.turnOffApp(s.principal(), form.value("code"), req.clientIp());
        } catch (Refusal r) {
            if (!r.code().equals("invalid_code")) {
                throw r;
            }
            return show(req, s, v, 400, "app.code_failed");
        }
        return AdminView.redirect("/admin/login", "app_removed");
    }
}
