package org.signet.web.admin;

import java.util.List;
import java.util.TreeSet;
import org.signet.domain.Membership;
import org.signet.domain.Webhook;
import org.signet.domain.WebhookDelivery;
import org.signet.error.Refusal;
import org.signet.http.Query;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.service.AdminSessions.Session;
import org.signet.service.Teams;
import org.signet.service.Webhooks;
import org.signet.http.Form;
import org.signet.text.Html;

/**
 * Webhooks: list and create, edit, rotate the secret (shown once, on the answering page),
 * send a test ping, delete, and the delivery log with redelivery, all through the same service as
 * the REST endpoints.
 */
final class WebhooksPage implements AdminRoutes.Section {
    static final int PER_PAGE = 20;

    private final Webhooks webhooks;
    private final Teams teams;

    WebhooksPage(Webhooks webhooks, Teams teams) {
        this.webhooks = webhooks;
        this.teams = teams;
    }

    @Override
    public void routes(Router site, AdminRoutes admin) {
        site.get("/admin/webhooks", admin.page(this::list));
        site.post("/admin/webhooks", admin.action(this::create));
        site.get("/admin/webhooks/{id}", admin.page(this::show));
        site.post("/admin/webhooks/{id}", admin.action(this::update));
        site.post("/admin/webhooks/{id}/rotate", admin.action((req, s, v, f) -> secretPage(req, s, v,
                webhooks.rotateSecret(s.principal(), req.pathId("id")))));
        site.post("/admin/webhooks/{id}/test", admin.action((req, s, v, f) -> {
            long id = req.pathId("id");
            webhooks.test(s.principal(), id);
            return AdminView.redirect("/admin/webhooks/" + id, "webhook_tested");
        }));
        site.post("/admin/webhooks/{id}/delete", admin.action((req, s, v, f) -> {
            webhooks.delete(s.principal(), req.pathId("id"));
            return AdminView.redirect("/admin/webhooks", "webhook_deleted");
        }));
        site.post("/admin/webhooks/{id}/deliveries/{delivery}/redeliver", admin.action((req, s, v, f) -> {
            long id = req.pathId("id");
            webhooks.redeliver(s.principal(), id, req.pathId("delivery"));
            return AdminView.redirect("/admin/webhooks/" + id, "redelivered");
        }));
    }

    private Response list(Request req, Session s, AdminView v) {
        Query q = req.query();
        TeamSwitcher.Choice team = TeamSwitcher.read(v, q);
        q.check();
        List<Membership> mine = teams.mine(s.principal());
        // Personal: no team's, and of the user alone even for an administrator, who otherwise sees everyone's.
        List<Webhook> shown = webhooks.list(s.principal(), team.teamId()).stream()
                .filter(w -> !team.personal() || w.teamId() == null && w.ownerId() == s.user().id()).toList();
        Html form = Html.of("<section class=\"panel\" aria-labelledby=\"create-webhook\">\n<h2 id=\"create-webhook\">{}"
                + "</h2>\n{}</section>\n", v.t("webhooks.create"), WebhookForm.render(v, s, "/admin/webhooks"
                + (team.teamId() == null ? "" : "?" + TeamSwitcher.PARAM + "=" + team.teamId()), null, "webhooks.create_submit"));
        Html switcher = TeamSwitcher.render(v, s, mine, team, "/admin/webhooks");
        return v.page(200, s, "webhooks", v.m.get("webhooks.title"), req, switcher, table(v, shown, mine).then(form));
    }

    private static Html table(AdminView v, List<Webhook> shown, List<Membership> mine) {
        if (shown.isEmpty()) {
            return Html.of("<p>{}</p>\n", v.t("webhooks.none"));
        }
        Html rows = shown.stream().map(w -> Html.of("<tr><td><a href=\"/admin/webhooks/{}\">{}</a></td><td>{}</td>{}<td>{}"
                + "</td><td>{}</td></tr>\n", w.id(), w.url(), String.join(", ", w.events()),
                TeamSwitcher.cell(v, mine, w.teamId()), v.t(w.active() ? "webhooks.active" : "webhooks.inactive"),
                v.time(w.createdAt()))).collect(Html.joining());
        return Html.of("{}<table class=\"table\" id=\"webhooks\">\n<caption class=\"visually-hidden\">{}</caption>\n"
                + "<thead><tr>{}{}{}{}{}</tr></thead>\n<tbody>\n{}</tbody>\n</table>\n</div>\n", v.tableWrap("webhooks.title"),
                v.t("webhooks.title"), v.th("webhooks.url"), v.th("webhooks.events"), TeamSwitcher.column(v, mine),
                v.th("webhooks.state"), v.th("webhooks.created"), rows);
    }

