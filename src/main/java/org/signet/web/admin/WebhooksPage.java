package org.signet.web.admin;

import static org.signet.web.admin.AdminView.esc;

import java.util.List;
import java.util.TreeSet;
import org.signet.domain.Webhook;
import org.signet.domain.WebhookDelivery;
import org.signet.error.Refusal;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.service.AdminSessions.Session;
import org.signet.service.Webhooks;
import org.signet.http.Form;

/**
 * Webhooks: list and create, edit, rotate the secret (shown once, on the answering page),
 * send a test ping, delete, and the delivery log with redelivery, all through the same service as
 * the REST endpoints.
 */
final class WebhooksPage implements AdminRoutes.Section {
    static final int PER_PAGE = 20;

    private final Webhooks webhooks;

    WebhooksPage(Webhooks webhooks) {
        this.webhooks = webhooks;
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
        StringBuilder rows = new StringBuilder();
        for (Webhook w : webhooks.list(s.principal())) {
            rows.append("<tr><td><a href=\"/admin/webhooks/").append(w.id()).append("\">").append(esc(w.url()))
                    .append("</a></td><td>").append(esc(String.join(", ", w.events()))).append("</td><td>")
                    .append(v.t(w.active() ? "webhooks.active" : "webhooks.inactive")).append("</td><td>")
                    .append(v.time(w.createdAt())).append("</td></tr>\n");
        }
        String table = rows.length() == 0 ? "<p>" + v.t("webhooks.none") + "</p>\n"
                : v.tableWrap("webhooks.title") + "<table class=\"table\" id=\"webhooks\">\n<caption class=\"visually-hidden\">"
                + v.t("webhooks.title") + "</caption>\n<thead><tr>" + v.th("webhooks.url") + v.th("webhooks.events")
                + v.th("webhooks.state") + v.th("webhooks.created") + "</tr></thead>\n<tbody>\n" + rows
                + "</tbody>\n</table>\n</div>\n";
        String form = "<section class=\"panel\" aria-labelledby=\"create-webhook\">\n<h2 id=\"create-webhook\">"
                + v.t("webhooks.create") + "</h2>\n" + WebhookForm.render(v, s, "/admin/webhooks", null, "webhooks.create_submit")
                + "</section>\n";
        return v.page(200, s, "webhooks", v.m.get("webhooks.title"), req, table + form);
    }

    private Response create(Request req, Session s, AdminView v, Form form) {
        Webhook w = webhooks.create(s.principal(), WebhookForm.settings(v, form));
        return secretPage(req, s, v, w);
    }

    private Response update(Request req, Session s, AdminView v, Form form) {
        long id = req.pathId("id");
        webhooks.update(s.principal(), id, WebhookForm.settings(v, form));
        return AdminView.redirect("/admin/webhooks/" + id, "webhook_saved");
    }

    private Response secretPage(Request req, Session s, AdminView v, Webhook w) {
        return v.page(200, s, "webhooks", v.m.get("webhooks.secret_title"), req,
                "<div class=\"panel secret-panel\" role=\"status\">\n<p><strong>" + v.t("webhooks.secret_once")
                + "</strong></p>\n<dl class=\"pairs\">\n<dt>" + v.t("webhooks.url") + "</dt><dd>" + esc(w.url()) + "</dd>\n"
                + "<dt>" + v.t("webhooks.secret") + "</dt><dd><code id=\"new-secret\">" + esc(w.secret())
                + "</code></dd>\n</dl>\n</div>\n<p><a href=\"/admin/webhooks/" + w.id() + "\">" + v.t("webhooks.back")
                + "</a></p>\n");
    }

