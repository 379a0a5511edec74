package org.signet.web.admin;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.signet.domain.Language;
import org.signet.domain.User;
import org.signet.error.Refusal;
import org.signet.http.Form;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.service.Accounts;
import org.signet.service.AdminSessions.Session;
import org.signet.text.Html;

/**
 * The signed-in user's own account: who they are, the language their pages speak (one of Signet's, or
 * the browser's, which is where a new account starts), whether their authenticator app is on (set up on
 * {@link AppPage}), their passkeys ({@link PasskeysPanel}), and their record of the last sign-ins and changes
 * of factors.
 */
final class AccountPage implements AdminRoutes.Section {
    /** The form's value for "no setting": the browser's languages decide. */
    static final String BROWSER = "";

    private final Accounts accounts;
    private final AdminRoutes.Factors factors;

    AccountPage(Accounts accounts, AdminRoutes.Factors factors) {
        this.accounts = accounts;
        this.factors = factors;
    }

    @Override
    public void routes(Router site, AdminRoutes admin) {
        site.get("/admin/account", admin.page(this::show));
        site.post("/admin/account", admin.action(this::save));
    }

    private Response show(Request req, Session s, AdminView v) {
        User u = s.user();
        Html who = Html.of("<dl class=\"pairs panel\">\n<dt>{}</dt><dd>{}</dd>\n<dt>{}</dt><dd>{}</dd>\n"
                + "<dt>{}</dt><dd>{}</dd>\n</dl>\n", v.t("users.name"), u.name(), v.t("users.email"), u.email(),
                v.t("users.role"), v.t(u.admin() ? "users.role_admin" : "users.role_user"));
        return v.page(200, s, "account", v.m.get("account.title"), req, who.then(form(v, s)).then(app(v, s))
                .then(PasskeysPanel.render(v, s, factors.passkeys().list(u.id())))
                .then(AccountRecord.table(v, factors.record().recent(s.principal()))));
    }

    private Html app(AdminView v, Session s) {
        boolean on = factors.app().has(s.user().id());
        return Html.of("<section class=\"panel\" aria-labelledby=\"app-heading\">\n<h2 id=\"app-heading\">{}</h2>\n"
                + "<p id=\"account-app\" data-app=\"{}\">{}</p>\n<p><a id=\"account-app-manage\" href=\"{}\">{}</a></p>\n"
                + "</section>\n", v.t("app.title"), on ? "on" : "off", v.t(on ? "account.app_on" : "account.app_off"),
                AdminRoutes.SET_UP_PAGE, v.t("account.app_manage"));
    }

    private static Html form(AdminView v, Session s) {
        Language own = s.user().language();
        List<Html> options = new ArrayList<>(List.of(option(BROWSER, own == null, v.t("account.language_browser"), "")));
        for (Language l : Language.values()) {
            options.add(option(l.code(), l == own, v.t("account.language." + l.code()), l.code()));
        }
        return Html.of("<section class=\"panel\" aria-labelledby=\"language-heading\">\n<h2 id=\"language-heading\">"
                + "{}</h2>\n<form method=\"post\" action=\"/admin/account\" class=\"form\">\n"
                + "{}<label for=\"account-language\">{}</label>\n"
                + "<select id=\"account-language\" name=\"language\" aria-describedby=\"account-language-hint\">\n"
                + "{}</select>\n<p id=\"account-language-hint\" class=\"hint\">{}"
                + "</p>\n<button id=\"account-save\" type=\"submit\" class=\"btn btn-primary\">{}"
                + "</button>\n</form>\n</section>\n", v.t("account.language"), AdminView.csrf(s), v.t("account.language"),
                Html.join(options), v.t("account.language_hint"), v.t("account.save"));
    }

    /** @param lang the language the label is written in; empty for the page's own */
    private static Html option(String value, boolean selected, Html label, String lang) {
        return Html.of("<option value=\"{}\"{}{}>{}</option>\n", value,
                lang.isEmpty() ? Html.EMPTY : Html.of(" lang=\"{}\"", lang),
                selected ? Html.trusted(" selected=\"selected\"") : Html.EMPTY, label);
    }

    /**
     * Saves the choice; anything but one language of Signet's or the browser's (a field given twice too) is
     * refused and changes nothing.
     */
    private Response save(Request req, Session s, AdminView v, Form form) {
        List<String> values = form.values("language");
        if (values.isEmpty()) {
            throw Refusal.missingParams(List.of("language"));
        }
        String value = values.get(0);
        Optional<Language> chosen = Language.fromCode(value);
        if (values.size() > 1 || chosen.isEmpty() && !value.equals(BROWSER)) {
            throw Refusal.invalidParam("language", v.m.get("account.language_invalid"));
        }
        accounts.setOwnLanguage(s.principal(), chosen.orElse(null));
        return AdminView.redirect("/admin/account", "language_saved");
    }
}