    /** A new webhook: the chosen team's, when the list it was made from shows one team's. */
    private Response create(Request req, Session s, AdminView v, Form form) {
        Query q = req.query();
        TeamSwitcher.Choice team = TeamSwitcher.read(v, q);
        q.check();
        Webhook w = webhooks.create(s.principal(), WebhookForm.settings(v, form), team.teamId());
        return secretPage(req, s, v, w);
    }

    private Response update(Request req, Session s, AdminView v, Form form) {
        long id = req.pathId("id");
        webhooks.update(s.principal(), id, WebhookForm.settings(v, form));
        return AdminView.redirect("/admin/webhooks/" + id, "webhook_saved");
    }

    private Response secretPage(Request req, Session s, AdminView v, Webhook w) {
        return v.page(200, s, "webhooks", v.m.get("webhooks.secret_title"), req,
                Html.of("<div class=\"panel secret-panel\" role=\"status\">\n<p><strong>{}</strong></p>\n<dl class=\"pairs\">\n"
                + "<dt>{}</dt><dd>{}</dd>\n<dt>{}</dt><dd><code id=\"new-secret\">{}</code></dd>\n</dl>\n</div>\n"
                + "<p><a href=\"/admin/webhooks/{}\">{}</a></p>\n", v.t("webhooks.secret_once"), v.t("webhooks.url"),
                w.url(), v.t("webhooks.secret"), w.secret(), w.id(), v.t("webhooks.back")));
    }

    private Response show(Request req, Session s, AdminView v) {
        long id = req.pathId("id");
        Webhook w = webhooks.get(s.principal(), id);
        long page = req.query().optLong("page", 1, 1_000_000).orElse(1L);
        Webhooks.DeliveryPage log = webhooks.deliveries(s.principal(), id, null, (int) page, PER_PAGE);
        String base = "/admin/webhooks/" + id;
        Html actions = Html.of("<div class=\"actions panel\">\n{}{}{}</div>\n",
                v.button(s, base + "/test", "webhooks.test", "btn-secondary", Html.EMPTY),
                v.button(s, base + "/rotate", "webhooks.rotate", "btn-secondary", Html.EMPTY),
                v.button(s, base + "/delete", "webhooks.delete", "btn-danger", Html.EMPTY));
        Html edit = Html.of("<section class=\"panel\" aria-labelledby=\"edit-webhook\">\n<h2 id=\"edit-webhook\">{}</h2>\n{}"
                + "</section>\n", v.t("webhooks.edit"), WebhookForm.render(v, s, base, w, "webhooks.save"));
        return v.page(200, s, "webhooks", w.url(), req, Html.join(List.of(actions, edit, deliveries(v, s, w, log, (int) page))));
    }

    private static Html deliveries(AdminView v, Session s, Webhook w, Webhooks.DeliveryPage log, int page) {
        Html rows = log.items().stream().map(d -> Html.of("<tr><td class=\"num\">{}</td><td>{}</td><td><span class=\"badge\">{}"
                + "</span></td><td class=\"num\">{}</td><td class=\"num\">{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
                d.id(), d.event(), v.t("delivery." + d.status().wire()), v.number(d.attempts()), d.responseStatus(),
                v.time(d.createdAt()), v.time(d.lastAttemptAt()), v.button(s, "/admin/webhooks/" + w.id() + "/deliveries/"
                        + d.id() + "/redeliver", "webhooks.redeliver", "btn-quiet", Html.EMPTY))).collect(Html.joining());
        long pages = Math.max(1, (log.total() + PER_PAGE - 1) / PER_PAGE);
        Html pager = v.pager(page, pages);
        Html body = log.items().isEmpty() ? Html.of("<p>{}</p>\n", v.t("webhooks.no_deliveries"))
                : Html.of("{}<table class=\"table\" id=\"deliveries\">\n<caption class=\"visually-hidden\">{}</caption>\n"
                + "<thead><tr>{}{}{}{}{}{}{}{}</tr></thead>\n<tbody>\n{}</tbody>\n</table>\n</div>\n{}",
                v.tableWrap("webhooks.deliveries"), v.t("webhooks.deliveries"), v.th("webhooks.delivery_id"),
                v.th("webhooks.event"), v.th("webhooks.state"), v.th("webhooks.attempts"), v.th("webhooks.response"),
                v.th("webhooks.created"), v.th("webhooks.last_attempt"), v.th("webhooks.actions"), rows, pager);
        // Not a landmark of its own: the scrolling box of its table, when there is one, is one by the same name.
        return Html.of("<section class=\"panel\">\n<h2 id=\"deliveries-heading\">{}</h2>\n{}</section>\n",
                v.t("webhooks.deliveries"), body);
    }


    /** The events a form may tick, in a stable order: every event, or some of them (see docs/api/webhooks.md, Events). */
    static List<String> events() {
        return List.copyOf(new TreeSet<>(Webhook.EVENTS));
    }

    static Refusal noEvents(AdminView v) {
        return Refusal.invalidParam("events", v.m.get("webhooks.events_required"));
    }
}
