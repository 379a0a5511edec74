package org.signet.service;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.signet.domain.Document;
import org.signet.domain.Signer;
import org.signet.domain.Webhook;
import org.signet.json.Json;
import org.signet.store.Database;
import org.signet.store.WebhookStore;
import org.signet.text.Wire;

/**
 * The webhook events (see docs/api/webhooks.md, Events), recorded by the code that makes each change, inside its transaction: one
 * delivery row per listening webhook (a personal document's owner's, a team document's team's, and every
 * administrator's; see {@link WebhookStore#listening}), so a rolled-back change
 * emits nothing and a committed one is never lost. The deliverer is woken once the change commits.
 */
public final class WebhookEvents {
    private final Database db;
    private final WebhookStore webhooks;
    private final Clock clock;
    private final Runnable wakeDeliverer;

    public WebhookEvents(Database db, WebhookStore webhooks, Clock clock, Runnable wakeDeliverer) {
        this.db = db;
        this.webhooks = webhooks;
        this.clock = clock;
        this.wakeDeliverer = wakeDeliverer;
    }

    /**
     * A document event: {@code document_id}, {@code document_title}, {@code status}, the client's
     * {@code external_id} and {@code metadata}, and {@code extra}.
     */
    public void document(Document d, String event, Map<String, Object> extra) {
        Map<String, Object> data = documentData(d);
        data.putAll(extra);
        emit(d, event, data);
    }

    public void document(Document d, String event) {
        document(d, event, Map.of());
    }

    /** A signer event: the document's as above, and the signer's id, name, email and status. */
    public void signer(Document d, Signer s, String event) {
        signer(d, s, event, Map.of());
    }

    /** A signer event with what the event adds ({@code extra}). */
    public void signer(Document d, Signer s, String event, Map<String, Object> extra) {
        Map<String, Object> data = documentData(d);
        data.put("signer_id", Wire.id(s.id()));
        data.put("signer_name", s.name());
        data.put("signer_email", s.email());
        data.put("status", s.status().wire());
        data.putAll(extra);
        emit(d, event, data);
    }

    private static Map<String, Object> documentData(Document d) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("document_id", Wire.id(d.id()));
        data.put("document_title", d.title());
        data.put("status", d.status().wire());
        data.put("external_id", d.ref().externalId());
        data.put("metadata", d.ref().metadata());
        data.put("team_id", d.teamId() == null ? null : Wire.id(d.teamId()));
        return data;
    }

    /**
     * {@code document.purged}: the document's record only, since its title, handle and people are gone with it.
     */
    public void purged(long ownerId, long documentId, Map<String, Object> data) {
        emit(ownerId, documentId, "document.purged", data);
    }

    /**
     * An event about no one document, such as a finished bulk send, for the webhooks that hear
     * {@code ownerId}'s events; its deliveries carry no document id.
     */
    public void owner(long ownerId, String event, Map<String, Object> data) {
        emit(ownerId, null, null, event, data);
    }

    /** As {@link #owner}, for something of team {@code teamId} (or null: the owner's own), which the team's webhooks hear. */
    public void owner(long ownerId, Long teamId, String event, Map<String, Object> data) {
        emit(ownerId, teamId, null, event, data);
    }

    private void emit(Document d, String event, Map<String, Object> data) {
        emit(d.ownerId(), d.teamId(), d.id(), event, data);
    }

    private void emit(long ownerId, Long documentId, String event, Map<String, Object> data) {
        emit(ownerId, null, documentId, event, data);
    }

    private void emit(long ownerId, Long teamId, Long documentId, String event, Map<String, Object> data) {
        String json = Json.write(data);
        long now = clock.millis() / 1000;
        boolean queued = false;
        List<Webhook> listening = db.readOnce("webhooks_listening:" + ownerId + ":" + teamId,
                () -> webhooks.listening(ownerId, teamId));
        for (Webhook w : listening) {
            if (w.wants(event)) {
                webhooks.insertDelivery(w.id(), documentId, event, json, now);
                queued = true;
            }
        }
        if (queued) {
            db.afterCommit(wakeDeliverer);
        }
    }
}
