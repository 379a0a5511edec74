package org.signet.web.admin;

import static org.signet.web.admin.AdminView.esc;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.signet.domain.ApiKey;
import org.signet.domain.ApiKey.Permission;
import org.signet.domain.User;
import org.signet.http.Body;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.service.Accounts;
import org.signet.service.AdminSessions.Session;
import org.signet.service.ApiKeys;
import org.signet.http.Form;

/**
 * API keys: the list with last use, a form to create one (an administrator may create it
 * for any user), and revoke. A new key's secret is shown on the page that answers the creating post
 * and nowhere else: it is not stored, and the page is never cached.
 */
final class KeysPage implements AdminRoutes.Section {
    private final ApiKeys keys;
    private final Accounts accounts;
    private final int defaultRateLimit;

    KeysPage(ApiKeys keys, Accounts accounts, int defaultRateLimit) {
        this.keys = keys;
        this.accounts = accounts;
        this.defaultRateLimit = defaultRateLimit;
    }

    @Override
    public void routes(Router site, AdminRoutes admin) {
        site.get("/admin/keys", admin.page(this::list));
        site.post("/admin/keys", admin.action(this::create));
        site.post("/admin/keys/{id}/revoke", admin.action((req, s, v, f) -> {
            keys.revoke(s.principal(), req.pathId("id"));
            return AdminView.redirect("/admin/keys", "key_revoked");
        }));
    }

    private Response list(Request req, Session s, AdminView v) {
        Map<Long, User> owners = owners(s);
        StringBuilder rows = new StringBuilder();
        for (ApiKey k : keys.list(s.principal())) {
            rows.append(row(v, s, k, owners));
        }
        String table = rows.length() == 0 ? "<p>" + v.t("keys.none") + "</p>\n"
                : v.tableWrap("keys.title") + "<table class=\"table\" id=\"keys\">\n<caption class=\"visually-hidden\">"
                + v.t("keys.title") + "</caption>\n<thead><tr>" + v.th("keys.name") + v.th("keys.key")
                + (s.user().admin() ? v.th("keys.owner") : "") + v.th("keys.permission") + v.th("keys.rate_limit")
                + v.th("keys.created") + v.th("keys.last_used") + v.th("keys.state") + "</tr></thead>\n<tbody>\n" + rows
                + "</tbody>\n</table>\n</div>\n";
        return v.page(200, s, "keys", v.m.get("keys.title"), req, table + createForm(v, s, owners));
    }

    private static String row(AdminView v, Session s, ApiKey k, Map<Long, User> owners) {
        String state = k.revoked() ? v.t("keys.revoked_at", v.time(k.revokedAt()))
                : v.button(s, "/admin/keys/" + k.id() + "/revoke", "keys.revoke", "btn-danger", "");
        return "<tr data-key=\"" + esc(k.key()) + "\"><td>" + esc(k.name())
                + (k.description().isEmpty() ? "" : "<div class=\"muted\">" + esc(k.description()) + "</div>")
                + "</td><td><code>" + esc(k.key()) + "</code></td>"
                + (s.user().admin() ? "<td>" + esc(owners.containsKey(k.userId()) ? owners.get(k.userId()).email() : "")
                        + "</td>" : "")
                + "<td>" + v.t("keys.permission." + k.permission().wire()) + "</td><td class=\"num\">" + v.number(k.rateLimit())
                + "</td><td>" + v.time(k.createdAt()) + "</td><td>" + v.time(k.lastUsedAt()) + "</td><td>" + state
                + "</td></tr>\n";
    }

