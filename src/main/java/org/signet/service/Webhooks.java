package org.signet.service;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.signet.crypto.Tokens;
import org.signet.domain.Principal;
import org.signet.domain.TeamRole;
import org.signet.domain.Webhook;
import org.signet.domain.WebhookDelivery;
import org.signet.error.Refusal;
import org.signet.json.Json;
import org.signet.store.Database;
import org.signet.store.TeamStore;
import org.signet.store.WebhookStore;
import org.signet.webhook.WebhookDeliverer;
import org.signet.webhook.WebhookUrls;

/**
 * Webhook registration and its delivery log. Ownership as for documents: the owner or an
 * administrator; 404 before 403. The secret is made here and shown only by create and rotate.
 */
public final class Webhooks {
    private final Database db;
    private final WebhookStore store;
    private final WebhookUrls guard;
    private final WebhookDeliverer deliverer;
    private final Clock clock;
    private final Ownership ownership;

    /** What a client asks for; null leaves a value as it is on update. */
    public record Settings(String url, List<String> events, Boolean active) {}

    /** One page of a delivery log and its total. */
    public record DeliveryPage(List<WebhookDelivery> items, long total) {}

    /** A delivery with its attempts, oldest first. */
    public record DeliveryLog(WebhookDelivery delivery, List<WebhookDelivery.Attempt> attempts) {}

    public Webhooks(Database db, WebhookStore store, WebhookUrls guard, WebhookDeliverer deliverer, Clock clock,
            TeamStore teams) {
        this.db = db;
        this.ownership = new Ownership(teams);
        this.store = store;
        this.guard = guard;
        this.deliverer = deliverer;
        this.clock = clock;
    }

    public List<Webhook> list(Principal p) {
        return list(p, null);
    }

    /**
     * The webhooks of team {@code teamId} (for its admins and owners), or for null the caller's own and those
     * of the teams they administer (a team key's: its team's); everyone's for an administrator.
     */
    public List<Webhook> list(Principal p, Long teamId) {
        return db.read(() -> store.list(ownership.scope(p, teamId, TeamRole.ADMIN)));
    }

    public Webhook get(Principal p, long id) {
        return owned(p, id);
    }

    /** A new webhook; {@code url} and {@code events} are required (the caller has checked they are given). */
    public Webhook create(Principal p, Settings s) {
        return create(p, s, null);
    }

    /** As {@link #create(Principal, Settings)}, for team {@code teamId}, of which the caller is an admin or owner. */
    public Webhook create(Principal p, Settings s, Long teamId) {
        checkUrl(s.url());
        checkEvents(s.events());
        return db.inTransaction(() -> store.insert(p.userId(), ownership.teamForNew(p, teamId, TeamRole.ADMIN), s.url(),
                s.events(), s.active() == null || s.active(), newSecret(), now()));
    }

    public Webhook update(Principal p, long id, Settings s) {
        if (s.url() != null) {
            checkUrl(s.url());
        }
        if (s.events() != null) {
            checkEvents(s.events());
        }
        return db.inTransaction(() -> {
            Webhook w = owned(p, id);
            return store.update(id, s.url() != null ? s.url() : w.url(), s.events() != null ? s.events() : w.events(),
                    s.active() != null ? s.active() : w.active(), now());
        });
    }

    public Webhook rotateSecret(Principal p, long id) {
        return db.inTransaction(() -> {
            owned(p, id);
            return store.rotateSecret(id, newSecret(), now());
        });
    }

    /** Deletes the webhook; its undelivered events go with it. */
    public void delete(Principal p, long id) {
        db.inTransaction(() -> {
            owned(p, id);
            store.delete(id);
        });
    }

    public DeliveryPage deliveries(Principal p, long id, WebhookDelivery.Status status, int page, int perPage) {
        return db.read(() -> {
            owned(p, id);
            return new DeliveryPage(store.deliveries(id, status, page, perPage), store.countDeliveries(id, status));
        });
    }

    public DeliveryLog delivery(Principal p, long id, long deliveryId) {
        return db.read(() -> {
            owned(p, id);
            WebhookDelivery d = store.findDelivery(id, deliveryId).orElseThrow(() -> Refusal.notFound("Delivery"));
            return new DeliveryLog(d, store.attempts(d.id()));
        });
    }

    /** Sends a {@code ping} now and answers with its delivery as it stands after the attempt. */
    public DeliveryLog test(Principal p, long id) {
        WebhookDelivery ping = db.inTransaction(() -> {
            Webhook w = owned(p, id);
            return store.insertDelivery(w.id(), null, "ping", Json.write(Map.of("webhook_id", Long.toString(w.id()))),
                    now());
        });
        return attemptNow(p, id, ping);
    }

    /** Attempts a delivery again now, under the same delivery id, whatever its state. */
    public DeliveryLog redeliver(Principal p, long id, long deliveryId) {
        WebhookDelivery d = db.inTransaction(() -> {
            owned(p, id);
            WebhookDelivery found = store.findDelivery(id, deliveryId).orElseThrow(() -> Refusal.notFound("Delivery"));
            store.requeue(found.id(), now());
            return found;
        });
        return attemptNow(p, id, d);
    }

    private DeliveryLog attemptNow(Principal p, long id, WebhookDelivery d) {
        deliverer.attempt(d);
        return delivery(p, id, d.id());
    }

    private Webhook owned(Principal p, long id) {
        return ownership.require(p, store.find(id), TeamRole.ADMIN, "Webhook");
    }

    private void checkUrl(String url) {
        if (url.length() > 2000) {
            throw Refusal.invalid("invalid_webhook_url", "url must be at most 2000 characters.");
        }
        guard.refusal(url).ifPresent(why -> {
            throw Refusal.invalid("invalid_webhook_url", why);
        });
    }

    private static void checkEvents(List<String> events) {
        List<String> unknown = events.stream()
                .filter(e -> !e.equals(Webhook.ALL) && !Webhook.EVENTS.contains(e)).toList();
        if (events.isEmpty() || !unknown.isEmpty()) {
            throw Refusal.invalidParam("events", events.isEmpty() ? "events must name at least one event, or \"*\"."
                    : "events has unknown names: " + String.join(", ", unknown) + ".");
        }
    }

    private static String newSecret() {
        return "whsec_" + Tokens.base62(40);
    }

    private long now() {
        return clock.millis() / 1000;
    }
}
