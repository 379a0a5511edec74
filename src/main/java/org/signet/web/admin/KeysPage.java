package org.signet.web.admin;

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
import org.signet.text.Html;

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
        Html rows = keys.list(s.principal()).stream().map(k -> row(v, s, k, owners)).collect(Html.joining());
        Html table = rows.isEmpty() ? Html.of("<p>{}</p>\n", v.t("keys.none"))
                : Html.of("{}<table class=\"table\" id=\"keys\">\n<caption class=\"visually-hidden\">{}</caption>\n"
                + "<thead><tr>{}{}{}{}{}{}{}{}</tr></thead>\n<tbody>\n{}</tbody>\n</table>\n</div>\n",
                v.tableWrap("keys.title"), v.t("keys.title"), v.th("keys.name"), v.th("keys.key"),
                s.user().admin() ? v.th("keys.owner") : Html.EMPTY, v.th("keys.permission"), v.th("keys.rate_limit"),
                v.th("keys.created"), v.th("keys.last_used"), v.th("keys.state"), rows);
        return v.page(200, s, "keys", v.m.get("keys.title"), req, table.then(createForm(v, s, owners)));
    }

    private static Html row(AdminView v, Session s, ApiKey k, Map<Long, User> owners) {
        Html state = k.revoked() ? v.t("keys.revoked_at", v.time(k.revokedAt()))
                : v.button(s, "/admin/keys/" + k.id() + "/revoke", "keys.revoke", "btn-danger", Html.EMPTY);
        Html description = k.description().isEmpty() ? Html.EMPTY
                : Html.of("<div class=\"muted\">{}</div>", k.description());
        Html owner = s.user().admin()
                ? Html.of("<td>{}</td>", owners.containsKey(k.userId()) ? owners.get(k.userId()).email() : "") : Html.EMPTY;
        return Html.of("<tr data-key=\"{}\"><td>{}{}</td><td><code>{}</code></td>{}<td>{}</td><td class=\"num\">{}"
                + "</td><td>{}</td><td>{}</td><td>{}</td></tr>\n", k.key(), k.name(), description, k.key(), owner,
                v.t("keys.permission." + k.permission().wire()), v.number(k.rateLimit()), v.time(k.createdAt()),
                v.time(k.lastUsedAt()), state);
    }

    private Html createForm(AdminView v, Session s, Map<Long, User> owners) {
        Html owner = Html.EMPTY;
        if (s.user().admin()) {
            Html options = owners.values().stream().filter(u -> !u.disabled()).map(u -> Html.of("<option value=\"{}\"{}>{}</option>\n",
                    u.id(), u.id() == s.user().id() ? Html.trusted(" selected=\"selected\"") : Html.EMPTY, u.email()))
                    .collect(Html.joining());
            owner = Html.of("<label for=\"owner\">{}</label>\n<select id=\"owner\" name=\"owner\">\n{}</select>\n",
                    v.t("keys.owner"), options);
        }
        return Html.of("<section class=\"panel\" aria-labelledby=\"create-key\">\n<h2 id=\"create-key\">{}"
                + "</h2>\n<form method=\"post\" action=\"/admin/keys\" class=\"form\">\n{}"
                + "<label for=\"key-name\">{}</label>\n"
                + "<input id=\"key-name\" name=\"name\" type=\"text\" maxlength=\"100\" required=\"required\" />\n"
                + "<label for=\"key-description\">{}</label>\n"
                + "<input id=\"key-description\" name=\"description\" type=\"text\" maxlength=\"500\" />\n"
                + "<fieldset>\n<legend>{}</legend>\n{}{}</fieldset>\n"
                + "<label for=\"key-rate\">{}</label>\n"
                + "<input id=\"key-rate\" name=\"rate_limit\" type=\"number\" min=\"1\" max=\"100000000\" value=\"{}"
                + "\" required=\"required\" />\n{}"
                + "<button id=\"create-key-submit\" type=\"submit\" class=\"btn btn-primary\">{}"
                + "</button>\n</form>\n</section>\n", v.t("keys.create"), AdminView.csrf(s), v.t("keys.name"),
                v.t("keys.description"), v.t("keys.permission"), radio(v, "full", true), radio(v, "read", false),
                v.t("keys.rate_limit"), defaultRateLimit, owner, v.t("keys.create_submit"));
    }

    private static Html radio(AdminView v, String permission, boolean checked) {
        return Html.of("<div class=\"choice\"><input type=\"radio\" id=\"permission-{}\" name=\"permission\" value=\"{}\"{}"
                + " /> <label for=\"permission-{}\">{}</label></div>\n", permission, permission,
                checked ? Html.trusted(" checked=\"checked\"") : Html.EMPTY, permission, v.t("keys.permission." + permission));
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

    private static Html shown(AdminView v, ApiKeys.Created c) {
        return Html.of("<div class=\"panel secret-panel\" role=\"status\">\n<p><strong>{}</strong></p>\n"
                + "<dl class=\"pairs\">\n<dt>{}</dt><dd>{}</dd>\n"
                + "<dt>{}</dt><dd><code id=\"new-key\">{}</code></dd>\n"
                + "<dt>{}</dt><dd><code id=\"new-secret\">{}</code></dd>\n"
                + "</dl>\n</div>\n<p><a href=\"/admin/keys\">{}</a></p>\n", v.t("keys.secret_once"), v.t("keys.name"),
                c.key().name(), v.t("keys.key"), c.key().key(), v.t("keys.secret"), c.secret(), v.t("keys.back"));
    }

    private Map<Long, User> owners(Session s) {
        List<User> users = s.user().admin() ? accounts.list(s.principal()) : List.of(s.user());
        return users.stream().collect(Collectors.toMap(User::id, Function.identity(), (a, b) -> a,
                java.util.LinkedHashMap::new));
    }

}
