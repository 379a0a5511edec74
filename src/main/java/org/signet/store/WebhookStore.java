package org.signet.store;

import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.signet.domain.Backlog;
import org.signet.domain.ListScope;
import org.signet.domain.Webhook;
import org.signet.domain.WebhookDelivery;
import org.signet.json.Json;
import org.signet.json.JsonSyntaxException;

/**
 * Webhooks, their deliveries (the durable mail outbox) and each delivery's attempts. A webhook's secret
 * is kept sealed ({@link SealedValues}), bound to its webhook's id; {@code webhooks.secret} stays empty.
 */
public final class WebhookStore {
    private static final String COLUMNS = "id, owner_id, url, events, active, secret_sealed, created_at, updated_at, team_id";
    private static final String DELIVERY_COLUMNS = "id, webhook_id, document_id, event, data, status, attempts, "
            + "response_status, created_at, last_attempt_at, next_attempt_at";

    /**
     * Due, unclaimed (or its lease over), first in line for its webhook and document, and its webhook
     * active (a paused one keeps its queue). An earlier delivery still pending holds up the later ones
     * whether or not it is claimed, so one document's events are delivered in order by any instance.
     */
    private static final String DUE_FROM = " FROM webhook_deliveries d "
            + "JOIN webhooks w ON w.id = d.webhook_id WHERE w.active = 1 AND d.status = 'pending' "
            + "AND d.next_attempt_at <= ? AND (d.claimed_until IS NULL OR d.claimed_until <= ?) "
            + "AND NOT EXISTS (SELECT 1 FROM webhook_deliveries e WHERE e.status = 'pending' "
            // IS NOT DISTINCT FROM: deliveries without a document queue together too (SQLite's IS, which PostgreSQL lacks)
            + "AND e.webhook_id = d.webhook_id AND e.document_id IS NOT DISTINCT FROM d.document_id "
            + "AND e.id < d.id) ";
    private static final String DUE = "SELECT d.id, d.webhook_id, d.document_id, d.event, d.data, d.status, d.attempts, "
            + "d.response_status, d.created_at, d.last_attempt_at, d.next_attempt_at" + DUE_FROM;
    /** The end of an outcome's UPDATE: the lease let go, for the delivery (id, holder) the lease holds. */
    private static final String RELEASED = "claimed_by = NULL, claimed_until = NULL WHERE id = ? AND claimed_by = ?";

    private final Database db;
    private final SealedValues sealed;

    public WebhookStore(Database db, SealedValues sealed) {
        this.db = db;
        this.sealed = sealed;
    }

    /** Adds a webhook; its secret is sealed once its id, to which it is bound, is known, in the same transaction. */
    public Webhook insert(long ownerId, Long teamId, String url, List<String> events, boolean active, String secret,
            long now) {
        return db.inTransaction(() -> {
            long id = db.queryOne("INSERT INTO webhooks(owner_id, url, events, active, secret, created_at, updated_at, "
                    + "team_id) VALUES (?,?,?,?,'',?,?,?) RETURNING id", r -> r.getLong("id"), ownerId, url,
                    Json.write(events), active, now, now, teamId).orElseThrow();
            return rotateSecret(id, secret, now);
        });
    }

    public Optional<Webhook> find(long id) {
        return db.queryOne("SELECT " + COLUMNS + " FROM webhooks WHERE id = ?", this::map, id);
    }

    /** The webhooks in {@code scope}, oldest first. */
    public List<Webhook> list(ListScope scope) {
        List<Object> params = new ArrayList<>();
        String where = Scopes.where(scope, params);
        return db.query("SELECT " + COLUMNS + " FROM webhooks WHERE 1=1" + where + " ORDER BY id", this::map,
                params.toArray());
    }

    /**
     * Active webhooks that hear about a document of {@code ownerId} in team {@code teamId} (or null): a
     * personal document's owner's personal webhooks, a team document's team's webhooks (whoever made them),
     * and every administrator's personal webhooks, of enabled users.
     */
    public List<Webhook> listening(long ownerId, Long teamId) {
        String personal = "w.team_id IS NULL AND u.disabled = 0 AND (u.is_admin = 1";
        String heard = teamId == null ? personal + " OR w.owner_id = ?)" : personal + ") OR w.team_id = ?";
        return db.query("SELECT w.id, w.owner_id, w.url, w.events, w.active, w.secret_sealed, w.created_at, "
                + "w.updated_at, w.team_id FROM webhooks w JOIN users u ON u.id = w.owner_id WHERE w.active = 1 "
                + "AND (" + heard + ") ORDER BY w.id", this::map, teamId == null ? ownerId : teamId);
    }

    public Webhook update(long id, String url, List<String> events, boolean active, long now) {
        return db.queryOne("UPDATE webhooks SET url = ?, events = ?, active = ?, updated_at = ? WHERE id = ? RETURNING "
                + COLUMNS, this::map, url, Json.write(events), active, now, id).orElseThrow();
    }

