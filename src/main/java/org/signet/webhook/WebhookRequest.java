package org.signet.webhook;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.signet.crypto.Tokens;
import org.signet.domain.WebhookDelivery;
import org.signet.json.Json;

/**
 * The exact bytes and headers of a delivery. The body is made from what was stored when the
 * event happened, so every attempt of one delivery sends the same bytes, signed the same way.
 */
public record WebhookRequest(byte[] body, String signature, String event, String deliveryId) {

    public static WebhookRequest of(WebhookDelivery d, String secret) {
        Map<String, Object> envelope = new LinkedHashMap<>();
        envelope.put("id", Long.toString(d.id()));
        envelope.put("event", d.event());
        envelope.put("timestamp", Instant.ofEpochSecond(d.createdAt()).toString());
        // The data as stored when the event happened, byte for byte: it is part of what the signature covers.
        envelope.put("data", Json.raw(d.dataJson()));
        byte[] body = Json.write(envelope).getBytes(StandardCharsets.UTF_8);
        return new WebhookRequest(body, "sha256=" + Tokens.hmacSha256Hex(secret, body), d.event(),
                Long.toString(d.id()));
    }
}
