package org.signet.api;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.signet.domain.Webhook;
import org.signet.domain.WebhookDelivery;
import org.signet.http.Body;
import org.signet.http.Keys;
import org.signet.http.Query;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.json.Json;
import org.signet.service.Webhooks;
import org.signet.text.Wire;

/** The webhook endpoints: registration, secret rotation, a test ping, and the delivery log. */
public final class WebhooksApi {
    /** A webhook's settings, the same for a new one and a change. */
    private static final Keys SETTINGS = Keys.of("url", "events", "active");
    /** A new webhook's keys: its settings and the team it is for. */
    private static final Keys NEW = SETTINGS.and("team_id");

    private final Webhooks webhooks;
    private final Wire wire;
    private final java.util.function.Supplier<String> baseUrl;

    public WebhooksApi(Webhooks webhooks, Wire wire, java.util.function.Supplier<String> baseUrl) {
        this.webhooks = webhooks;
        this.wire = wire;
        this.baseUrl = baseUrl;
    }

    public void routes(Router r) {
        r.get("/webhooks", this::list);
        r.post("/webhooks", this::create);
        r.get("/webhooks/{id}", this::get);
        r.put("/webhooks/{id}", this::update);
        r.delete("/webhooks/{id}", this::delete);
        r.post("/webhooks/{id}/rotate-secret", this::rotate);
        r.post("/webhooks/{id}/test", this::test);
        r.get("/webhooks/{id}/deliveries", this::deliveries);
        r.get("/webhooks/{id}/deliveries/{delivery_id}", this::delivery);
        r.post("/webhooks/{id}/deliveries/{delivery_id}/redeliver", this::redeliver);
    }

    private Response list(Request req) {
        Query q = req.query();
        Long teamId = q.optLong("team_id", 1, Long.MAX_VALUE).orElse(null);
        q.check();
        return Response.ok(webhooks.list(req.caller().principal(), teamId).stream().map(w -> form(w, false)).toList());
    }

    private Response create(Request req) {
        Body b = req.json();
        Webhooks.Settings settings = forCreate(b);
        Long teamId = b.optLong("team_id", 1, Long.MAX_VALUE).orElse(null);
        b.check();
        Webhook w = webhooks.create(req.caller().principal(), settings, teamId);
        return Response.created(form(w, true));
    }

    /** A new webhook's settings: {@code url} and {@code events} required, {@code active} optional; {@code team_id} known. */
    static Webhooks.Settings forCreate(Body b) {
        b.refuseUnknown(NEW);
        String url = b.requireString("url");
        b.require("events");
        List<String> events = events(b);
        Boolean active = b.optBool("active").orElse(null);
        b.check();
        return new Webhooks.Settings(url.strip(), events, active);
    }

    /** The settings a PUT changes, each null where not given. */
    static Webhooks.Settings forUpdate(Body b) {
        b.refuseUnknown(SETTINGS);
        String url = b.optString("url").map(String::strip).orElse(null);
        List<String> events = events(b);
        Boolean active = b.optBool("active").orElse(null);
        b.check();
        return new Webhooks.Settings(url, events, active);
    }

    private Response get(Request req) {
        return Response.ok(form(webhooks.get(req.caller().principal(), req.pathId("id")), false));
    }

    private Response update(Request req) {
        long id = req.pathId("id");
        return Response.ok(form(webhooks.update(req.caller().principal(), id, forUpdate(req.json())), false));
    }

    private Response delete(Request req) {
        long id = req.pathId("id");
        webhooks.delete(req.caller().principal(), id);
        return Response.ok(Json.object("deleted", true, "id", Wire.id(id)));
    }

    private Response rotate(Request req) {
        long id = req.pathId("id");
        req.emptyJson();
        return Response.ok(form(webhooks.rotateSecret(req.caller().principal(), id), true));
    }

    private Response test(Request req) {
        long id = req.pathId("id");
        req.emptyJson();
        return Response.ok(deliveryForm(webhooks.test(req.caller().principal(), id)));
    }

    private Response deliveries(Request req) {
        long id = req.pathId("id");
        Query q = req.query();
        Paging paging = Paging.from(q, 20);
        WebhookDelivery.Status status = q.optString("status").map(s -> WebhookDelivery.Status.fromWire(s).orElseGet(() -> {
            q.reject("status", "status is not one of pending, delivered, failed.");
            return null;
        })).orElse(null);
        q.check();
        Webhooks.DeliveryPage page = webhooks.deliveries(req.caller().principal(), id, status, paging.page,
                paging.perPage);
        List<Map<String, Object>> items = new ArrayList<>();
        page.items().forEach(d -> items.add(deliveryForm(new Webhooks.DeliveryLog(d, List.of()), false)));
        Map<String, String> keep = new LinkedHashMap<>();
        req.query("status").ifPresent(s -> keep.put("status", s));
        return paging.headers(Response.ok(items), page.total(), baseUrl.get() + "/webhooks/" + id + "/deliveries", keep);
    }

    private Response delivery(Request req) {
        return Response.ok(deliveryForm(webhooks.delivery(req.caller().principal(), req.pathId("id"),
                req.pathId("delivery_id"))));
    }

    private Response redeliver(Request req) {
        long id = req.pathId("id");
        long delivery = req.pathId("delivery_id");
        req.emptyJson();
        return Response.ok(deliveryForm(webhooks.redeliver(req.caller().principal(), id, delivery)));
    }

    /** {@code events}: an array of names (checked by the service), or absent. */
    private static List<String> events(Body b) {
        Object raw = b.raw("events");
        if (raw == null) {
            return null;
        }
        if (!(raw instanceof List<?> list) || list.size() > 50 || !list.stream().allMatch(e -> e instanceof String)) {
            b.reject("events", "events must be an array of event names, or [\"*\"].");
            return null;
        }
        return list.stream().map(String.class::cast).toList();
    }

    private Map<String, Object> form(Webhook w, boolean withSecret) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", Wire.id(w.id()));
        m.put("team_id", w.teamId() == null ? null : Wire.id(w.teamId()));
        m.put("url", w.url());
        m.put("events", w.events());
        m.put("active", w.active());
        if (withSecret) {
            m.put("secret", w.secret());
        }
        m.put("created_at", wire.time(w.createdAt()));
        m.put("updated_at", wire.time(w.updatedAt()));
        return m;
    }

    private Map<String, Object> deliveryForm(Webhooks.DeliveryLog log) {
        return deliveryForm(log, true);
    }

    private Map<String, Object> deliveryForm(Webhooks.DeliveryLog log, boolean withAttempts) {
        WebhookDelivery d = log.delivery();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", Wire.id(d.id()));
        m.put("event", d.event());
        m.put("status", d.status().wire());
        m.put("attempts", d.attempts());
        m.put("response_status", d.responseStatus());
        m.put("created_at", wire.time(d.createdAt()));
        m.put("last_attempt_at", wire.time(d.lastAttemptAt()));
        m.put("next_attempt_at", d.status() == WebhookDelivery.Status.PENDING ? wire.time(d.nextAttemptAt()) : null);
        if (withAttempts) {
            List<Map<String, Object>> attempts = new ArrayList<>();
            for (WebhookDelivery.Attempt a : log.attempts()) {
                Map<String, Object> at = new LinkedHashMap<>();
                at.put("at", wire.time(a.at()));
                at.put("response_status", a.responseStatus());
                at.put("duration_ms", a.durationMs());
                at.put("error", a.error());
                at.put("response_excerpt", a.responseExcerpt());
                attempts.add(at);
            }
            m.put("attempts_log", attempts);
        }
        return m;
    }
}
