package org.signet.web.admin;

import static org.signet.web.admin.AdminView.esc;

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

/**
 * The signed-in user's own account: who they are, and the language their pages speak (one of
 * Signet's, or the browser's, which is where a new account starts).
 */
final class AccountPage implements AdminRoutes.Section {
    /** The form's value for "no setting": the browser's languages decide. */
    static final String BROWSER = "";

    private final Accounts accounts;

    AccountPage(Accounts accounts) {
        this.accounts = accounts;
    }

    @Override
    public void routes(Router site, AdminRoutes admin) {
        site.get("/admin/account", admin.page(this::show));
        site.post("/admin/account", admin.action(this::save));
    }

    private Response show(Request req, Session s, AdminView v) {
        User u = s.user();
        String who = "<dl class=\"pairs panel\">\n<dt>" + v.t("users.name") + "</dt><dd>" + esc(u.name()) + "</dd>\n"
                + "<dt>" + v.t("users.email") + "</dt><dd>" + esc(u.email()) + "</dd>\n"
                + "<dt>" + v.t("users.role") + "</dt><dd>" + v.t(u.admin() ? "users.role_admin" : "users.role_user")
                + "</dd>\n</dl>\n";
        return v.page(200, s, "account", v.m.get("account.title"), req, who + form(v, s));
    }

    private static String form(AdminView v, Session s) {
        Language own = s.user().language();
        StringBuilder options = new StringBuilder(option(BROWSER, own == null, v.t("account.language_browser"), ""));
        for (Language l : Language.values()) {
            options.append(option(l.code(), l == own, v.t("account.language." + l.code()), " lang=\"" + l.code() + "\""));
        }
        return "<section class=\"panel\" aria-labelledby=\"language-heading\">\n<h2 id=\"language-heading\">"
                + v.t("account.language") + "</h2>\n<form method=\"post\" action=\"/admin/account\" class=\"form\">\n"
                + AdminView.csrf(s) + "<label for=\"account-language\">" + v.t("account.language") + "</label>\n"
                + "<select id=\"account-language\" name=\"language\" aria-describedby=\"account-language-hint\">\n"
                + options + "</select>\n<p id=\"account-language-hint\" class=\"hint\">" + v.t("account.language_hint")
                + "</p>\n<button id=\"account-save\" type=\"submit\" class=\"btn btn-primary\">" + v.t("account.save")
                + "</button>\n</form>\n</section>\n";
    }

    private static String option(String value, boolean selected, String label, String attributes) {
        return "<option value=\"" + value + "\"" + attributes + (selected ? " selected=\"selected\"" : "") + ">" + label
                + "</option>\n";
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