    public Webhook rotateSecret(long id, String secret, long now) {
        return db.queryOne("UPDATE webhooks SET secret = '', secret_sealed = ?, updated_at = ? WHERE id = ? RETURNING "
                + COLUMNS, this::map, sealed.sealText(secret, secretContext(id)), now, id).orElseThrow();
    }

    /**
     * Seals the secrets an earlier Signet kept in clear ({@code webhooks.secret}), in one transaction,
     * so that the webhooks keep signing with them; returns how many were sealed.
     */
    public int sealClearSecrets() {
        return db.inTransaction(() -> {
            List<Clear> clear = db.query("SELECT id, secret FROM webhooks WHERE secret_sealed IS NULL",
                    r -> new Clear(r.getLong("id"), r.string("secret")));
            for (Clear c : clear) {
                db.update("UPDATE webhooks SET secret = '', secret_sealed = ? WHERE id = ?",
                        sealed.sealText(c.secret(), secretContext(c.id())), c.id());
            }
            return clear.size();
        });
    }

    private record Clear(long id, String secret) {}

    private static String secretContext(long webhookId) {
        return "webhook-secret:" + webhookId;
    }

    /** Removes the webhook with its deliveries and their attempts. */
    public boolean delete(long id) {
        return db.update("DELETE FROM webhooks WHERE id = ?", id) == 1;
    }

    public WebhookDelivery insertDelivery(long webhookId, Long documentId, String event, String dataJson, long now) {
        return db.queryOne("INSERT INTO webhook_deliveries(webhook_id, document_id, event, data, created_at, "
                + "next_attempt_at) VALUES (?,?,?,?,?,?) RETURNING " + DELIVERY_COLUMNS, WebhookStore::mapDelivery,
                webhookId, documentId, event, dataJson, now, now).orElseThrow();
    }

    public Optional<WebhookDelivery> findDelivery(long webhookId, long deliveryId) {
        return db.queryOne("SELECT " + DELIVERY_COLUMNS + " FROM webhook_deliveries WHERE id = ? AND webhook_id = ?",
                WebhookStore::mapDelivery, deliveryId, webhookId);
    }

    /** One page of a webhook's deliveries, newest first, optionally of one status, and the total. */
    public List<WebhookDelivery> deliveries(long webhookId, WebhookDelivery.Status status, int page, int perPage) {
        List<Object> params = new ArrayList<>(List.of(webhookId));
        String where = " WHERE webhook_id = ?";
        if (status != null) {
            where += " AND status = ?";
            params.add(status.wire());
        }
        params.add(perPage);
        params.add((long) (page - 1) * perPage);
        return db.query("SELECT " + DELIVERY_COLUMNS + " FROM webhook_deliveries" + where
                + " ORDER BY id DESC LIMIT ? OFFSET ?", WebhookStore::mapDelivery, params.toArray());
    }

    public long countDeliveries(long webhookId, WebhookDelivery.Status status) {
        return status == null
                ? db.queryLong("SELECT count(*) FROM webhook_deliveries WHERE webhook_id = ?", webhookId)
                : db.queryLong("SELECT count(*) FROM webhook_deliveries WHERE webhook_id = ? AND status = ?", webhookId,
                        status.wire());
    }

    /**
     * Pending deliveries due by {@code now} that are first in line (no earlier delivery of the same
     * webhook for the same document is still pending, so one document's events arrive in order) and
     * that no lease holds.
     */
    public List<WebhookDelivery> due(long now, int limit) {
        return db.query(DUE + "ORDER BY d.id LIMIT ?", WebhookStore::mapDelivery, now, now, limit);
    }

    /** As {@link #due}, for one webhook. */
    public List<WebhookDelivery> dueFor(long webhookId, long now, int limit) {
        return db.query(DUE + "AND d.webhook_id = ? ORDER BY d.id LIMIT ?", WebhookStore::mapDelivery, now, now,
                webhookId, limit);
    }

    /**
     * Claims up to {@code limit} of one webhook's deliveries that {@link #dueFor} would name, oldest
     * first, for {@code lease}: one statement, so instances claiming at once take different deliveries.
     */
    public List<WebhookDelivery> claimDueFor(long webhookId, long now, int limit, Lease lease) {
        List<WebhookDelivery> claimed = new ArrayList<>(db.query("UPDATE webhook_deliveries SET claimed_by = ?, "
                + "claimed_until = ? WHERE id IN (SELECT d.id" + DUE_FROM + "AND d.webhook_id = ? ORDER BY d.id LIMIT ?"
                + db.dialect().skipLocked("d") + ") RETURNING " + DELIVERY_COLUMNS, WebhookStore::mapDelivery,
                lease.holder(), lease.until(), now, now, webhookId, limit));
        claimed.sort(Comparator.comparingLong(WebhookDelivery::id)); // RETURNING promises no order
        return claimed;
    }

