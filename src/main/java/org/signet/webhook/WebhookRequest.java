package org.signet.webhook;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.signet.crypto.Tokens;
import org.signet.domain.WebhookDelivery;
import org.signet.json.Json;

/**
 * The exact bytes and headers of a delivery. The body is made from what was stored when the
 * event happened, so every attempt of one delivery sends the same bytes, signed the same way.
 */
public record WebhookRequest(byte[] body, String signature, String event, String deliveryId) {

    public static WebhookRequest of(WebhookDelivery d, String secret) {
        String json = "{\"id\":" + Json.write(Long.toString(d.id())) + ",\"event\":" + Json.write(d.event())
                + ",\"timestamp\":" + Json.write(Instant.ofEpochSecond(d.createdAt()).toString())
                + ",\"data\":" + d.dataJson() + "}";
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        return new WebhookRequest(body, "sha256=" + Tokens.hmacSha256Hex(secret, body), d.event(),
                Long.toString(d.id()));
    }
}