    private String createForm(AdminView v, Session s, Map<Long, User> owners) {
        StringBuilder owner = new StringBuilder();
        if (s.user().admin()) {
            owner.append("<label for=\"owner\">").append(v.t("keys.owner")).append("</label>\n<select id=\"owner\" name=\"owner\">\n");
            owners.values().stream().filter(u -> !u.disabled()).forEach(u -> owner.append("<option value=\"")
                    .append(u.id()).append('"').append(u.id() == s.user().id() ? " selected=\"selected\"" : "")
                    .append('>').append(esc(u.email())).append("</option>\n"));
            owner.append("</select>\n");
        }
        return "<section class=\"panel\" aria-labelledby=\"create-key\">\n<h2 id=\"create-key\">" + v.t("keys.create")
                + "</h2>\n<form method=\"post\" action=\"/admin/keys\" class=\"form\">\n" + AdminView.csrf(s)
                + "<label for=\"key-name\">" + v.t("keys.name") + "</label>\n"
                + "<input id=\"key-name\" name=\"name\" type=\"text\" maxlength=\"100\" required=\"required\" />\n"
                + "<label for=\"key-description\">" + v.t("keys.description") + "</label>\n"
                + "<input id=\"key-description\" name=\"description\" type=\"text\" maxlength=\"500\" />\n"
                + "<fieldset>\n<legend>" + v.t("keys.permission") + "</legend>\n"
                + radio(v, "full", true) + radio(v, "read", false) + "</fieldset>\n"
                + "<label for=\"key-rate\">" + v.t("keys.rate_limit") + "</label>\n"
                + "<input id=\"key-rate\" name=\"rate_limit\" type=\"number\" min=\"1\" max=\"100000000\" value=\""
                + defaultRateLimit + "\" required=\"required\" />\n" + owner
                + "<button id=\"create-key-submit\" type=\"submit\" class=\"btn btn-primary\">" + v.t("keys.create_submit")
                + "</button>\n</form>\n</section>\n";
    }

    private static String radio(AdminView v, String permission, boolean checked) {
        return "<div class=\"choice\"><input type=\"radio\" id=\"permission-" + permission + "\" name=\"permission\" value=\""
                + permission + "\"" + (checked ? " checked=\"checked\"" : "") + " /> <label for=\"permission-"
                + permission + "\">" + v.t("keys.permission." + permission) + "</label></div>\n";
    }

    private Response create(Request req, Session s, AdminView v, Form form) {
        Body b = form.body();
        String name = b.requireLine("name", 100);
        String description = b.optLineOrBlank("description", 500).orElse("");
        String permission = b.optString("permission").orElse("full");
        if (!permission.equals("full") && !permission.equals("read")) {
            b.reject("permission", v.m.get("keys.permission_invalid"));
        }
        Long rateLimit = b.requireLong("rate_limit", 1, 100_000_000);
        long owner = b.optLong("owner", 1, Long.MAX_VALUE).orElse(s.user().id());
        b.check();
        ApiKeys.Created c = keys.create(s.principal(), owner, name, description, Permission.fromWire(permission),
                rateLimit.intValue());
        return v.page(200, s, "keys", v.m.get("keys.created_title"), req, shown(v, c));
    }

    private static String shown(AdminView v, ApiKeys.Created c) {
        return "<div class=\"panel secret-panel\" role=\"status\">\n<p><strong>" + v.t("keys.secret_once") + "</strong></p>\n"
                + "<dl class=\"pairs\">\n<dt>" + v.t("keys.name") + "</dt><dd>" + esc(c.key().name()) + "</dd>\n"
                + "<dt>" + v.t("keys.key") + "</dt><dd><code id=\"new-key\">" + esc(c.key().key()) + "</code></dd>\n"
                + "<dt>" + v.t("keys.secret") + "</dt><dd><code id=\"new-secret\">" + esc(c.secret()) + "</code></dd>\n"
                + "</dl>\n</div>\n<p><a href=\"/admin/keys\">" + v.t("keys.back") + "</a></p>\n";
    }

    private Map<Long, User> owners(Session s) {
        List<User> users = s.user().admin() ? accounts.list(s.principal()) : List.of(s.user());
        return users.stream().collect(Collectors.toMap(User::id, Function.identity(), (a, b) -> a,
                java.util.LinkedHashMap::new));
    }

}