    /** Claims one pending delivery, due or not, for {@code lease}; empty when it is not pending or another lease holds it. */
    public Optional<WebhookDelivery> claim(long deliveryId, long now, Lease lease) {
        return db.queryOne("UPDATE webhook_deliveries SET claimed_by = ?, claimed_until = ? WHERE id = ? "
                + "AND status = 'pending' AND (claimed_until IS NULL OR claimed_until <= ?) RETURNING "
                + DELIVERY_COLUMNS, WebhookStore::mapDelivery, lease.holder(), lease.until(), deliveryId, now);
    }

    /** A new claim of this instance's ({@link Database#instance()}) from {@code now} for {@code length}. */
    public Lease newLease(long now, Duration length) {
        return Lease.from(db.instance(), now, length);
    }

    /** Lets go of what a stopped run of this instance still held, at its start (see {@link Lease#releaseStoppedRun}). */
    public int releaseStoppedRun() {
        return Lease.releaseStoppedRun(db, "webhook_deliveries");
    }

    /** Lets go of the deliveries {@code lease} still holds, untried, so any run may take them at once. */
    public void release(Lease lease) {
        db.update("UPDATE webhook_deliveries SET claimed_by = NULL, claimed_until = NULL WHERE claimed_by = ?",
                lease.holder());
    }

    /**
     * The deliveries still to be made to active webhooks, and when the oldest was queued (a paused
     * webhook keeps its queue, but nothing is being tried for it).
     */
    public Backlog backlog() {
        return db.queryOne("SELECT count(*) AS depth, min(d.created_at) AS oldest FROM webhook_deliveries d "
                + "JOIN webhooks w ON w.id = d.webhook_id WHERE d.status = 'pending' AND w.active = 1",
                r -> new Backlog(r.getLong("depth"), r.nullableLong("oldest"))).orElseThrow();
    }

    /**
     * Records an attempt and the delivery's new state, in the caller's transaction, and lets go of the
     * lease: only by the holder of the delivery's lease; false, recording nothing, when the lease is no
     * longer held (it ran out and another run took the delivery).
     */
    public boolean recordAttempt(long deliveryId, Lease lease, WebhookDelivery.Attempt a, WebhookDelivery.Status status,
            long nextAttemptAt) {
        int held = db.update("UPDATE webhook_deliveries SET status = ?, attempts = attempts + 1, response_status = ?, "
                + "last_attempt_at = ?, next_attempt_at = ?, " + RELEASED, status.wire(), a.responseStatus(), a.at(),
                nextAttemptAt, deliveryId, lease.holder());
        if (held == 1) {
            db.update("INSERT INTO webhook_attempts(delivery_id, at, response_status, duration_ms, error, "
                    + "response_excerpt) VALUES (?,?,?,?,?,?)", deliveryId, a.at(), a.responseStatus(), a.durationMs(),
                    a.error(), a.responseExcerpt());
        }
        return held == 1;
    }

    /** Puts a delivery back in line for an attempt now, keeping its id, attempts and log. */
    public void requeue(long deliveryId, long now) {
        db.update("UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = ? WHERE id = ?", now, deliveryId);
    }

    public List<WebhookDelivery.Attempt> attempts(long deliveryId) {
        return db.query("SELECT at, response_status, duration_ms, error, response_excerpt FROM webhook_attempts "
                + "WHERE delivery_id = ? ORDER BY id", r -> new WebhookDelivery.Attempt(r.getLong("at"),
                r.nullableInt("response_status"), r.getLong("duration_ms"), r.string("error"),
                r.string("response_excerpt")), deliveryId);
    }

    private Webhook map(Row r) throws SQLException {
        long id = r.getLong("id");
        return new Webhook(id, r.getLong("owner_id"), r.string("url"), events(r.string("events")), r.bool("active"),
                sealed.openText(r.bytes("secret_sealed"), secretContext(id)), r.getLong("created_at"),
                r.getLong("updated_at"), r.nullableLong("team_id"));
    }

    private static List<String> events(String json) {
        try {
            List<String> events = new ArrayList<>();
            for (Object o : (List<?>) Json.parse(json)) {
                events.add((String) o);
            }
            return events;
        } catch (JsonSyntaxException | ClassCastException e) {
            throw new IllegalStateException("webhooks.events is not a JSON array of names", e);
        }
    }

    private static WebhookDelivery mapDelivery(Row r) throws SQLException {
        return new WebhookDelivery(r.getLong("id"), r.getLong("webhook_id"), r.nullableLong("document_id"),
                r.string("event"), r.string("data"), WebhookDelivery.Status.fromWire(r.string("status")).orElseThrow(),
                r.getInt("attempts"), r.nullableInt("response_status"), r.getLong("created_at"),
                r.nullableLong("last_attempt_at"), r.getLong("next_attempt_at"));
    }
}