    private Response show(Request req, Session s, AdminView v) {
        long id = req.pathId("id");
        Webhook w = webhooks.get(s.principal(), id);
        long page = req.query().optLong("page", 1, 1_000_000).orElse(1L);
        Webhooks.DeliveryPage log = webhooks.deliveries(s.principal(), id, null, (int) page, PER_PAGE);
        String base = "/admin/webhooks/" + id;
        String actions = "<div class=\"actions panel\">\n" + v.button(s, base + "/test", "webhooks.test", "btn-secondary", "")
                + v.button(s, base + "/rotate", "webhooks.rotate", "btn-secondary", "")
                + v.button(s, base + "/delete", "webhooks.delete", "btn-danger", "") + "</div>\n";
        String edit = "<section class=\"panel\" aria-labelledby=\"edit-webhook\">\n<h2 id=\"edit-webhook\">"
                + v.t("webhooks.edit") + "</h2>\n" + WebhookForm.render(v, s, base, w, "webhooks.save") + "</section>\n";
        return v.page(200, s, "webhooks", w.url(), req, actions + edit + deliveries(v, s, w, log, (int) page));
    }

    private static String deliveries(AdminView v, Session s, Webhook w, Webhooks.DeliveryPage log, int page) {
        StringBuilder rows = new StringBuilder();
        for (WebhookDelivery d : log.items()) {
            rows.append("<tr><td class=\"num\">").append(d.id()).append("</td><td>").append(esc(d.event()))
                    .append("</td><td><span class=\"badge\">").append(v.t("delivery." + d.status().wire()))
                    .append("</span></td><td class=\"num\">").append(v.number(d.attempts())).append("</td><td class=\"num\">")
                    .append(d.responseStatus() == null ? "" : d.responseStatus()).append("</td><td>")
                    .append(v.time(d.createdAt())).append("</td><td>").append(v.time(d.lastAttemptAt()))
                    .append("</td><td>").append(v.button(s, "/admin/webhooks/" + w.id() + "/deliveries/" + d.id()
                            + "/redeliver", "webhooks.redeliver", "btn-quiet", "")).append("</td></tr>\n");
        }
        long pages = Math.max(1, (log.total() + PER_PAGE - 1) / PER_PAGE);
        String pager = pages <= 1 ? "" : "<nav class=\"pager\" aria-label=\"" + v.t("pager.label") + "\">"
                + (page > 1 ? "<a rel=\"prev\" href=\"?page=" + (page - 1) + "\">" + v.t("pager.previous") + "</a> " : "")
                + "<span>" + v.t("pager.position", v.number(page), v.number(pages)) + "</span>"
                + (page < pages ? " <a rel=\"next\" href=\"?page=" + (page + 1) + "\">" + v.t("pager.next") + "</a>" : "")
                + "</nav>\n";
        String body = log.items().isEmpty() ? "<p>" + v.t("webhooks.no_deliveries") + "</p>\n"
                : v.tableWrap("webhooks.deliveries") + "<table class=\"table\" id=\"deliveries\">\n<caption class=\"visually-hidden\">"
                + v.t("webhooks.deliveries") + "</caption>\n<thead><tr>" + v.th("webhooks.delivery_id") + v.th("webhooks.event")
                + v.th("webhooks.state") + v.th("webhooks.attempts") + v.th("webhooks.response") + v.th("webhooks.created")
                + v.th("webhooks.last_attempt") + v.th("webhooks.actions") + "</tr></thead>\n<tbody>\n" + rows
                + "</tbody>\n</table>\n</div>\n" + pager;
        // Not a landmark of its own: the scrolling box of its table, when there is one, is one by the same name.
        return "<section class=\"panel\">\n<h2 id=\"deliveries-heading\">"
                + v.t("webhooks.deliveries") + "</h2>\n" + body + "</section>\n";
    }


    /** The events a form may tick, in a stable order: every event, or some of them (see docs/api/webhooks.md, Events). */
    static List<String> events() {
        return List.copyOf(new TreeSet<>(Webhook.EVENTS));
    }

    static Refusal noEvents(AdminView v) {
        return Refusal.invalidParam("events", v.m.get("webhooks.events_required"));
    }
}
