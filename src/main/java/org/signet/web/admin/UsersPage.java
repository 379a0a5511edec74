package org.signet.web.admin;

import static org.signet.web.admin.AdminView.esc;

import java.util.Optional;
import org.signet.domain.User;
import org.signet.http.Body;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.service.Accounts;
import org.signet.service.AdminSessions.Session;
import org.signet.http.Form;

/** Host-site accounts, for administrators only: list, create, grant or withdraw administration, disable. */
final class UsersPage implements AdminRoutes.Section {
    private final Accounts accounts;

    UsersPage(Accounts accounts) {
        this.accounts = accounts;
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
    }

    private Response list(Request req, Session s, AdminView v) {
        StringBuilder rows = new StringBuilder();
        for (User u : accounts.list(s.principal())) {
            rows.append("<tr data-user=\"").append(esc(u.email())).append("\"><td>").append(esc(u.email()))
                    .append("</td><td>").append(esc(u.name())).append("</td><td>")
                    .append(v.t(u.admin() ? "users.role_admin" : "users.role_user")).append("</td><td>")
                    .append(v.t(u.disabled() ? "users.disabled" : "users.active")).append("</td><td>")
                    .append(v.time(u.createdAt())).append("</td><td class=\"actions\">").append(actions(v, s, u))
                    .append("</td></tr>\n");
        }
        String table = v.tableWrap("users.title") + "<table class=\"table\" id=\"users\">\n<caption class=\"visually-hidden\">"
                + v.t("users.title") + "</caption>\n<thead><tr>" + v.th("users.email") + v.th("users.name") + v.th("users.role")
                + v.th("users.state") + v.th("users.created") + v.th("users.actions") + "</tr></thead>\n<tbody>\n" + rows
                + "</tbody>\n</table>\n</div>\n";
        return v.page(200, s, "users", v.m.get("users.title"), req, table + createForm(v, s));
    }

    private static String actions(AdminView v, Session s, User u) {
        if (u.id() == s.user().id() || u.disabled()) {
            return "";
        }
        String base = "/admin/users/" + u.id();
        String flag = "<input type=\"hidden\" name=\"admin\" value=\"" + (u.admin() ? "0" : "1") + "\" />\n";
        return v.button(s, base + "/admin", u.admin() ? "users.withdraw_admin" : "users.make_admin", "btn-secondary", flag)
                + v.button(s, base + "/disable", "users.disable", "btn-danger", "");
    }

    private static String createForm(AdminView v, Session s) {
        return "<section class=\"panel\" aria-labelledby=\"create-user\">\n<h2 id=\"create-user\">" + v.t("users.create")
                + "</h2>\n<form method=\"post\" action=\"/admin/users\" class=\"form\">\n" + AdminView.csrf(s)
                + "<label for=\"user-email\">" + v.t("users.email") + "</label>\n"
                + "<input id=\"user-email\" name=\"email\" type=\"email\" maxlength=\"254\" required=\"required\" />\n"
                + "<label for=\"user-name\">" + v.t("users.name") + "</label>\n"
                + "<input id=\"user-name\" name=\"name\" type=\"text\" maxlength=\"100\" required=\"required\" />\n"
                + "<label for=\"user-password\">" + v.t("users.password") + "</label>\n"
                + "<input id=\"user-password\" name=\"password\" type=\"password\" autocomplete=\"new-password\""
                + " minlength=\"8\" aria-describedby=\"user-password-hint\" />\n"
                + "<p id=\"user-password-hint\" class=\"hint\">" + v.t("users.password_hint") + "</p>\n"
                + "<div class=\"choice\"><input id=\"user-admin\" name=\"admin\" type=\"checkbox\" value=\"1\" /> "
                + "<label for=\"user-admin\">" + v.t("users.make_admin") + "</label></div>\n"
                + "<button id=\"create-user-submit\" type=\"submit\" class=\"btn btn-primary\">" + v.t("users.create_submit")
                + "</button>\n</form>\n</section>\n";
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
