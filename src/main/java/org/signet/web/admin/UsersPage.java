package org.signet.web.admin;

import java.util.Optional;
import java.util.Set;
import org.signet.domain.User;
import org.signet.http.Body;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.service.Accounts;
import org.signet.service.AdminSessions.Session;
import org.signet.service.SecondFactors;
import org.signet.http.Form;
import org.signet.text.Html;

/**
 * Host-site accounts, for administrators only: list, create, grant or withdraw administration, disable,
 * and reset the second factor of a user who lost it.
 */
final class UsersPage implements AdminRoutes.Section {
    private final Accounts accounts;
    private final SecondFactors factors;

    UsersPage(Accounts accounts, SecondFactors factors) {
        this.accounts = accounts;
        this.factors = factors;
    }

    @Override
    public void routes(Router site, AdminRoutes admin) {
        site.get("/admin/users", admin.page(this::list));
        site.post("/admin/users", admin.action(this::create));
        site.post("/admin/users/{id}/admin", admin.action((req, s, v, f) -> {
            boolean grant = "1".equals(f.value("admin"));
            accounts.setAdmin(s.principal(), req.pathId("id"), grant);
            return AdminView.redirect("/admin/users", grant ? "user_made_admin" : "user_admin_withdrawn");
        }));
        site.post("/admin/users/{id}/disable", admin.action((req, s, v, f) -> {
            accounts.disable(s.principal(), req.pathId("id"));
            return AdminView.redirect("/admin/users", "user_disabled");
        }));
        site.post("/admin/users/{id}/second-factor/reset", admin.action((req, s, v, f) -> {
            factors.reset(s.principal(), req.pathId("id"), req.clientIp());
            return AdminView.redirect("/admin/users", "user_factor_reset");
        }));
    }

    private Response list(Request req, Session s, AdminView v) {
        Set<Long> withFactor = factors.usersWithFactor();
        Html rows = accounts.list(s.principal()).stream().map(u -> Html.of("<tr data-user=\"{}\"><td>{}</td><td>{}</td>"
                + "<td>{}</td><td>{}</td><td>{}</td><td class=\"actions\">{}</td></tr>\n", u.email(), u.email(), u.name(),
                v.t(u.admin() ? "users.role_admin" : "users.role_user"), v.t(u.disabled() ? "users.disabled" : "users.active"),
                v.time(u.createdAt()), actions(v, s, u, withFactor.contains(u.id())))).collect(Html.joining());
        Html table = Html.of("{}<table class=\"table\" id=\"users\">\n<caption class=\"visually-hidden\">{}</caption>\n"
                + "<thead><tr>{}{}{}{}{}{}</tr></thead>\n<tbody>\n{}</tbody>\n</table>\n</div>\n", v.tableWrap("users.title"),
                v.t("users.title"), v.th("users.email"), v.th("users.name"), v.th("users.role"), v.th("users.state"),
                v.th("users.created"), v.th("users.actions"), rows);
        return v.page(200, s, "users", v.m.get("users.title"), req, table.then(createForm(v, s)));
    }

    private static Html actions(AdminView v, Session s, User u, boolean hasFactor) {
        if (u.id() == s.user().id() || u.disabled()) {
            return Html.EMPTY;
        }
        String base = "/admin/users/" + u.id();
        Html flag = Html.of("<input type=\"hidden\" name=\"admin\" value=\"{}\" />\n", u.admin() ? "0" : "1");
        Html reset = hasFactor ? v.button(s, base + "/second-factor/reset", "users.reset_factor", "btn-secondary",
                Html.EMPTY) : Html.EMPTY;
        return v.button(s, base + "/admin", u.admin() ? "users.withdraw_admin" : "users.make_admin", "btn-secondary", flag)
                .then(reset).then(v.button(s, base + "/disable", "users.disable", "btn-danger", Html.EMPTY));
    }

    private static Html createForm(AdminView v, Session s) {
        return Html.of("<section class=\"panel\" aria-labelledby=\"create-user\">\n<h2 id=\"create-user\">{}"
                + "</h2>\n<form method=\"post\" action=\"/admin/users\" class=\"form\">\n{}"
                + "<label for=\"user-email\">{}</label>\n"
                + "<input id=\"user-email\" name=\"email\" type=\"email\" maxlength=\"254\" required=\"required\" />\n"
                + "<label for=\"user-name\">{}</label>\n"
                + "<input id=\"user-name\" name=\"name\" type=\"text\" maxlength=\"100\" required=\"required\" />\n"
                + "<label for=\"user-password\">{}</label>\n"
                + "<input id=\"user-password\" name=\"password\" type=\"password\" autocomplete=\"new-password\""
                + " minlength=\"8\" aria-describedby=\"user-password-hint\" />\n"
                + "<p id=\"user-password-hint\" class=\"hint\">{}</p>\n"
                + "<div class=\"choice\"><input id=\"user-admin\" name=\"admin\" type=\"checkbox\" value=\"1\" /> "
                + "<label for=\"user-admin\">{}</label></div>\n"
                + "<button id=\"create-user-submit\" type=\"submit\" class=\"btn btn-primary\">{}"
                + "</button>\n</form>\n</section>\n", v.t("users.create"), AdminView.csrf(s), v.t("users.email"),
                v.t("users.name"), v.t("users.password"), v.t("users.password_hint"), v.t("users.make_admin"),
                v.t("users.create_submit"));
    }

    private Response create(Request req, Session s, AdminView v, Form form) {
        Body b = form.body();
        String email = b.requireLine("email", 254);
        String name = b.requireLine("name", 100);
        b.check();
        char[] password = Optional.ofNullable(form.value("password")).orElse("").toCharArray();
        accounts.create(s.principal(), email, name, form.checked("admin"), password);
        return AdminView.redirect("/admin/users", "user_created");
    }

}
